package io.duelhall.command.limits;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.duelhall.domain.SeatTokens;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Abuse limits in front of the write API: request bodies above the limit get 413; too many intents
 * per seat token or per address, too many matches created or seats taken per address get 429 with
 * {@code Retry-After}. Buckets (Bucket4j) live in a bounded Caffeine cache; refusals are counted in
 * the metric {@code duelhall.limits.refused} by limit.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
public class RateLimitFilter extends OncePerRequestFilter {
    private static final Pattern INTENTS = Pattern.compile("^/api/matches/[^/]+/intents/?$");
    private static final Pattern SEATS = Pattern.compile("^/api/matches/[^/]+/seats/?$");
    // a queue ticket is a seat to be: it shares the seats' budget (issue 40)
    private static final Pattern QUEUE_JOINS = Pattern.compile("^/api/queues/[^/]+/tickets/?$");
    private static final Pattern CREATE = Pattern.compile("^/api/matches/?$");
    private static final Pattern AUDIT = Pattern.compile("^/api/audit/?$");

    /**
     * Log-ins and registrations: a fixed budget per address against password guessing (issue 20
     * item 4).
     */
    private static final Pattern ACCOUNTS = Pattern.compile("^/api/(sessions|players)/?$");

    private final LimitsProperties limits;
    private final ObjectProvider<MeterRegistry> meters;
    private final Cache<String, Bucket> buckets =
            Caffeine.newBuilder()
                    .maximumSize(200_000)
                    .expireAfterAccess(Duration.ofMinutes(10))
                    .build();

    public RateLimitFilter(LimitsProperties limits, ObjectProvider<MeterRegistry> meters) {
        this.limits = limits;
        this.meters = meters;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !limits.enabled()
                || !"POST".equalsIgnoreCase(request.getMethod())
                || !RoutedPath.of(request).startsWith("/api/");
    }

    @Override
    protected void doFilterInternal(
            HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        // the path as the application routes it, whatever its spelling (issue 45, finding 1)
        String path = RoutedPath.of(request);
        int maxBody = maxBody(limits, path);
        long length = request.getContentLengthLong();
        if (length > maxBody) {
            tooLarge(response, maxBody);
            return;
        }
        String address = request.getRemoteAddr();
        if (INTENTS.matcher(path).matches()) {
            String token = SeatTokens.bearer(request.getHeader("Authorization"));
            if (token != null
                    && refuse(
                            response,
                            "intents-per-token",
                            "token:" + SeatTokens.hash(token),
                            () ->
                                    perSecond(
                                            limits.intentsPerTokenPerSecond(),
                                            limits.intentsPerTokenBurst()))) {
                return;
            }
            if (refuse(
                    response,
                    "intents-per-address",
                    "ip-intents:" + address,
                    () ->
                            perSecond(
                                    limits.intentsPerAddressPerSecond(),
                                    limits.intentsPerAddressBurst()))) {
                return;
            }
        } else if (SEATS.matcher(path).matches() || QUEUE_JOINS.matcher(path).matches()) {
            if (refuse(
                    response,
                    "seats-per-address",
                    "ip-seats:" + address,
                    () -> perMinute(limits.seatsPerAddressPerMinute()))) {
                return;
            }
        } else if (CREATE.matcher(path).matches()) {
            if (refuse(
                    response,
                    "creates-per-address",
                    "ip-create:" + address,
                    () -> perMinute(limits.createsPerAddressPerMinute()))) {
                return;
            }
        } else if (ACCOUNTS.matcher(path).matches()) {
            if (refuse(
                    response,
                    "logins-per-address",
                    "ip-login:" + address,
                    () -> perMinute(limits.loginsPerAddressPerMinute()))) {
                return;
            }
        } else if (AUDIT.matcher(path).matches()) {
            if (refuse(
                    response,
                    "audits-per-address",
                    "ip-audit:" + address,
                    () -> perMinute(limits.auditsPerAddressPerMinute()))) {
                return;
            }
        }
        chain.doFilter(length < 0 ? new LimitedRequest(request, maxBody) : request, response);
    }

    /** The largest body a request to {@code path} may have. */
    static int maxBody(LimitsProperties limits, String path) {
        // a match record is far larger than any request of play: the audit upload has a limit of
        // its own
        return AUDIT.matcher(path).matches() ? limits.maxRecordBytes() : limits.maxBodyBytes();
    }

    private static Bucket perSecond(int rate, int burst) {
        return Bucket.builder()
                .addLimit(
                        Bandwidth.builder()
                                .capacity(burst)
                                .refillGreedy(rate, Duration.ofSeconds(1))
                                .build())
                .build();
    }

    private static Bucket perMinute(int rate) {
        return Bucket.builder()
                .addLimit(
                        Bandwidth.builder()
                                .capacity(rate)
                                .refillGreedy(rate, Duration.ofMinutes(1))
                                .build())
                .build();
    }

    private boolean refuse(
            HttpServletResponse response, String limit, String key, Supplier<Bucket> make)
            throws IOException {
        ConsumptionProbe probe = buckets.get(key, k -> make.get()).tryConsumeAndReturnRemaining(1);
        if (probe.isConsumed()) {
            return false;
        }
        long seconds =
                Math.max(1, (probe.getNanosToWaitForRefill() + 999_999_999L) / 1_000_000_000L);
        count(limit);
        response.setStatus(429);
        response.setHeader("Retry-After", Long.toString(seconds));
        write(
                response,
                "RATE_LIMITED",
                "Too many requests (" + limit + "); retry after " + seconds + " s.");
        return true;
    }

    private void tooLarge(HttpServletResponse response, int maxBody) throws IOException {
        count("body-size");
        response.setStatus(413);
        write(
                response,
                "PAYLOAD_TOO_LARGE",
                "The request body is larger than " + maxBody + " bytes.");
    }

    private void count(String limit) {
        MeterRegistry registry = meters.getIfAvailable();
        if (registry != null) {
            registry.counter("duelhall.limits.refused", "limit", limit).increment();
        }
    }

    private static void write(HttpServletResponse response, String code, String message)
            throws IOException {
        response.setContentType("application/json");
        response.getOutputStream()
                .write(
                        ("{\"error\":\""
                                        + code
                                        + "\",\"message\":\""
                                        + message
                                        + "\",\"rule\":null}")
                                .getBytes(StandardCharsets.UTF_8));
    }

    /**
     * A body of unknown length is cut off at the limit: reading past it fails with {@link
     * BodyTooLargeException}.
     */
    static final class LimitedRequest extends HttpServletRequestWrapper {
        private final int max;

        LimitedRequest(HttpServletRequest request, int max) {
            super(request);
            this.max = max;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            ServletInputStream in = super.getInputStream();
            return new ServletInputStream() {
                private long read;

                @Override
                public int read() throws IOException {
                    int b = in.read();
                    if (b >= 0 && ++read > max) {
                        throw new BodyTooLargeException(max);
                    }
                    return b;
                }

                @Override
                public int read(byte[] buf, int off, int len) throws IOException {
                    int n = in.read(buf, off, len);
                    if (n > 0 && (read += n) > max) {
                        throw new BodyTooLargeException(max);
                    }
                    return n;
                }

                @Override
                public boolean isFinished() {
                    return in.isFinished();
                }

                @Override
                public boolean isReady() {
                    return in.isReady();
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    in.setReadListener(listener);
                }
            };
        }
    }

    /** Thrown while reading a chunked body past the limit; ApiErrors answers 413. */
    public static final class BodyTooLargeException extends IOException {
        public BodyTooLargeException(int max) {
            super("request body larger than " + max + " bytes");
        }
    }
}
