/**
 * The {@code oware} command line: one picocli subcommand per class. Only this package turns
 * exceptions into exit codes and one-line messages: 2 for bad input (usage, positions, moves,
 * rule sets, specs, configs), 1 for failures at run time.
 */
package org.owarelab.cli;
