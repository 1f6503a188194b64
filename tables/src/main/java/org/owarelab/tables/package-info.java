/**
 * Endgame tables: for every position with few seeds on the board, the mover's share of them
 * under perfect play, as bounds, and the distance to the next capture or game end that keeps the
 * lower bound ({@link org.owarelab.tables.EndgameTable}, the lookups and the table's move; its file
 * format and where agents find one, {@code TableFile}). Built by retrograde analysis
 * ({@code TableBuilder}, {@code Distances}), checked for Bellman consistency ({@code Bellman}) and against a
 * brute-force search on random positions ({@code BruteForce}, {@code CrossCheck}); {@link org.owarelab.tables.Layout} numbers the seed
 * layouts; {@link org.owarelab.tables.TableDigests} holds the SHA-256 of the files this version builds, so
 * that a table built anywhere can be verified. Depends on the rules ({@code env}) only; agents read the
 * tables, nothing here plays.
 */
package org.owarelab.tables;
