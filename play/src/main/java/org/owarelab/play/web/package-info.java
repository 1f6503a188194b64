/**
 * What the web player's JavaScript ({@code resources/org/owarelab/play/web}) takes from the Java
 * side: its search settings ({@link org.owarelab.play.web.WebSearchSettings}), written into the
 * cards and golden files it reads.
 */
package org.owarelab.play.web;
