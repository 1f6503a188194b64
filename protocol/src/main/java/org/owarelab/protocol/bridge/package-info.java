/**
 * Flat-buffer views of the environments for callers in another language (Python through JPype):
 * each call takes primitives or a primitive array and answers one {@code float[]}, so a step, or a
 * batch of {@code N} steps, crosses the language boundary once. The layouts are fixed by the
 * constants of {@link org.owarelab.protocol.bridge.FlatEnv}; {@code python/oware_lab} reads them.
 * Nothing here decides a rule: it only copies what {@link org.owarelab.env.OwareEnv} and
 * {@link org.owarelab.env.VectorEnv} answer.
 */
package org.owarelab.protocol.bridge;
