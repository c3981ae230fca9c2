package io.duelhall.query.http;

import io.duelhall.command.api.ApiErrors;
import io.duelhall.command.limits.RoutedPath;
import io.duelhall.domain.RefusedException;
import io.duelhall.query.AdminAuth;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The metrics endpoints ({@code /actuator/metrics}, {@code /actuator/prometheus}) tell how the
 * server is built and loaded: operators only, with the admin token ({@code Authorization: Bearer
 * <duelhall.admin-token>}), as for {@code /api/admin} (issue 20, finding 9). {@code
 * /actuator/health} and {@code /actuator/info} stay public.
 */
@Component
public class OperatorEndpoints extends OncePerRequestFilter {
    private final AdminAuth admin;

    public OperatorEndpoints(AdminAuth admin) {
        this.admin = admin;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        // the path as routed, whatever its spelling (issue 45, finding 1)
        String path = RoutedPath.of(request);
        return !(path.equals("/actuator/metrics")
                || path.startsWith("/actuator/metrics/")
                || path.equals("/actuator/prometheus")
                || path.startsWith("/actuator/prometheus/"));
    }

    @Override
    protected void doFilterInternal(
            HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        try {
            admin.check(request.getHeader("Authorization"));
        } catch (RefusedException e) {
            int status = ApiErrors.status(e.refusal().category()).value();
            response.setStatus(status);
            response.setContentType("application/json");
            response.setCharacterEncoding("UTF-8");
            response.getWriter()
                    .write(JsonErrors.body(status, e.refusal().code(), e.refusal().message()));
            return;
        }
        chain.doFilter(request, response);
    }
}
