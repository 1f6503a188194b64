package org.owarelab.export.web;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A plain static file server for tests, on the JDK's HTTP server at 127.0.0.1 (Java 17 has no
 * {@code SimpleFileServer}): GET of the files under one directory with their content types, 404
 * for anything else; no game server, no API. Records every path requested. A test can make a
 * file missing (404) or serve other bytes in its place ({@link #damage}), to see how the page
 * fails, and {@link #repair} it.
 */
final class StaticFiles implements AutoCloseable {
    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8", "js", "text/javascript",
            "mjs", "text/javascript", "css", "text/css", "json", "application/json", "wasm", "application/wasm",
            "onnx", "application/octet-stream", "txt", "text/plain");
    private final Path root;
    private final HttpServer http;
    final List<String> requested = new CopyOnWriteArrayList<>();
    /** Paths served with other bytes, or as missing (an empty array: 404), until repaired. */
    private final Map<String, byte[]> damaged = new java.util.concurrent.ConcurrentHashMap<>();

    StaticFiles(Path root) throws IOException {
        this.root = root.toAbsolutePath().normalize();
        this.http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        http.createContext("/", this::serve);
        http.start();
    }

    String url() {
        return "http://127.0.0.1:" + http.getAddress().getPort() + "/";
    }

    private void serve(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getPath();
            requested.add(path);
            Path file = root.resolve(path.equals("/") ? "index.html" : path.substring(1)).normalize();
            String name = file.getFileName() == null ? "" : file.getFileName().toString();
            String type = TYPES.get(name.substring(name.lastIndexOf('.') + 1));
            byte[] instead = damaged.get(path);
            if (!ex.getRequestMethod().equals("GET") || !file.startsWith(root) || !Files.isRegularFile(file) || type == null
                    || instead != null && instead.length == 0) {
                ex.sendResponseHeaders(404, -1);
                return;
            }
            ex.getResponseHeaders().set("Content-Type", type);
            // no caching: a page loaded again after a repair must fetch the repaired file
            ex.getResponseHeaders().set("Cache-Control", "no-store");
            if (instead != null) {
                ex.sendResponseHeaders(200, instead.length);
                try (OutputStream out = ex.getResponseBody()) {
                    out.write(instead);
                }
                return;
            }
            ex.sendResponseHeaders(200, Files.size(file));
            try (OutputStream out = ex.getResponseBody()) {
                Files.copy(file, out);
            }
        }
    }

    /** Serves {@code path} (e.g. {@code /model.onnx}) as missing ({@code bytes} empty) or with {@code bytes}. */
    void damage(String path, byte[] bytes) {
        damaged.put(path, bytes.clone());
    }

    /** Serves every file as it is again. */
    void repair() {
        damaged.clear();
    }

    @Override
    public void close() {
        http.stop(0);
    }
}
