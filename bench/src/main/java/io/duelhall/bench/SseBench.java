package io.duelhall.bench;

import io.duelhall.client.JsonHttp;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Benchmark 6: SSE fan-out. {@code spectators} connections follow one match as spectators ({@code
 * GET /api/matches/{id}/stream}, no token) on one app node. The match is created with the server's
 * AI in seat B and waits for seat A while the connections open; once all are open, this client
 * takes seat A and plays it (the load driver's client, {@link Bot}), a decision every {@code
 * duelhall.ai.delay-ms} like the AI (slowed down to that pace with the same setting), so events
 * come at the pace of a live match. The client is one thread on non-blocking sockets (HTTP/1.1,
 * chunked transfer decoding, SSE lines); for every event each connection receives it takes {@code
 * now - at} (the event's stored timestamp, on the same machine's clock): the event-to-client lag,
 * p50/p99/max over all connections, counted for events stored after the last connection was open.
 * Each connection must receive the events in order, none twice; deliveries still owed when the
 * window closes (a connection behind the others) are counted.
 *
 * <p>{@code frames}: the stream's frame format, {@code view} (the whole view on each burst's last
 * message) or {@code patch} ({@code ?frames=patch}: the whole view once, then an RFC 6902 patch per
 * event). Either way the bytes each connection receives in the window (SSE lines, after chunked
 * decoding) are counted: bytes per event per spectator = those bytes / deliveries.
 */
public final class SseBench {
    /**
     * @param behind deliveries still owed when the window closed (events some connection had and
     *     another not yet)
     * @param outOfOrder events a connection received out of sequence (must be 0)
     */
    public record Result(
            int spectators,
            int connected,
            long events,
            long deliveries,
            long behind,
            long outOfOrder,
            Histogram lag,
            double rampSeconds,
            String frames,
            long bytes) {
        /** Bytes received per event per spectator in the window. */
        public double bytesPerEvent() {
            return deliveries == 0 ? 0 : bytes / (double) deliveries;
        }

        public String report() {
            return String.format(
                    "SSE fan-out (%s frames): %,d spectators of one match (%,d connected in %.1f s); %d events after the "
                            + "ramp, %,d deliveries, %,d still owed when the window closed, %d out of order; "
                            + "event-to-client lag p50 %.0f ms, p99 %.0f ms, p99.9 %.0f ms, max %.0f ms; "
                            + "%,.0f bytes per event per spectator (%,d bytes received in the window)",
                    frames,
                    spectators,
                    connected,
                    rampSeconds,
                    events,
                    deliveries,
                    behind,
                    outOfOrder,
                    lag.getValueAtPercentile(50) / 1000.0,
                    lag.getValueAtPercentile(99) / 1000.0,
                    lag.getValueAtPercentile(99.9) / 1000.0,
                    lag.getMaxValue() / 1000.0,
                    bytesPerEvent(),
                    bytes);
        }
    }

    /**
     * The app arguments this benchmark needs: room for the connections, and AI seats that play at a
     * watchable pace.
     */
    public static List<String> appArgs(int spectators, int aiDelayMillis) {
        return List.of(
                "--server.tomcat.max-connections=" + Math.max(8192, spectators + 1000),
                "--duelhall.ai.delay-ms=" + aiDelayMillis);
    }

    public static Result run(String url, int spectators, int seconds, java.io.PrintStream log)
            throws Exception {
        return run(url, spectators, seconds, "view", log);
    }

    /**
     * @param frames {@code view} or {@code patch}: the stream's {@code ?frames=}
     */
    public static Result run(
            String url, int spectators, int seconds, String frames, java.io.PrintStream log)
            throws Exception {
        return run(url, spectators, seconds, frames, 1, log);
    }

    /**
     * @param readers the client's threads, each reading its share of the streams
     */
    public static Result run(
            String url,
            int spectators,
            int seconds,
            String frames,
            int readers,
            java.io.PrintStream log)
            throws Exception {
        if (!frames.equals("view") && !frames.equals("patch")) {
            throw new IllegalArgumentException("--frames must be view or patch");
        }
        JsonHttp http = new JsonHttp(url);
        String id =
                http.post(
                                "/api/matches",
                                Map.of(
                                        "ruleset",
                                        "voidexa",
                                        "ai",
                                        Map.of("B", "greedy"),
                                        "options",
                                        Map.of("spectatorDelaySeconds", 0)),
                                null)
                        .body()
                        .get("matchId")
                        .asText();
        java.util.concurrent.atomic.AtomicBoolean playing =
                new java.util.concurrent.atomic.AtomicBoolean(true);
        Thread[] player = new Thread[1];
        try {
            return follow(
                    url,
                    "/api/matches/" + id + "/stream?frames=" + frames,
                    spectators,
                    seconds,
                    frames,
                    log,
                    () -> player[0] = startPlaying(http, id, playing),
                    readers);
        } finally {
            playing.set(false);
            if (player[0] != null) {
                player[0].join(30_000);
            }
        }
    }

    /**
     * Opens {@code spectators} streams of {@code path} on {@code readers} threads (each its own
     * share of the connections on its own selector), runs {@code start} once all are open (what
     * makes the events come), and measures for {@code seconds}.
     */
    static Result follow(
            String url,
            String path,
            int spectators,
            int seconds,
            String frames,
            java.io.PrintStream log,
            Runnable start,
            int readers)
            throws IOException {
        java.net.URI base = java.net.URI.create(url);
        InetSocketAddress address = new InetSocketAddress(base.getHost(), base.getPort());
        byte[] request =
                ("GET "
                                + path
                                + " HTTP/1.1\r\nHost: "
                                + base.getHost()
                                + "\r\n"
                                + "Accept: text/event-stream\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII);
        Window window = new Window(readers, spectators, seconds, start, log);
        List<Reader> rs = new ArrayList<>();
        for (int i = 0; i < readers; i++) {
            int share = spectators / readers + (i < spectators % readers ? 1 : 0);
            rs.add(new Reader(address, request, share, window, i == 0 ? log : null));
        }
        List<Thread> threads = new ArrayList<>();
        java.util.concurrent.atomic.AtomicReference<Throwable> failed =
                new java.util.concurrent.atomic.AtomicReference<>();
        for (int i = 1; i < readers; i++) {
            Reader r = rs.get(i);
            Thread t =
                    new Thread(
                            () -> {
                                try {
                                    r.loop();
                                } catch (Throwable e) {
                                    failed.compareAndSet(null, e);
                                    window.abort();
                                }
                            },
                            "sse-bench-reader-" + i);
            t.start();
            threads.add(t);
        }
        try {
            rs.get(0).loop();
        } catch (IOException | RuntimeException e) {
            window.abort();
            throw e;
        } finally {
            for (Thread t : threads) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
        if (failed.get() != null) {
            throw new IllegalStateException("a reader failed: " + failed.get(), failed.get());
        }
        List<Conn> conns = new ArrayList<>(spectators);
        Histogram lag = new Histogram(3_600_000_000L, 3);
        for (Reader r : rs) {
            conns.addAll(r.conns);
            lag.add(r.lag);
        }
        // every connection must have every event stored after the ramp, once and in order
        long maxEvents = 0;
        for (Conn c : conns) {
            maxEvents = Math.max(maxEvents, c.measured);
        }
        long behind = 0;
        long outOfOrder = 0;
        long deliveries = 0;
        long bytes = 0;
        int connected = 0;
        for (Conn c : conns) {
            connected += c.streaming ? 1 : 0;
            bytes += c.bytes;
            deliveries += c.measured;
            behind += maxEvents - c.measured;
            outOfOrder += c.outOfOrder;
        }
        return new Result(
                spectators,
                connected,
                maxEvents,
                deliveries,
                behind,
                outOfOrder,
                lag,
                window.ramp,
                frames,
                bytes);
    }

    /**
     * When the window opens (the last reader has all its streams open: then {@code start} runs) and
     * closes, shared by the readers.
     */
    private static final class Window {
        final int readers;
        final int spectators;
        final int seconds;
        final Runnable start;
        final java.io.PrintStream log;
        final long t0 = System.nanoTime();
        int ready;
        volatile long measureFromMillis = Long.MAX_VALUE;
        volatile long end = Long.MAX_VALUE;
        volatile boolean aborted;
        volatile double ramp;

        Window(int readers, int spectators, int seconds, Runnable start, java.io.PrintStream log) {
            this.readers = readers;
            this.spectators = spectators;
            this.seconds = seconds;
            this.start = start;
            this.log = log;
        }

        /** A reader has all its streams open; the last one opens the window. */
        synchronized void ready() {
            if (++ready < readers) {
                return;
            }
            measureFromMillis = System.currentTimeMillis();
            ramp = (System.nanoTime() - t0) / 1e9;
            end = System.nanoTime() + seconds * 1_000_000_000L;
            start.run();
            say(
                    log,
                    "%,d streams open after %.1f s; measuring for %d s",
                    spectators,
                    ramp,
                    seconds);
        }

        void abort() {
            aborted = true;
        }
    }

    /** One thread's share of the connections, on its own selector. */
    private static final class Reader {
        final InetSocketAddress address;
        final byte[] request;
        final int spectators;
        final Window window;
        final java.io.PrintStream log;
        final List<Conn> conns;
        final Histogram lag = new Histogram(3_600_000_000L, 3);

        Reader(
                InetSocketAddress address,
                byte[] request,
                int spectators,
                Window window,
                java.io.PrintStream log) {
            this.address = address;
            this.request = request;
            this.spectators = spectators;
            this.window = window;
            this.log = log;
            this.conns = new ArrayList<>(spectators);
        }

        void loop() throws IOException {
            ByteBuffer buffer = ByteBuffer.allocate(1 << 18);
            // an event's stored time, parsed once for all the connections that receive it
            Map<Long, Long> storedAt = new java.util.HashMap<>();
            long t0 = window.t0;
            boolean open = false;
            try (Selector selector = Selector.open()) {
                int opened = 0;
                long lastSay = 0;
                while (true) {
                    // open connections in waves, so the server's accept queue is never flooded
                    int pending = 0;
                    for (Conn c : conns) {
                        if (!c.streaming && !c.closed) {
                            pending++;
                        }
                    }
                    while (opened < spectators && pending < 200) {
                        SocketChannel ch = SocketChannel.open();
                        ch.configureBlocking(false);
                        Conn c = new Conn(ch);
                        ch.connect(address);
                        ch.register(selector, SelectionKey.OP_CONNECT, c);
                        conns.add(c);
                        opened++;
                        pending++;
                    }
                    if (!open && opened == spectators && pending == 0) {
                        open = true;
                        window.ready();
                    }
                    long end = window.end;
                    long measureFromMillis = window.measureFromMillis;
                    if (System.nanoTime() > end || window.aborted) {
                        break;
                    }
                    if (System.nanoTime() - t0 > 600_000_000_000L && end == Long.MAX_VALUE) {
                        throw new IllegalStateException(
                                "could not open " + spectators + " streams in 10 minutes");
                    }
                    selector.select(50);
                    Iterator<SelectionKey> it = selector.selectedKeys().iterator();
                    while (it.hasNext()) {
                        SelectionKey k = it.next();
                        it.remove();
                        Conn c = (Conn) k.attachment();
                        try {
                            if (k.isConnectable()) {
                                c.ch.finishConnect();
                                c.ch.write(ByteBuffer.wrap(request));
                                k.interestOps(SelectionKey.OP_READ);
                            } else if (k.isReadable()) {
                                buffer.clear();
                                int n = c.ch.read(buffer);
                                if (n < 0) {
                                    c.closed = true;
                                    k.cancel();
                                    c.ch.close();
                                    continue;
                                }
                                long now = System.currentTimeMillis();
                                c.feed(buffer.array(), n, now, measureFromMillis, lag, storedAt);
                            }
                        } catch (IOException e) {
                            c.closed = true;
                            k.cancel();
                            c.ch.close();
                        }
                    }
                    if (System.currentTimeMillis() - lastSay > 10_000) {
                        lastSay = System.currentTimeMillis();
                        int streaming = 0;
                        int closed = 0;
                        for (Conn c : conns) {
                            streaming += c.streaming && !c.closed ? 1 : 0;
                            closed += c.closed ? 1 : 0;
                        }
                        say(
                                log,
                                "  %,d streaming, %,d closed, %,d lag samples",
                                streaming,
                                closed,
                                lag.getTotalCount());
                    }
                    boolean allClosed =
                            end != Long.MAX_VALUE && conns.stream().allMatch(c -> c.closed);
                    if (allClosed) {
                        break; // the match ended and every stream closed after its last event
                    }
                }
                for (Conn c : conns) {
                    c.ch.close();
                }
            }
        }
    }

    /**
     * @param result what the client measured
     * @param writesPerSecond the floor's writes (one per connection per pass that had something for
     *     it, and each retry of a full socket) per second of the window
     * @param full writes that found the socket full
     * @param cpuMicrosPerWrite the floor process's CPU over the window per write
     */
    public record Floor(
            Result result,
            int burst,
            int bytes,
            int everyMillis,
            int senders,
            int readers,
            double writesPerSecond,
            long full,
            double cpuMicrosPerWrite,
            double floorCores,
            double clientCores) {
        public String report() {
            return result.report()
                    + String.format(
                            "%nfloor (%d events of %d bytes every %d ms, %d sender threads): %,.0f writes/s"
                                    + " (%,d of them finding the socket full), %.1f µs of the floor's CPU per"
                                    + " write, %.2f cores; the client (%d reader threads) %.2f cores",
                            burst,
                            bytes,
                            everyMillis,
                            senders,
                            writesPerSecond,
                            full,
                            cpuMicrosPerWrite,
                            floorCores,
                            readers,
                            clientCores);
        }
    }

    /**
     * The same client against {@link SseFloor} (a process of its own: plain NIO, nothing of the
     * app) sending a burst of {@code burst} events of {@code bytes} bytes every {@code everyMillis}
     * ms: the floor under any fan-out of that stream on this machine. The report adds the floor's
     * and the client's CPU over the window and the floor's writes.
     */
    public static Floor floor(
            int spectators,
            int seconds,
            int burst,
            int everyMillis,
            int bytes,
            int senders,
            int readers,
            java.io.PrintStream log)
            throws Exception {
        int port = AppProcess.freePort();
        String jar =
                java.nio.file.Path.of(
                                SseFloor.class
                                        .getProtectionDomain()
                                        .getCodeSource()
                                        .getLocation()
                                        .toURI())
                        .toString();
        List<String> cmd = new ArrayList<>();
        cmd.add(AppProcess.jdkTool("java"));
        // none from the command line; bench's tests: C1 only and the serial collector, as the app
        cmd.addAll(AppProcess.childJvmFlags());
        cmd.addAll(
                List.of(
                        "-Xmx1g",
                        "-cp",
                        jar,
                        SseFloor.class.getName(),
                        String.valueOf(port),
                        String.valueOf(burst),
                        String.valueOf(everyMillis),
                        String.valueOf(bytes),
                        String.valueOf(senders)));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        java.util.concurrent.atomic.AtomicReference<String> counters =
                new java.util.concurrent.atomic.AtomicReference<>("");
        java.util.concurrent.CountDownLatch listening = new java.util.concurrent.CountDownLatch(1);
        Thread reader =
                new Thread(
                        () -> {
                            try (java.io.BufferedReader r =
                                    new java.io.BufferedReader(
                                            new java.io.InputStreamReader(
                                                    p.getInputStream(),
                                                    StandardCharsets.US_ASCII))) {
                                for (String line; (line = r.readLine()) != null; ) {
                                    if (line.startsWith("floor: listening")) {
                                        listening.countDown();
                                    } else if (line.startsWith("floor: writes")) {
                                        counters.set(line);
                                    } else if (log != null) {
                                        log.println(line);
                                    }
                                }
                            } catch (IOException ended) {
                                // the process is gone
                            }
                        },
                        "floor-output");
        reader.setDaemon(true);
        reader.start();
        try {
            if (!listening.await(30, java.util.concurrent.TimeUnit.SECONDS)) {
                throw new IllegalStateException("the floor server did not start");
            }
            long self = ProcessHandle.current().pid();
            long[] at = new long[4];
            String[] before = new String[1];
            Result r =
                    follow(
                            "http://127.0.0.1:" + port,
                            "/stream",
                            spectators,
                            seconds,
                            "floor",
                            log,
                            () -> {
                                at[0] = Machine.cpuMillis(p.pid());
                                at[1] = Machine.cpuMillis(self);
                                at[2] = System.nanoTime();
                                before[0] = counters.get();
                                start(port);
                            },
                            readers);
            long floorCpu = Machine.cpuMillis(p.pid()) - at[0];
            long clientCpu = Machine.cpuMillis(self) - at[1];
            double window = (System.nanoTime() - at[2]) / 1e9;
            long[] c0 = numbers(before[0]);
            long[] c1 = numbers(counters.get());
            long writes = c1[0] - c0[0];
            return new Floor(
                    r,
                    burst,
                    bytes,
                    everyMillis,
                    senders,
                    readers,
                    writes / window,
                    c1[1] - c0[1],
                    writes == 0 ? 0 : floorCpu * 1000.0 / writes,
                    floorCpu / 1000.0 / window,
                    clientCpu / 1000.0 / window);
        } finally {
            p.destroy();
            p.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    /** {@code writes W partial P …} from the floor's counter line. */
    private static long[] numbers(String line) {
        String[] f = line.split(" ");
        return f.length < 7
                ? new long[] {0, 0}
                : new long[] {Long.parseLong(f[2]), Long.parseLong(f[4])};
    }

    /** {@code GET /start} to the floor: the match begins. */
    private static void start(int port) {
        try (java.net.Socket s = new java.net.Socket("127.0.0.1", port)) {
            s.getOutputStream()
                    .write(
                            "GET /start HTTP/1.1\r\nHost: x\r\n\r\n"
                                    .getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            byte[] answer = s.getInputStream().readAllBytes();
            if (!new String(answer, StandardCharsets.US_ASCII).endsWith("started")) {
                throw new IllegalStateException("the floor did not start");
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * Takes seat A and plays it on a thread of its own until the match ends or {@code playing} is
     * cleared.
     */
    private static Thread startPlaying(
            JsonHttp http, String id, java.util.concurrent.atomic.AtomicBoolean playing) {
        com.fasterxml.jackson.databind.JsonNode decks = http.get("/api/decks/starter", null).body();
        JsonHttp.Res seat =
                http.post(
                        "/api/matches/" + id + "/seats", JsonHttp.seat("Ada", decks.get(0)), null);
        if (seat.status() != 201) {
            throw new IllegalStateException("seat A answered " + seat.status() + ": " + seat.raw());
        }
        String token = seat.body().get("playerToken").asText();
        long pause = 300;
        Bot bot = new Bot(http, Bot.catalog(http), decks, new Bot.Stats());
        Thread t =
                new Thread(
                        () -> {
                            try {
                                bot.playSeat(id, "A", token, pause, playing::get);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            } catch (RuntimeException e) {
                                System.err.println("seat A stopped: " + e);
                            }
                        },
                        "sse-bench-seat-a");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** One connection: HTTP head, chunked body, SSE lines; only the start of each line is kept. */
    private static final class Conn {
        final SocketChannel ch;
        boolean streaming;
        boolean closed;

        /** 0 head, 1 chunk size, 2 chunk data, 3 CRLF after the data. */
        int state;

        long chunkLeft;
        final StringBuilder head = new StringBuilder();
        final byte[] line = new byte[200];
        int lineLen;
        long lastSeq = -1;
        long measured;
        long outOfOrder;

        /** SSE bytes received once the window opened. */
        long bytes;

        Conn(SocketChannel ch) {
            this.ch = ch;
        }

        /**
         * Takes {@code len} bytes read from the socket. The head and the chunk-size lines go a byte
         * at a time (a few per burst); a chunk's data is scanned in bulk for line ends, since a
         * 10,000-connection run reads ~50 MB/s on the cores the server uses too.
         */
        void feed(
                byte[] a,
                int len,
                long now,
                long measureFrom,
                Histogram lag,
                Map<Long, Long> storedAt) {
            int i = 0;
            while (i < len) {
                switch (state) {
                    case 0 -> {
                        head.append((char) a[i++]);
                        if (head.length() >= 4
                                && head.charAt(head.length() - 1) == '\n'
                                && head.substring(head.length() - 4).equals("\r\n\r\n")) {
                            if (!head.toString().startsWith("HTTP/1.1 200")) {
                                throw new IllegalStateException(
                                        "stream answered "
                                                + head.toString().lines().findFirst().orElse(""));
                            }
                            streaming = true;
                            state = 1;
                            head.setLength(0);
                        }
                    }
                    case 1 -> {
                        byte b = a[i++];
                        if (b == '\n') {
                            String hex = head.toString().trim();
                            head.setLength(0);
                            if (hex.isEmpty()) {
                                continue;
                            }
                            chunkLeft = Long.parseLong(hex.split(";")[0], 16);
                            state = chunkLeft == 0 ? 3 : 2;
                        } else if (b != '\r') {
                            head.append((char) b);
                        }
                    }
                    case 2 -> {
                        int m = (int) Math.min(chunkLeft, len - i);
                        if (now >= measureFrom) {
                            bytes += m;
                        }
                        for (int end = i + m; i < end; i++) {
                            byte b = a[i];
                            if (b == '\n') {
                                line(now, measureFrom, lag, storedAt);
                            } else if (lineLen < line.length) {
                                line[lineLen++] = b;
                            }
                        }
                        chunkLeft -= m;
                        if (chunkLeft == 0) {
                            state = 3;
                        }
                    }
                    default -> {
                        if (a[i++] == '\n') {
                            state = 1;
                        }
                    }
                }
            }
        }

        private static final byte[] DATA = "data: {\"seq\":".getBytes(StandardCharsets.US_ASCII);

        /** An SSE line ended: the first {@code line.length} bytes of it are in {@code line}. */
        private void line(long now, long measureFrom, Histogram lag, Map<Long, Long> storedAt) {
            int n = lineLen;
            lineLen = 0;
            if (n < DATA.length) {
                return;
            }
            for (int k = 0; k < DATA.length; k++) {
                if (line[k] != DATA[k]) {
                    return;
                }
            }
            long seq = 0;
            int k = DATA.length;
            for (; k < n && line[k] >= '0' && line[k] <= '9'; k++) {
                seq = seq * 10 + (line[k] - '0');
            }
            Long storedMillis = storedAt.get(seq);
            if (storedMillis == null) {
                String start = new String(line, 0, n, StandardCharsets.UTF_8);
                int at = start.indexOf("\"at\":\"");
                if (at < 0) {
                    return;
                }
                storedMillis =
                        Instant.parse(start.substring(at + 6, start.indexOf('"', at + 6)))
                                .toEpochMilli();
                storedAt.put(seq, storedMillis);
            }
            if (lastSeq >= 0 && seq != lastSeq + 1) {
                outOfOrder++;
            }
            lastSeq = seq;
            if (storedMillis >= measureFrom) {
                measured++;
                lag.recordValue(Math.max(0, now - storedMillis) * 1000);
            }
        }
    }

    private static void say(java.io.PrintStream log, String format, Object... args) {
        if (log != null) {
            log.printf(format + "%n", args);
        }
    }
}
