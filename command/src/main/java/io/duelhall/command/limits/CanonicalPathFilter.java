package io.duelhall.command.limits;

import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses, with {@code 400 BAD_PATH} and before any other filter reads the path, a request whose
 * URI is a second spelling of another path: path parameters, dot segments, {@code //}, encoded
 * slashes or dots, backslashes, control characters ({@link RoutedPath#problem}). Issue 45, finding
 * 1: {@code POST /api/sessions;x=1} was routed to the log-in handler but passed by every limit
 * keyed on the plain path. The limits themselves key on {@link RoutedPath#of}, so a spelling this
 * filter lets through (percent-encoded letters, case, a trailing slash) meets the same bucket.
 */
class CanonicalPathFilter extends OncePerRequestFilter {
    private final ObjectProvider<MeterRegistry> meters;

    public CanonicalPathFilter(ObjectProvider<MeterRegistry> meters) {
        this.meters = meters;
    }

    @Override
    protected void doFilterInternal(
            HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String problem = RoutedPath.problem(request.getRequestURI());
        if (problem == null) {
            chain.doFilter(request, response);
            return;
        }
        MeterRegistry registry = meters.getIfAvailable();
        if (registry != null) {
            registry.counter("duelhall.limits.refused", "limit", "path-spelling").increment();
        }
        response.setStatus(400);
        response.setHeader("Connection", "close");
        response.setContentType("application/json");
        response.getOutputStream()
                .write(
                        ("{\"error\":\"BAD_PATH\",\"message\":\"The request path is not in its"
                                        + " plain form: "
                                        + problem
                                        + ".\",\"rule\":null}")
                                .getBytes(StandardCharsets.UTF_8));
    }
}
