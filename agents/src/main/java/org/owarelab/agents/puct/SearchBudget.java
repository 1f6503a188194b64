package org.owarelab.agents.puct;

/**
 * The budget and statistics of a {@link Tree}'s current search, shared by its {@link Walker}s
 * (one per search thread). With several threads every field is read and written only under the
 * search's lock ({@link ThreadedSearch}); on one thread there is no lock.
 */
final class SearchBudget {
    /** Simulations the search may still run (leaves in flight included until they are backed up). */
    int simsLeft;
    /** Simulations run by the search. */
    int simsDone;
    /** Leaves collected by some walker and not yet backed up, over all walkers. */
    int inFlight;
    /** Whether the node budget was spent. */
    boolean full;
    int maxDepth;
    long depthSum;
    /** Collisions held over the tree's life (tests and reports). */
    long collisions;
    /** Leaves the endgame table decided over the tree's life (tests and reports). */
    long tableHits;
}
