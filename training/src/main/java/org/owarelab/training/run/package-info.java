/**
 * The run directory: where a training run keeps its effective config, seed, versions and git
 * commit, checkpoints, self-play records and metrics, each file in a versioned format, so any
 * stage can be stopped and resumed alone.
 */
package org.owarelab.training.run;
