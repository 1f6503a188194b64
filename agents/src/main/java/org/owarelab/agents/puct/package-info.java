/**
 * PUCT Monte-Carlo tree search on flat-array trees, batched across games.
 *
 * <p>{@link org.owarelab.agents.puct.Tree} is one game's search (node budget, tree reuse,
 * exact terminal and repetition handling, Dirichlet noise, first-play urgency, forced playouts
 * with policy-target pruning, Gumbel root selection with sequential halving);
 * {@link org.owarelab.agents.puct.LockstepSearch} advances many trees with one batched
 * {@link org.owarelab.agents.inference.Evaluator} call per step; {@link org.owarelab.agents.puct.PuctAgent}
 * is the single-game agent ({@code puct:sims=N,model=PATH}).
 *
 * <p>Values are from the side to move at each node, in [-1, 1], negated on the way up; policies
 * are over the mover's relative moves. A tree is not thread-safe: one tree per game, one
 * lock-step search and evaluator per thread, except that {@link org.owarelab.agents.puct.ThreadedSearch}
 * runs one tree's search on several threads, each with a walker and an evaluator of its own,
 * under one lock ({@code threads=N}). Randomness comes only from the generator each tree is given.
 */
package org.owarelab.agents.puct;
