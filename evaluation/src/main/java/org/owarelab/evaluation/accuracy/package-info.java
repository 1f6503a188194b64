/**
 * Accuracy against perfect play: {@link org.owarelab.evaluation.accuracy.Accuracy} samples
 * positions an endgame table judges exactly and scores an agent's moves there, by seed count on
 * the board ({@code oware accuracy}; the chart is {@code evaluation.report.Charts#accuracy}).
 */
package org.owarelab.evaluation.accuracy;
