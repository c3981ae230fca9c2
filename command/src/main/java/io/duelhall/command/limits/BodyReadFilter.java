package io.duelhall.command.limits;

import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Reads every request body before a worker thread handles the request, so a client that sends its
 * body slowly (or never finishes it) holds no thread. The servlet container reads the headers
 * without a thread; this filter, first in the chain, then reads the body with the servlet's
 * non-blocking input ({@link ReadListener}): a thread runs only when bytes have arrived. Once the
 * whole body is in memory the request goes on ({@link AsyncContext#dispatch()}) through the filters
 * and the handler as if it had just come, with the body read from memory. A body that has all
 * arrived with its headers (most do: an intent is a few hundred bytes) is read at once and goes on
 * on the same thread, without that second trip through the container (issue 46: the dispatch cost
 * about a tenth of the app's CPU per intent).
 *
 * <p>Bounds: a body must be complete within {@code duelhall.limits.body-timeout} ({@code 408
 * BODY_TIMEOUT}), may not be larger than the request's limit ({@code 413}; one that says so in
 * {@code Content-Length} goes straight on, to {@link RateLimitFilter}'s 413), and one address may
 * have at most {@code duelhall.limits.bodies-per-address} bodies arriving at once ({@code 429
 * TOO_MANY_BODIES}). Each of those answers closes the connection ({@code Connection: close}), so
 * the container does not wait to read what is left of the body first.
 */
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
class BodyReadFilter implements Filter {
    private static final int CHUNK = 8192;

    /** The largest body read at once when it came with its headers (the play requests' limit). */
    static final int AT_ONCE = 64 * 1024;

    private final LimitsProperties limits;
    private final ObjectProvider<MeterRegistry> meters;

    /** Bodies arriving, per client address. */
    private final ConcurrentHashMap<String, Integer> arriving = new ConcurrentHashMap<>();

    public BodyReadFilter(LimitsProperties limits, ObjectProvider<MeterRegistry> meters) {
        this.limits = limits;
        this.meters = meters;
    }

    /** A request with a body: {@code Content-Length} above 0, or chunked. */
    static boolean hasBody(HttpServletRequest request) {
        return request.getContentLengthLong() > 0 || request.getHeader("Transfer-Encoding") != null;
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        if (!(req instanceof HttpServletRequest request)
                || !(res instanceof HttpServletResponse response)
                || request.getDispatcherType() != DispatcherType.REQUEST
                || !request.isAsyncSupported()
                || !hasBody(request)) {
            chain.doFilter(req, res);
            return;
        }
        int max = RateLimitFilter.maxBody(limits, RoutedPath.of(request));
        if (request.getContentLengthLong() > max) {
            chain.doFilter(
                    req, res); // RateLimitFilter answers 413 without reading it (a 413 closes the
            // connection)
            return;
        }
        // most bodies came with their headers: read what has arrived, without blocking, and go on
        // on this thread when it is all of it (no second trip through the container)
        byte[] arrived = arrived(request);
        if (arrived != null && arrived.length == request.getContentLengthLong()) {
            bodyRead("at-once");
            Buffered whole = new Buffered(request);
            whole.body = arrived;
            chain.doFilter(whole, res);
            return;
        }
        String address = request.getRemoteAddr();
        Runnable place = take(address);
        if (place == null) {
            count("bodies-per-address");
            AsyncContext refusal = request.startAsync();
            answer(
                    response,
                    429,
                    "TOO_MANY_BODIES",
                    "Too many request bodies arriving from one address at once (at most "
                            + limits.bodiesPerAddress()
                            + "); send one after the other.");
            refusal.complete();
            return;
        }
        bodyRead("as-it-arrives");
        Read read = new Read(request, response, max, place, arrived);
        read.context.addListener(read);
        request.getInputStream().setReadListener(read);
    }

    /**
     * What has already arrived of a body of known length, read without blocking: the container says
     * bytes are there ({@link ServletInputStream#available()}) before each read, and a read then
     * takes only those. Null for a body of unknown length (chunked) or one larger than {@link
     * #AT_ONCE} (a match record to audit), which are read as they come.
     */
    static byte[] arrived(HttpServletRequest request) throws IOException {
        long length = request.getContentLengthLong();
        if (length <= 0 || length > AT_ONCE) {
            return null;
        }
        ServletInputStream in = request.getInputStream();
        if (in.available() <= 0) {
            return null; // nothing yet: a place is taken and the body read as it comes
        }
        byte[] body = new byte[(int) length];
        int n = 0;
        while (n < body.length && in.available() > 0) {
            int r = in.read(body, n, body.length - n);
            if (r < 0) {
                break;
            }
            n += r;
        }
        return n == body.length ? body : Arrays.copyOf(body, n);
    }

    private Runnable take(String address) {
        int cap = limits.bodiesPerAddress();
        if (!limits.enabled() || cap <= 0) {
            return () -> {};
        }
        String key = address == null ? "" : address;
        AtomicBoolean taken = new AtomicBoolean();
        arriving.compute(
                key,
                (k, n) -> {
                    int now = n == null ? 0 : n;
                    if (now >= cap) {
                        return n;
                    }
                    taken.set(true);
                    return now + 1;
                });
        if (!taken.get()) {
            return null;
        }
        return () -> arriving.computeIfPresent(key, (k, n) -> n <= 1 ? null : n - 1);
    }

    /** Bodies arriving now from {@code address} (for tests and metrics). */
    public int arriving(String address) {
        return arriving.getOrDefault(address, 0);
    }

    /**
     * Bodies read, by how: {@code at-once} (it came with its headers) or {@code as-it-arrives}
     * (metric {@code duelhall.bodies.read}, tag {@code how}).
     */
    private void bodyRead(String how) {
        increment("duelhall.bodies.read", "how", how);
    }

    private void count(String limit) {
        increment("duelhall.limits.refused", "limit", limit);
    }

    private void increment(String name, String tag, String value) {
        MeterRegistry registry = meters.getIfAvailable();
        if (registry != null) {
            registry.counter(name, tag, value).increment();
        }
    }

    /**
     * An answer that closes the connection: the container then does not read the rest of the body
     * first.
     */
    static void answer(HttpServletResponse response, int status, String code, String message)
            throws IOException {
        if (response.isCommitted()) {
            return;
        }
        response.setStatus(status);
        response.setHeader("Connection", "close");
        if (status == 429) {
            response.setHeader("Retry-After", "1");
        }
        response.setContentType("application/json");
        byte[] body =
                ("{\"error\":\"" + code + "\",\"message\":\"" + message + "\",\"rule\":null}")
                        .getBytes(StandardCharsets.UTF_8);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /** One body arriving: read as bytes come, then the request goes on. */
    private final class Read implements ReadListener, AsyncListener {
        final HttpServletRequest request;
        final HttpServletResponse response;
        final int max;
        final Runnable place;
        final Buffered buffered;
        final AsyncContext context;
        final ByteArrayOutputStream bytes;
        final AtomicBoolean done = new AtomicBoolean();
        final byte[] chunk = new byte[CHUNK];

        Read(
                HttpServletRequest request,
                HttpServletResponse response,
                int max,
                Runnable place,
                byte[] arrived) {
            this.request = request;
            this.response = response;
            this.max = max;
            this.place = place;
            long length = request.getContentLengthLong();
            // grown as bytes arrive: a Content-Length the client never sends costs nothing up front
            this.bytes =
                    new ByteArrayOutputStream(
                            length > 0 ? (int) Math.min(length, 64 * 1024) : 1024);
            if (arrived != null) {
                this.bytes.writeBytes(arrived); // the part that came with the headers
            }
            this.buffered = new Buffered(request);
            this.context = request.startAsync(buffered, response);
            this.context.setTimeout(limits.bodyTimeout().toMillis());
        }

        @Override
        public void onDataAvailable() throws IOException {
            ServletInputStream in = request.getInputStream();
            while (!done.get() && in.isReady()) {
                int n = in.read(chunk);
                if (n < 0) {
                    return; // onAllDataRead follows
                }
                if (bytes.size() + n > max) {
                    count("body-size");
                    refuse(
                            413,
                            "PAYLOAD_TOO_LARGE",
                            "The request body is larger than " + max + " bytes.");
                    return;
                }
                bytes.write(chunk, 0, n);
            }
        }

        @Override
        public void onAllDataRead() {
            if (done.compareAndSet(false, true)) {
                place.run();
                buffered.body = bytes.toByteArray();
                context.dispatch();
            }
        }

        @Override
        public void onError(Throwable t) {
            // the client went away (or the container's read timeout): nobody to answer
            if (done.compareAndSet(false, true)) {
                place.run();
                try {
                    context.complete();
                } catch (IllegalStateException ignored) {
                    // already completing
                }
            }
        }

        @Override
        public void onTimeout(AsyncEvent event) throws IOException {
            count("body-timeout");
            refuse(
                    408,
                    "BODY_TIMEOUT",
                    "The request body did not arrive within "
                            + limits.bodyTimeout().toMillis()
                            + " ms.");
        }

        @Override
        public void onError(AsyncEvent event) {
            onError(event.getThrowable());
        }

        @Override
        public void onComplete(AsyncEvent event) {
            if (done.compareAndSet(false, true)) {
                place.run();
            }
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
            // the dispatched request started a new async cycle: not ours
        }

        private void refuse(int status, String code, String message) throws IOException {
            if (done.compareAndSet(false, true)) {
                place.run();
                try {
                    answer(response, status, code, message);
                } finally {
                    context.complete();
                }
            }
        }
    }

    /**
     * The request as the filters and handlers after this one see it: the body from memory, and a
     * plain request (not an async dispatch: for them it has just come).
     */
    static final class Buffered extends HttpServletRequestWrapper {
        volatile byte[] body;

        Buffered(HttpServletRequest request) {
            super(request);
        }

        @Override
        public DispatcherType getDispatcherType() {
            DispatcherType type = super.getDispatcherType();
            return type == DispatcherType.ASYNC ? DispatcherType.REQUEST : type;
        }

        @Override
        public int getContentLength() {
            return body == null ? super.getContentLength() : body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body == null ? super.getContentLengthLong() : body.length;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (body == null) {
                return super.getInputStream();
            }
            ByteArrayInputStream in = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    return in.read(b, off, len);
                }

                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    try {
                        listener.onDataAvailable();
                        listener.onAllDataRead();
                    } catch (IOException e) {
                        listener.onError(e);
                    }
                }
            };
        }

        @Override
        public BufferedReader getReader() throws IOException {
            String encoding = getCharacterEncoding();
            Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
            return new BufferedReader(new InputStreamReader(getInputStream(), charset));
        }
    }
}
