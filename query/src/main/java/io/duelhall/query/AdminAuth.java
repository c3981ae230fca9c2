package io.duelhall.query;

import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.SeatTokens;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The admin token ({@code duelhall.admin-token}, e.g. from the environment variable
 * DUELHALL_ADMIN_TOKEN) that opens the operators' endpoints under {@code /api/admin}; with none
 * configured they are closed. Players and spectators never hold it.
 */
@Component
public class AdminAuth {
    private final byte[] adminToken;

    public AdminAuth(@Value("${duelhall.admin-token:}") String adminToken) {
        this.adminToken =
                adminToken == null || adminToken.isBlank()
                        ? null
                        : adminToken.getBytes(StandardCharsets.UTF_8);
    }

    /** Refuses (401/403) unless {@code authorization} is {@code Bearer <the admin token>}. */
    public void check(String authorization) {
        String token = SeatTokens.bearer(authorization);
        if (token == null) {
            throw new RefusedException(
                    Refusal.unauthorized(
                            "MISSING_TOKEN",
                            "Send the admin token as 'Authorization: Bearer <token>'."));
        }
        if (adminToken == null) {
            throw new RefusedException(
                    Refusal.forbidden(
                            "ADMIN_DISABLED",
                            null,
                            "No admin token is configured on this server (duelhall.admin-token)."));
        }
        if (!MessageDigest.isEqual(adminToken, token.getBytes(StandardCharsets.UTF_8))) {
            throw new RefusedException(
                    Refusal.unauthorized("BAD_TOKEN", "This is not the admin token."));
        }
    }
}
