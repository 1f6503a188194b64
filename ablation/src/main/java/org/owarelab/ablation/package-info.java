/**
 * Ablation studies ({@code oware ablate}): an ablation file ({@link AblationFile}) expands to
 * resolved training configs ({@link AblationPlan}), which {@link AblationRunner} trains as ordinary
 * run directories and rates in one common tournament pool; {@link AblationResults} writes the
 * tables, the report and the plots. Everything is resumable: finished runs and saved games are kept.
 */
package org.owarelab.ablation;
