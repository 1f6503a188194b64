package org.owarelab.distributed;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.client.config.ClientConnectionStrategyConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;

/**
 * The one place that configures Hazelcast for the lab: cluster name from the run id, multicast
 * and auto-detection off (members only by the TCP/IP list), phone-home off, the bind address
 * and exact port, logging through SLF4J (the CLI shows Hazelcast's errors only), and the
 * distributed objects' names and sizes. Clients reconnect by themselves, without end.
 */
final class Hazelcasts {
    static final String NETWORK_MAP = "oware.network";
    static final String NETWORK_KEY = "current";
    static final String TICKETS = "oware.tickets";
    static final String RECORDS = "oware.records";
    /** A cluster tournament's games to play, as {@link TournamentTask} text. */
    static final String GAMES = "oware.games";
    /** Finished tournament games, as {@link TournamentTask#result} text. */
    static final String RESULTS = "oware.results";
    /** Tournament games a worker holds: game number -> the worker's client id. */
    static final String INFLIGHT = "oware.inflight";
    /** A worker's client label {@code threads=N}: the trainer queues blocks for that many threads. */
    static final String THREADS_LABEL = "threads=";

    static {
        // Read once by Hazelcast's static loggers, before any config is seen: without it the first
        // notices (e.g. the Java-module advice) go to java.util.logging on the terminal.
        if (System.getProperty("hazelcast.logging.type") == null) {
            System.setProperty("hazelcast.logging.type", "slf4j");
        }
    }

    private Hazelcasts() {
    }

    static String clusterName(String runId) {
        return "oware-" + runId;
    }

    private static void quiet(java.util.function.BiConsumer<String, String> property) {
        property.accept("hazelcast.logging.type", "slf4j");
        property.accept("hazelcast.phone.home.enabled", "false");
        property.accept("hazelcast.shutdownhook.enabled", "false"); // the lab closes its instances itself
    }

    /** Starts the trainer's member. */
    static HazelcastInstance member(String runId, ClusterSettings s) {
        return member(runId, s, "oware-trainer-");
    }

    /** Starts the one member of the cluster named after {@code id} (a run or a tournament). */
    static HazelcastInstance member(String id, ClusterSettings s, String instancePrefix) {
        Config c = new Config();
        c.setClusterName(clusterName(id));
        c.setInstanceName(instancePrefix + id + "-" + s.port());
        quiet(c::setProperty);
        c.setProperty("hazelcast.socket.bind.any", "false");
        NetworkConfig n = c.getNetworkConfig();
        n.setPort(s.port()).setPortAutoIncrement(false);
        n.getInterfaces().setEnabled(true).addInterface(s.bind());
        JoinConfig j = n.getJoin();
        j.getMulticastConfig().setEnabled(false);
        j.getAutoDetectionConfig().setEnabled(false);
        j.getTcpIpConfig().setEnabled(true).addMember(s.bind() + ":" + s.port());
        for (String m : s.members()) {
            j.getTcpIpConfig().addMember(m);
        }
        c.getMapConfig(NETWORK_MAP).setBackupCount(0);
        c.getQueueConfig(TICKETS).setBackupCount(0);
        c.getQueueConfig(RECORDS).setBackupCount(0).setMaxSize(s.recordQueue());
        c.getQueueConfig(GAMES).setBackupCount(0);
        c.getQueueConfig(RESULTS).setBackupCount(0);
        c.getMapConfig(INFLIGHT).setBackupCount(0);
        return Hazelcast.newHazelcastInstance(c);
    }

    /** Connects a worker to the trainer at {@code join}; blocks until connected (forever if need be). */
    static HazelcastInstance client(String runId, ClusterSettings.HostPort join, String name, int threads) {
        ClientConfig c = new ClientConfig();
        c.addLabel(THREADS_LABEL + threads);
        c.setClusterName(clusterName(runId));
        c.setInstanceName(name);
        quiet(c::setProperty);
        // Cluster calls fail after 10 s instead of 120 s while the trainer is away: the worker's loop retries.
        c.setProperty("hazelcast.client.invocation.timeout.seconds", "10");
        c.getNetworkConfig().addAddress(join.toString());
        ClientConnectionStrategyConfig cs = c.getConnectionStrategyConfig();
        cs.setReconnectMode(ClientConnectionStrategyConfig.ReconnectMode.ON);
        cs.getConnectionRetryConfig().setClusterConnectTimeoutMillis(Long.MAX_VALUE).setInitialBackoffMillis(200)
                .setMaxBackoffMillis(2_000);
        return HazelcastClient.newHazelcastClient(c);
    }
}
