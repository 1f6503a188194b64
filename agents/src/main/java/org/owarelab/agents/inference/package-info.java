/**
 * The batch-first evaluator interface that tree searches query for priors and values, with the
 * implementations that need no network (uniform) and the position-hash cache that wraps any
 * evaluator, and {@link org.owarelab.agents.inference.EvaluatorSource}, through which a {@code puct}
 * factory is handed its models. The neural implementations live in the {@code model} module,
 * so no tensor ever reaches this module.
 */
package org.owarelab.agents.inference;
