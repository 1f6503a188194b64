/**
 * The batch-first evaluator interface that tree searches query for priors and values, with the
 * implementations that need no network (uniform) and the position-hash cache that wraps any
 * evaluator. The neural implementation lives in the {@code training} module, so no tensor ever
 * reaches this module.
 */
package org.owarelab.agents.eval;
