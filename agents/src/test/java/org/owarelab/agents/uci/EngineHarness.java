package org.owarelab.agents.uci;

import org.owarelab.agents.builtin.BuiltInAgents;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.owarelab.rules.RuleSet;

/**
 * Runs a {@link UciEngine} in-process on its own thread, fed and read through queues of lines,
 * as a GUI would drive it. Waits are bounded (a hung engine fails the test, it does not hang it).
 */
final class EngineHarness implements AutoCloseable {
    static final long WAIT_SECONDS = 20;
    private static final String EOF = new String("<eof>");

    private final BlockingQueue<String> input = new LinkedBlockingQueue<>();
    private final BlockingQueue<String> output = new LinkedBlockingQueue<>();
    private final Thread thread;
    private volatile int exit = -1;

    EngineHarness(String spec, UciEngine.AgentMaker maker) {
        this(spec, 0, maker);
    }

    EngineHarness(String spec, long seed, UciEngine.AgentMaker maker) {
        this(spec, seed, maker, EngineSearch.DEFAULT_GRACE_MILLIS);
    }

    EngineHarness(String spec, long seed, UciEngine.AgentMaker maker, long graceMillis) {
        this(spec, RuleSet.DEFAULT, seed, maker, graceMillis);
    }

    EngineHarness(String spec, RuleSet rules, long seed, UciEngine.AgentMaker maker, long graceMillis) {
        this(BuiltInAgents.registry(), spec, rules, seed, maker, graceMillis);
    }

    /** An engine serving {@code spec} from {@code agents} (agents built by {@code maker} when not null). */
    EngineHarness(org.owarelab.agents.AgentRegistry agents, String spec, RuleSet rules, long seed,
            UciEngine.AgentMaker maker, long graceMillis) {
        UciEngine engine = new UciEngine(agents, spec, rules, seed, new BufferedReader(new QueueReader()),
                new PrintWriter(new LineWriter())).graceMillis(graceMillis);
        if (maker != null) {
            engine.agentMaker(maker);
        }
        thread = new Thread(() -> exit = engine.run(), "engine-under-test");
        thread.setDaemon(true);
        thread.start();
    }

    void send(String line) {
        input.add(line);
    }

    /** The next output line. */
    String next() throws InterruptedException {
        String l = output.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        if (l == null) {
            fail("no output line within " + WAIT_SECONDS + " s");
        }
        return l;
    }

    /** Output lines up to and including the first that starts with {@code prefix}. */
    List<String> until(String prefix) throws InterruptedException {
        List<String> seen = new ArrayList<>();
        while (true) {
            String l = output.poll(WAIT_SECONDS, TimeUnit.SECONDS);
            if (l == null) {
                fail("no line starting with '" + prefix + "' within " + WAIT_SECONDS + " s; got " + seen);
            }
            seen.add(l);
            if (l.startsWith(prefix)) {
                return seen;
            }
        }
    }

    /** The first output line that starts with {@code prefix} (others skipped). */
    String expect(String prefix) throws InterruptedException {
        List<String> l = until(prefix);
        return l.get(l.size() - 1);
    }

    /** Sends {@code isready} and returns the lines before {@code readyok}: a barrier for earlier commands. */
    List<String> sync() throws InterruptedException {
        send("isready");
        List<String> l = until("readyok");
        return l.subList(0, l.size() - 1);
    }

    /** Ends the input and returns the engine's exit status. */
    int endOfInput() throws InterruptedException {
        input.add(EOF);
        return join();
    }

    int join() throws InterruptedException {
        thread.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
        if (thread.isAlive()) {
            fail("engine did not exit within " + WAIT_SECONDS + " s");
        }
        return exit;
    }

    @Override
    public void close() {
        input.add(EOF);
    }

    /** Lines from {@link #input} as a character stream; {@link #EOF} ends it. */
    private final class QueueReader extends Reader {
        private String current = "";
        private int pos;
        private boolean ended;

        @Override
        public int read(char[] buf, int off, int len) {
            if (ended) {
                return -1;
            }
            if (pos == current.length()) {
                try {
                    String l = input.take();
                    if (l == EOF) {
                        ended = true;
                        return -1;
                    }
                    current = l + "\n";
                    pos = 0;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return -1;
                }
            }
            int n = Math.min(len, current.length() - pos);
            current.getChars(pos, pos + n, buf, off);
            pos += n;
            return n;
        }

        @Override
        public void close() {
        }
    }

    /** Splits what the engine writes into lines for {@link #output}. */
    private final class LineWriter extends Writer {
        private final StringBuilder sb = new StringBuilder();

        @Override
        public synchronized void write(char[] buf, int off, int len) {
            for (int i = off; i < off + len; i++) {
                if (buf[i] == '\n') {
                    output.add(sb.toString());
                    sb.setLength(0);
                } else {
                    sb.append(buf[i]);
                }
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
