package io.duelhall.query.http;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Headers on every answer (issue 20, finding 9): the web pages may not be framed by another site
 * ({@code X-Frame-Options: DENY} and CSP {@code frame-ancestors 'none'}), run only this server's
 * scripts and styles and talk only to it (a Content-Security-Policy without {@code unsafe-inline}
 * or {@code unsafe-eval}: the pages are static files with their scripts and styles in files of
 * their own), no MIME sniffing, no referrer. The Swagger UI (springdoc's bundled page, which sets
 * inline styles) gets the framing and sniffing headers but not the CSP.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
public class SecurityHeaders extends OncePerRequestFilter {
    public static final String CSP =
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                    + "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
                    + "frame-ancestors 'none'";

    @Override
    protected void doFilterInternal(
            HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Referrer-Policy", "no-referrer");
        String path = request.getRequestURI();
        if (!path.startsWith("/swagger-ui")) {
            response.setHeader("Content-Security-Policy", CSP);
        }
        chain.doFilter(request, response);
    }
}
