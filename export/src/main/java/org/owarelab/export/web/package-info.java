/**
 * The static web player of {@code oware export --web}: a site that plays the exported network
 * in any browser with no server behind it ({@link org.owarelab.export.web.WebSite}). The rules,
 * encoders and PUCT search run there in JavaScript (the site's sources, resources of this
 * package), the network through onnxruntime-web; the export module's conformance test holds the
 * JavaScript to the Java engine.
 */
package org.owarelab.export.web;
