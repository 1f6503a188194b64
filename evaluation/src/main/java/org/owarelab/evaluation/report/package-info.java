/**
 * Reports from saved results, without replaying anything: {@code ratings.csv}, {@code report.md}
 * and PNG plots (XChart, headless) in a tournament directory. Entry point: {@link
 * org.owarelab.evaluation.report.Report#render(java.nio.file.Path)}.
 */
package org.owarelab.evaluation.report;
