package org.owarelab.play;

import java.util.List;

/**
 * Where the play page's files are, resources of this module: the one page that {@code oware serve}
 * and the static web player share (markup, stylesheet, board view, game flow), and the two game
 * ports under it, one over the play server's HTTP API ({@link #SERVE_PORT}) and one over the
 * in-browser rules and search ({@link #WEB}, which the web export copies into its site).
 */
public final class Pages {
    /** The shared page's directory. */
    public static final String PAGE = "/org/owarelab/play/page/";
    /** The shared page's files, in {@link #PAGE}. */
    public static final List<String> PAGE_FILES = List.of("index.html", "style.css", "app.js", "view.js");
    /** The served page's game port: it asks the play server and never sows a seed itself. */
    public static final String SERVE_PORT = "/org/owarelab/play/serve/port.js";
    /** The static web player's directory: its game port, the agent's worker, rules, encoders, search, network. */
    public static final String WEB = "/org/owarelab/play/web/";
    /** The static web player's own files, in {@link #WEB}. */
    public static final List<String> WEB_FILES = List.of("port.js", "worker.js", "rules.js", "encoder.js", "search.js",
            "network.js");

    private Pages() {
    }
}
