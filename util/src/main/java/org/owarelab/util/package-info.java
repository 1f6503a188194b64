/**
 * Small JDK-only utilities shared by every module: atomic file writes, seed mixing, the one
 * parser of the {@code key=value} spec language ({@link org.owarelab.util.KeyValueSpec}) and
 * escaping of untrusted text for one-line messages ({@link org.owarelab.util.Texts}), and the
 * checks of a command's output paths before any work ({@link org.owarelab.util.OutputPaths}).
 */
package org.owarelab.util;
