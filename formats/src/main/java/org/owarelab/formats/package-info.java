/**
 * The lab's JSON and YAML mappers ({@link org.owarelab.formats.Mappers}), one home for how every
 * config, ablation file, checkpoint {@code meta.json} and run file is read: duplicate keys are an
 * error ({@code STRICT_DUPLICATE_DETECTION}), never "the last one wins". A reading error is told
 * in the user's words by {@link org.owarelab.formats.ReadProblem}: the line, the key path and what
 * was expected, never a Java type or a parser token. Depends on Jackson only: the lowest floor.
 */
package org.owarelab.formats;
