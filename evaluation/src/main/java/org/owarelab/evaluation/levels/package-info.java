/**
 * Levels of play calibrated in Elo: a player's levels read from a calibration tournament's ratings,
 * and their check against a second, independent tournament
 * ({@link org.owarelab.evaluation.levels.LevelsCalibration}; {@code oware levels}, docs/levels.md).
 */
package org.owarelab.evaluation.levels;
