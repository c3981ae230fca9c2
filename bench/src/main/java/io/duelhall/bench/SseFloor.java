package io.duelhall.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The floor under any SSE fan-out on this machine (issue 18): the least a server can do to send the
 * same stream of events to many spectators, with nothing of duelhall, Spring or Tomcat. Run by
 * {@code sse --floor} as a process of its own, measured with the same client as the app ({@link
 * SseBench}).
 *
 * <p>Plain NIO: one thread accepts connections and reads each request's head (any path answers the
 * stream; {@code GET /start} starts the match), answers {@code 200} with a chunked {@code
 * text/event-stream}. Once started, an emitter appends a burst of {@code burst} events every {@code
 * every} milliseconds to one shared log; each event is one SSE message of {@code bytes} bytes
 * ({@code data: {"seq":n,"at":"<now>",…}}, the form the client reads, as large as the app's patch
 * frame). {@code senders} threads each own a slice of the connections and, pass after pass, write
 * to each what it has not yet had as one chunk — the bytes of the chunk for a given starting point
 * made once per pass and shared by every connection at that point, a write that finds the socket
 * full finished on a later pass — the same shape as the app's dispatcher, without its work.
 *
 * <p>It prints a line of counters every second ({@code floor: writes W partial P bytes B}) for the
 * benchmark to read.
 */
public final class SseFloor {
    private static final byte[] HEAD =
            ("HTTP/1.1 200 \r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                            + "Transfer-Encoding: chunked\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII);
    private static final byte[] STARTED =
            "HTTP/1.1 200 \r\nContent-Length: 7\r\nConnection: close\r\n\r\nstarted"
                    .getBytes(StandardCharsets.US_ASCII);

    private final int bytes;
    private final List<byte[]> log = new CopyOnWriteArrayList<>();
    private final AtomicLong writes = new AtomicLong();
    private final AtomicLong partial = new AtomicLong();
    private final AtomicLong written = new AtomicLong();
    private final List<Sender> senders = new ArrayList<>();
    private volatile boolean started;

    private SseFloor(int bytes, int senderThreads) {
        this.bytes = bytes;
        for (int i = 0; i < senderThreads; i++) {
            senders.add(new Sender());
        }
    }

    /** {@code port burst every-ms bytes senders} */
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        int burst = Integer.parseInt(args[1]);
        long everyMillis = Long.parseLong(args[2]);
        int bytes = Integer.parseInt(args[3]);
        int senderThreads = Integer.parseInt(args[4]);
        SseFloor floor = new SseFloor(bytes, senderThreads);
        for (int i = 0; i < floor.senders.size(); i++) {
            Thread t = new Thread(floor.senders.get(i), "floor-sender-" + i);
            t.setDaemon(true);
            t.start();
        }
        Thread stats =
                new Thread(
                        () -> {
                            while (true) {
                                System.out.printf(
                                        "floor: writes %d partial %d bytes %d events %d%n",
                                        floor.writes.get(),
                                        floor.partial.get(),
                                        floor.written.get(),
                                        floor.log.size());
                                System.out.flush();
                                LockSupport.parkNanos(1_000_000_000L);
                            }
                        },
                        "floor-stats");
        stats.setDaemon(true);
        stats.start();
        Thread emitter =
                new Thread(
                        () -> {
                            while (!floor.started) {
                                LockSupport.parkNanos(1_000_000);
                            }
                            long next = System.nanoTime();
                            while (true) {
                                for (int i = 0; i < burst; i++) {
                                    floor.log.add(floor.event(floor.log.size()));
                                }
                                floor.senders.forEach(s -> LockSupport.unpark(s.thread));
                                next += everyMillis * 1_000_000L;
                                LockSupport.parkNanos(next - System.nanoTime());
                            }
                        },
                        "floor-emitter");
        emitter.setDaemon(true);
        emitter.start();
        floor.accept(port);
    }

    /** Event {@code seq} as one SSE message of {@link #bytes} bytes, stamped now. */
    private byte[] event(long seq) {
        String start =
                "id: "
                        + seq
                        + "\nevent: event\ndata: {\"seq\":"
                        + seq
                        + ",\"at\":\""
                        + Instant.now()
                        + "\",\"pad\":\"";
        String end = "\"}\n\n";
        int pad = Math.max(0, bytes - start.length() - end.length());
        return (start + "x".repeat(pad) + end).getBytes(StandardCharsets.US_ASCII);
    }

    private void accept(int port) throws IOException {
        try (Selector selector = Selector.open();
                ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress("127.0.0.1", port), 4096);
            server.configureBlocking(false);
            server.register(selector, SelectionKey.OP_ACCEPT);
            System.out.println("floor: listening on " + port);
            System.out.flush();
            ByteBuffer buffer = ByteBuffer.allocate(8192);
            int next = 0;
            while (true) {
                selector.select();
                Iterator<SelectionKey> it = selector.selectedKeys().iterator();
                while (it.hasNext()) {
                    SelectionKey k = it.next();
                    it.remove();
                    if (k.isAcceptable()) {
                        SocketChannel ch;
                        while ((ch = server.accept()) != null) {
                            ch.configureBlocking(false);
                            ch.register(selector, SelectionKey.OP_READ, new StringBuilder());
                        }
                        continue;
                    }
                    SocketChannel ch = (SocketChannel) k.channel();
                    buffer.clear();
                    int n;
                    try {
                        n = ch.read(buffer);
                    } catch (IOException closed) {
                        n = -1;
                    }
                    if (n < 0) {
                        k.cancel();
                        ch.close();
                        continue;
                    }
                    if (!(k.attachment() instanceof StringBuilder head)) {
                        continue; // a streaming connection sends nothing more
                    }
                    head.append(new String(buffer.array(), 0, n, StandardCharsets.US_ASCII));
                    if (head.indexOf("\r\n\r\n") < 0) {
                        continue;
                    }
                    if (head.toString().startsWith("GET /start ")) {
                        ch.write(ByteBuffer.wrap(STARTED));
                        k.cancel();
                        ch.close();
                        started = true;
                        continue;
                    }
                    ch.write(ByteBuffer.wrap(HEAD)); // a few bytes on a fresh socket: all written
                    Conn c = new Conn(ch, log.size());
                    k.attach(c);
                    Sender s = senders.get(next++ % senders.size());
                    s.added.add(c);
                }
            }
        }
    }

    private static final class Conn {
        final SocketChannel ch;
        int sent;
        ByteBuffer pending;
        boolean closed;

        Conn(SocketChannel ch, int sent) {
            this.ch = ch;
            this.sent = sent;
        }
    }

    private final class Sender implements Runnable {
        final ConcurrentLinkedQueue<Conn> added = new ConcurrentLinkedQueue<>();
        final List<Conn> conns = new ArrayList<>();
        volatile Thread thread;

        @Override
        public void run() {
            thread = Thread.currentThread();
            // a pass's chunks by starting point: made once, written to every connection there
            java.util.Map<Integer, byte[]> chunks = new java.util.HashMap<>();
            while (true) {
                for (Conn c; (c = added.poll()) != null; ) {
                    conns.add(c);
                }
                int head = log.size();
                chunks.clear();
                boolean behind = false;
                for (Conn c : conns) {
                    if (c.closed) {
                        continue;
                    }
                    try {
                        if (c.pending != null) {
                            write(c, c.pending);
                            if (c.pending.hasRemaining()) {
                                behind = true;
                                continue;
                            }
                            c.pending = null;
                        }
                        if (c.sent < head) {
                            int from = c.sent;
                            byte[] chunk = chunks.computeIfAbsent(from, f -> chunk(f, head));
                            ByteBuffer b = ByteBuffer.wrap(chunk);
                            write(c, b);
                            c.sent = head;
                            if (b.hasRemaining()) {
                                c.pending = b;
                                partial.incrementAndGet();
                                behind = true;
                            }
                        }
                    } catch (IOException gone) {
                        c.closed = true;
                    }
                }
                if (!behind && log.size() == head) {
                    LockSupport.parkNanos(50_000_000L); // until the emitter wakes it
                }
            }
        }

        private void write(Conn c, ByteBuffer b) throws IOException {
            int n = c.ch.write(b);
            writes.incrementAndGet();
            written.addAndGet(n);
        }

        /** The events {@code from} to {@code to} (exclusive) as one HTTP chunk. */
        private byte[] chunk(int from, int to) {
            int size = 0;
            for (int i = from; i < to; i++) {
                size += log.get(i).length;
            }
            byte[] hex = (Integer.toHexString(size) + "\r\n").getBytes(StandardCharsets.US_ASCII);
            byte[] out = new byte[hex.length + size + 2];
            System.arraycopy(hex, 0, out, 0, hex.length);
            int at = hex.length;
            for (int i = from; i < to; i++) {
                byte[] e = log.get(i);
                System.arraycopy(e, 0, out, at, e.length);
                at += e.length;
            }
            out[at++] = '\r';
            out[at] = '\n';
            return out;
        }
    }
}
