package org.owarelab.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A private network of Linux network namespaces for a test, so that processes run as on separate
 * hosts: each host is a namespace with one veth interface {@code e0} at 10.231.0.N/24, whose peer
 * sits on a bridge in a "switch" namespace of its own. Nothing is added to the namespace the test
 * runs in (no interface, address or route there), so no traffic reaches the real network.
 *
 * <p>Names are {@code owxh-PID-RANDOM-HOST}: unique per run, and {@link #sweepStale} deletes those
 * left by a process that no longer exists (a test JVM killed before its cleanup) without touching
 * another test's that is still running. {@link #close} deletes everything this instance made;
 * processes still inside a deleted namespace keep it alive until they end, so kill them first.
 *
 * <p>Needs root and iproute2's {@code ip netns}; {@link #unavailable} says in one line why not.
 * Not thread-safe: one test thread drives it.
 */
final class NetworkNamespaces implements AutoCloseable {
    static final String PREFIX = "owxh-";
    private static final Pattern OURS = Pattern.compile(Pattern.quote(PREFIX) + "(\\d+)-[0-9a-f]+-.+");
    private static final String SUBNET = "10.231.0.";
    private static final long IP_SECONDS = 15;

    private final String tag;
    /** Host name -> its namespace, in creation order. */
    private final Map<String, String> hosts = new LinkedHashMap<>();
    private final Map<String, String> addresses = new LinkedHashMap<>();
    private boolean switchMade;

    private NetworkNamespaces(String tag) {
        this.tag = tag;
    }

    /**
     * Null when namespaces can be made here, else one line saying why not (not root, no
     * {@code ip}, or the kernel refused), for a JUnit assumption.
     */
    static String unavailable() {
        String probe = PREFIX + ProcessHandle.current().pid() + "-" + random() + "-probe";
        try {
            ip("netns", "add", probe);
            ip("netns", "del", probe);
            return null;
        } catch (IOException | RuntimeException e) {
            return "needs root and 'ip netns' (iproute2) to make network namespaces: " + e.getMessage();
        }
    }

    /** Deletes the namespaces of this prefix whose creating process has ended. */
    static void sweepStale() throws IOException {
        for (String line : ip("netns", "list").split("\\R")) {
            String name = line.strip().split("\\s+")[0];
            Matcher m = OURS.matcher(name);
            if (m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty()) {
                delete(name);
            }
        }
    }

    /** Makes the switch and one host per name, with addresses 10.231.0.1, .2, ... in that order. */
    static NetworkNamespaces create(String... hostNames) throws IOException {
        NetworkNamespaces n = new NetworkNamespaces(PREFIX + ProcessHandle.current().pid() + "-" + random());
        try {
            String sw = n.tag + "-sw";
            ip("netns", "add", sw);
            n.switchMade = true;
            ip("-n", sw, "link", "add", "br0", "type", "bridge");
            ip("-n", sw, "link", "set", "br0", "up");
            for (int i = 0; i < hostNames.length; i++) {
                String ns = n.tag + "-" + hostNames[i];
                String port = "p" + i;
                ip("netns", "add", ns);
                n.hosts.put(hostNames[i], ns);
                // Both ends are made inside namespaces: the veth never exists in the test's own.
                ip("-n", sw, "link", "add", port, "type", "veth", "peer", "name", "e0", "netns", ns);
                ip("-n", sw, "link", "set", port, "master", "br0");
                ip("-n", sw, "link", "set", port, "up");
                String address = SUBNET + (i + 1);
                ip("-n", ns, "addr", "add", address + "/24", "dev", "e0");
                ip("-n", ns, "link", "set", "lo", "up");
                ip("-n", ns, "link", "set", "e0", "up");
                n.addresses.put(hostNames[i], address);
            }
            return n;
        } catch (IOException | RuntimeException e) {
            n.close();
            throw e;
        }
    }

    String namespace(String host) {
        return require(hosts, host);
    }

    String address(String host) {
        return require(addresses, host);
    }

    /** Cuts {@code host} off: its interface goes down, so nothing leaves or reaches it (a silent partition). */
    void cut(String host) throws IOException {
        ip("-n", namespace(host), "link", "set", "e0", "down");
    }

    /** Undoes {@link #cut}: the interface and its route come back. */
    void heal(String host) throws IOException {
        ip("-n", namespace(host), "link", "set", "e0", "up");
    }

    /** The command prefix that runs a program inside {@code host}'s namespace. */
    List<String> exec(String host) {
        return List.of("ip", "netns", "exec", namespace(host));
    }

    /** Deletes every namespace this instance made (their interfaces go with them). */
    @Override
    public void close() {
        List<String> all = new ArrayList<>(hosts.values());
        if (switchMade) {
            all.add(tag + "-sw");
        }
        for (String ns : all) {
            delete(ns);
        }
        hosts.clear();
        switchMade = false;
    }

    private static void delete(String ns) {
        try {
            ip("netns", "del", ns);
        } catch (IOException | RuntimeException e) {
            // already gone; or the test reports its own failure, which matters more than this one
        }
    }

    private static String require(Map<String, String> m, String host) {
        String v = m.get(host);
        if (v == null) {
            throw new IllegalArgumentException("no host '" + host + "' in " + m.keySet());
        }
        return v;
    }

    private static String random() {
        byte[] b = new byte[3];
        new SecureRandom().nextBytes(b); // a name, not a seed
        return java.util.HexFormat.of().formatHex(b);
    }

    /** Runs {@code ip ARGS} with a bounded wait; its output, or an exception with its message. */
    private static String ip(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("ip"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(IP_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", cmd) + ": no answer within " + IP_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException(String.join(" ", cmd) + ": interrupted", e);
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            // one line, for the assumption's message
            throw new IOException(String.join(" ", cmd) + ": exit " + p.exitValue() + ": "
                    + out.strip().replaceAll("\\s*\\R\\s*", "; "));
        }
        return out;
    }
}
