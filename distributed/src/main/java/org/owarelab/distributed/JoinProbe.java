package org.owarelab.distributed;

import com.hazelcast.client.impl.protocol.AuthenticationStatus;
import com.hazelcast.client.impl.protocol.ClientMessage;
import com.hazelcast.client.impl.protocol.ClientMessageReader;
import com.hazelcast.client.impl.protocol.ClientMessageWriter;
import com.hazelcast.client.impl.protocol.codec.ClientAuthenticationCodec;
import com.hazelcast.instance.BuildInfoProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.owarelab.util.Texts;

/**
 * Checks, before a worker starts its Hazelcast client (which would retry without end and say
 * nothing), that a trainer of the right run or tournament answers at {@code --join}. One
 * authentication exchange of Hazelcast's client protocol, bounded by a timeout, tells apart:
 * <ul>
 *   <li>an unknown host: bad input ({@link IllegalArgumentException}, exit code 2);</li>
 *   <li>nothing listening, no answer, or something that is not a Hazelcast member: a
 *       {@link JoinException} (exit code 1);</li>
 *   <li>a trainer of another run or tournament (the cluster name does not match): bad input.</li>
 * </ul>
 * A trainer of the right cluster accepts the probe as a client that leaves at once (it carries
 * no thread label, so the trainer counts no lost games for it).
 */
public final class JoinProbe {
    /** How long the probe waits to connect. */
    public static final int TIMEOUT_MILLIS = 5_000;
    /** How long it waits for the handshake's answer (a trainer starting up or busy answers late). */
    public static final int ANSWER_MILLIS = 10_000;
    private static final byte[] CLIENT_PROTOCOL = "CP2".getBytes(StandardCharsets.US_ASCII);
    private static final int MAX_ANSWER = 1 << 20;

    /** Why a worker cannot join though its input is well formed: exit code 1. */
    public static final class JoinException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final boolean refused;

        JoinException(String message, boolean refused) {
            super(message);
            this.refused = refused;
        }

        /** Whether nothing listened at the address (a trainer that was seen may come back there). */
        public boolean refused() {
            return refused;
        }
    }

    private JoinProbe() {
    }

    /**
     * Probes {@code join} for the trainer of {@code id}.
     *
     * @param kind {@code run} or {@code tournament}, for messages
     * @throws IllegalArgumentException for an unknown host or a trainer of another run
     * @throws JoinException when nothing listens there, nothing answers, or what answers is not a trainer
     */
    public static void check(String kind, String id, ClusterSettings.HostPort join) {
        InetAddress host;
        try {
            host = InetAddress.getByName(join.host());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--join " + join + ": unknown host '" + join.host()
                    + "' (expected the trainer's host name or address, as it printed it)");
        }
        try (Socket s = new Socket()) {
            try {
                s.connect(new InetSocketAddress(host, join.port()), TIMEOUT_MILLIS);
            } catch (ConnectException e) {
                throw new JoinException("--join " + join + ": nothing listens there (connection refused); start the "
                        + "trainer first (it prints the worker's command line) or check the port", true);
            } catch (SocketTimeoutException e) {
                throw new JoinException("--join " + join + ": no answer within " + TIMEOUT_MILLIS / 1000
                        + " s (a firewall, or not the trainer's machine?)", false);
            }
            s.setSoTimeout(ANSWER_MILLIS);
            AuthenticationStatus status = authenticate(s, Hazelcasts.clusterName(id), join);
            if (status == AuthenticationStatus.CREDENTIALS_FAILED) {
                throw new IllegalArgumentException("--join " + join + ": the trainer there is not running " + kind
                        + " '" + id + "' (another run or tournament: use the id in the 'oware worker --join ...' line "
                        + "that trainer printed)");
            }
            if (status != AuthenticationStatus.AUTHENTICATED) {
                throw new JoinException("--join " + join + ": the trainer refused the worker (" + status + ")", false);
            }
        } catch (IOException e) {
            throw new JoinException("--join " + join + ": " + Texts.reason(e), false);
        }
    }

    private static AuthenticationStatus authenticate(Socket s, String cluster, ClusterSettings.HostPort join)
            throws IOException {
        ClientMessage request = ClientAuthenticationCodec.encodeRequest(cluster, null, null, UUID.randomUUID(), "JVM",
                (byte) 1, BuildInfoProvider.getBuildInfo().getVersion(), "oware-join-probe", List.of(), (byte) 0,
                false);
        ByteBuffer out = ByteBuffer.allocate(CLIENT_PROTOCOL.length + request.getFrameLength() + 64);
        out.put(CLIENT_PROTOCOL);
        if (!new ClientMessageWriter().writeTo(out, request)) {
            throw new IllegalStateException("the join probe's request did not fit its buffer");
        }
        out.flip();
        OutputStream o = s.getOutputStream();
        o.write(out.array(), 0, out.limit());
        o.flush();
        String notTrainer = "--join " + join + ": what listens there is not an oware trainer (";
        ClientMessageReader reader = new ClientMessageReader(MAX_ANSWER);
        ByteBuffer in = ByteBuffer.allocate(64 * 1024);
        InputStream i = s.getInputStream();
        int total = 0;
        try {
            while (true) {
                int n = i.read(in.array(), in.position(), in.remaining());
                if (n < 0) {
                    throw new JoinException(notTrainer + (total == 0 ? "it closed the connection without a word"
                            : "it answered " + total + " bytes that are not a Hazelcast answer") + ")", false);
                }
                total += n;
                in.position(in.position() + n);
                in.flip();
                boolean done = reader.readFrom(in, true);
                in.compact();
                if (done) {
                    break;
                }
                if (total > MAX_ANSWER) {
                    throw new JoinException(notTrainer + "its answer is too long)", false);
                }
            }
            ClientMessage answer = reader.getClientMessage();
            if (answer.getMessageType() != ClientAuthenticationCodec.RESPONSE_MESSAGE_TYPE) {
                throw new JoinException(notTrainer + "it answered a message of another type)", false);
            }
            return AuthenticationStatus.getById(ClientAuthenticationCodec.decodeResponse(answer).status);
        } catch (SocketTimeoutException e) {
            throw new JoinException("--join " + join + ": no answer to the trainer's client handshake within "
                    + ANSWER_MILLIS / 1000 + " s (not an oware trainer, or one too busy to answer: try again)", false);
        } catch (JoinException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new JoinException(notTrainer + "its answer is not Hazelcast's client protocol)", false);
        }
    }
}
