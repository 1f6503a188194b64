/**
 * {@code oware serve} and an exported bundle's {@code DIR/serve}: a local web page to play an
 * agent. {@link org.owarelab.play.serve.PlayServer} is a small JSON API over the lab's own rules
 * and agents on the JDK's HTTP server; the page is the one the web player uses too (resources
 * {@code org/owarelab/play/page/}), over this package's {@code port.js}, which asks the API: it
 * only draws what the API returns and never sows a seed itself. One {@link org.owarelab.play.serve.GameSession} (one agent) per game.
 */
package org.owarelab.play.serve;
