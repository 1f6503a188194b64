package org.owarelab.cli;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.util.concurrent.Callable;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.distributed.ClusterSettings;
import org.owarelab.distributed.ClusterWorker;
import org.owarelab.distributed.TournamentWorker;
import org.owarelab.model.ModelAgents;
import org.owarelab.model.DeviceChoice;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code oware worker}: self-play for a trainer started with {@code oware train --cluster}, or the
 * games of a tournament started with {@code oware tournament --cluster}.
 */
@Command(name = "worker", mixinStandardHelpOptions = true,
        description = {"Play self-play games for a cluster trainer, or tournament games for a cluster tournament.",
            "With --run ID: join a trainer ('oware train --cluster'), load the network it publishes (again whenever "
                + "its version changes), play games with the run's config and push the finished ones. With "
                + "--tournament ID: join a tournament ('oware tournament --cluster'), take its games one per thread, "
                + "play them with this machine's agents (a puct:model=PATH player needs PATH here too, and "
                + "--allow-files; a uci:cmd= player --allow-engines: the coordinator sends the specs) and send the "
                + "records back. Runs until killed; reconnects by itself when the trainer or coordinator restarts."},
        footer = {"", "Examples:",
            "  oware worker --join 127.0.0.1:5701 --run c1-3fa9c2d1         # beside the trainer",
            "  oware worker --join 10.0.0.5:5701 --run c2-8d0e11a4 --threads 8",
            "  ssh -N -L 5701:127.0.0.1:5701 trainer-host &      # an SSH tunnel, then:",
            "  oware worker --join 127.0.0.1:5701 --run c2-8d0e11a4",
            "  oware worker --join 10.0.0.5:5701 --tournament t-league-3fa9c2d1 --threads 16",
            "", "The trainer and the coordinator print the exact command (address and id) when they start."})
final class WorkerCommand implements Callable<Integer> {
    @Option(names = "--join", required = true, paramLabel = "HOST:PORT", description = "The trainer's address.")
    String join;

    @Option(names = "--run", paramLabel = "ID",
            description = "The run id the trainer prints (the cluster's name derives from it).")
    String run;

    @Option(names = "--tournament", paramLabel = "ID",
            description = "Instead of --run: the tournament id 'oware tournament --cluster' prints.")
    String tournament;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "1",
            description = "Self-play threads, each with its own evaluator and lock-step games (default: 1).")
    int threads;

    @Option(names = "--name", paramLabel = "NAME", description = "This worker's name in the trainer's metrics "
            + "(default: host-pid).")
    String name;

    @Option(names = "--device", paramLabel = "DEV", defaultValue = "cpu", description = "cpu, gpu or auto (default: cpu).")
    String device;

    @Mixin
    AccessOptions access = new AccessOptions();

    @Override
    public Integer call() throws Exception {
        ClusterSettings.HostPort address = ClusterSettings.HostPort.parse(join, "--join");
        DeviceChoice dev = DeviceChoice.parse(device);
        String me = name != null ? name : defaultName();
        if (!me.matches("[A-Za-z0-9._-]{1,64}")) {
            throw new BadInputException("--name '" + me + "': expected 1-64 of [A-Za-z0-9._-]");
        }
        if ((run == null) == (tournament == null)) {
            throw new BadInputException("give one of --run ID (a training run) or --tournament ID (a tournament)");
        }
        if (tournament != null) {
            if (!"cpu".equals(device)) {
                throw new BadInputException("--device goes with --run (tournament players choose their own device)");
            }
            return tournamentWorker(address, me);
        }
        System.out.printf("%s: joining run %s at %s with %d thread(s)%n", me, run, address, threads);
        ClusterWorker worker = new ClusterWorker(run, address, threads, me, dev, System.out);
        System.out.printf("%s: connected%n", me);
        Runtime.getRuntime().addShutdownHook(new Thread(worker::close, "worker-shutdown"));
        worker.start();
        return reportForever(me, "pushed", worker::pushed);
    }

    /** Prints every 30 s how many games the worker has {@code verb} and at what rate; returns only by a signal. */
    private static int reportForever(String me, String verb, java.util.function.LongSupplier games)
            throws InterruptedException {
        long last = System.nanoTime();
        long lastCount = 0;
        while (true) {
            Thread.sleep(30_000);
            long now = System.nanoTime();
            long n = games.getAsLong();
            System.out.printf("%s: %d games %s (%.2f games/s over the last %.0f s)%n", me, n, verb,
                    (n - lastCount) / ((now - last) / 1e9), (now - last) / 1e9);
            last = now;
            lastCount = n;
        }
    }

    private int tournamentWorker(ClusterSettings.HostPort address, String me) throws InterruptedException {
        System.out.printf("%s: joining tournament %s at %s with %d thread(s)%n", me, tournament, address, threads);
        try (AgentRegistry agents = ModelAgents.registry()) {
            TournamentWorker worker = new TournamentWorker(tournament, address, threads, me,
                    agents.restricted(access.access()), System.out);
            System.out.printf("%s: connected%n", me);
            Runtime.getRuntime().addShutdownHook(new Thread(worker::close, "worker-shutdown"));
            worker.start();
            return reportForever(me, "sent", worker::sent);
        }
    }

    private static String defaultName() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            host = "worker";
        }
        String pid = ManagementFactory.getRuntimeMXBean().getName().replaceAll("@.*", "");
        return (host.replaceAll("[^A-Za-z0-9.-]", "-") + "-" + pid);
    }
}
