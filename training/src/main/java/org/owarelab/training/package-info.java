/**
 * The training process's entry point ({@link org.owarelab.training.TrainMain}): one run started or
 * resumed in a JVM of its own, as another process (an ablation's parallel runs) starts it. The
 * training itself lives in the sub-packages: {@code selfplay}, {@code replay}, {@code nn},
 * {@code loop}, {@code config}, {@code run}.
 */
package org.owarelab.training;
