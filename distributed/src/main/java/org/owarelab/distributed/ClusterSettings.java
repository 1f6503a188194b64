package org.owarelab.distributed;

import java.util.List;

/**
 * How the trainer's cluster member listens: the address it binds (loopback unless told
 * otherwise), its port, the other members it may join (the TCP/IP member list: with multicast off
 * it is also the only way another member gets in), and how many versions old a pushed game may be.
 *
 * @param bind the address to bind, e.g. {@code 127.0.0.1} (the default) or a private-network IP
 * @param port the port; taken exactly (no auto-increment: workers must find it again after a restart)
 * @param members other members as {@code host:port} (usually none: workers are clients)
 * @param maxStaleness games played with a network up to this many versions older than the
 *     current one are accepted (1: the games workers play while the learner trains)
 * @param recordQueue the most finished games the cluster holds for the trainer; workers wait
 *     beyond it (back-pressure instead of memory growth)
 */
public record ClusterSettings(String bind, int port, List<String> members, int maxStaleness, int recordQueue) {
    public static final String DEFAULT_BIND = "127.0.0.1";
    public static final int DEFAULT_PORT = 5701;

    public ClusterSettings {
        if (bind == null || bind.isBlank()) {
            throw new IllegalArgumentException("--bind: expected an IP address of this machine, e.g. 127.0.0.1");
        }
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("--port " + port + ": expected 1..65535");
        }
        members = List.copyOf(members);
        for (String m : members) {
            HostPort.parse(m, "--members");
        }
        if (maxStaleness < 0 || maxStaleness > 1000) {
            throw new IllegalArgumentException("--max-staleness " + maxStaleness + ": expected 0..1000");
        }
        if (recordQueue < 1) {
            throw new IllegalArgumentException("record queue " + recordQueue + ": expected >= 1");
        }
    }

    /** Loopback, the default port, no other members, staleness 1, 2,048 queued games (about 160 MB of quick.yaml games). */
    public static ClusterSettings defaults() {
        return new ClusterSettings(DEFAULT_BIND, DEFAULT_PORT, List.of(), 1, 2_048);
    }

    public ClusterSettings withPort(int p) {
        return new ClusterSettings(bind, p, members, maxStaleness, recordQueue);
    }

    /** A {@code host:port} address. */
    public record HostPort(String host, int port) {
        /** Parses {@code host:port}; {@code option} names the input in the error. */
        public static HostPort parse(String text, String option) {
            int colon = text.lastIndexOf(':');
            if (colon <= 0 || colon == text.length() - 1) {
                throw new IllegalArgumentException(option + " '" + text + "': expected host:port, e.g. 10.0.0.5:5701");
            }
            int port;
            try {
                port = Integer.parseInt(text.substring(colon + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + " '" + text + "': the port is not a number (expected host:port)");
            }
            if (port < 1 || port > 65_535) {
                throw new IllegalArgumentException(option + " '" + text + "': port " + port + " out of 1..65535");
            }
            return new HostPort(text.substring(0, colon), port);
        }

        @Override
        public String toString() {
            return host + ":" + port;
        }
    }
}
