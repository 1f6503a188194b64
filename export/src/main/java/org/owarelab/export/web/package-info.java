/**
 * The static web player of {@code oware export --web}: a site that plays the exported network
 * in any browser with no server behind it ({@link org.owarelab.export.web.WebSite}). The rules,
 * encoders and PUCT search run there in JavaScript (the play module's resources, which the site
 * copies), the network through onnxruntime-web; the play module's and this module's conformance
 * tests hold the JavaScript to the Java engine.
 */
package org.owarelab.export.web;
