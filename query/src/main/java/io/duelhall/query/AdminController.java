package io.duelhall.query;

import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.projections.admin.ProjectionAdmin;
import io.duelhall.projections.admin.ProjectionAdmin.Progress;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Operations on the read models, for the holder of the admin token ({@code duelhall.admin-token},
 * e.g. from the environment variable DUELHALL_ADMIN_TOKEN; with none configured these endpoints are
 * closed).
 */
@RestController
@RequestMapping(path = "/api/admin/projections/{name}", produces = "application/json")
class AdminController {
    private final ProjectionAdmin admin;
    private final AdminAuth auth;

    public AdminController(ProjectionAdmin admin, AdminAuth auth) {
        this.admin = admin;
        this.auth = auth;
    }

    /**
     * Empties the read model and replays every stored event into it; answers at once with the
     * progress.
     */
    @PostMapping("/rebuild")
    public ResponseEntity<Progress> rebuild(
            @PathVariable String name,
            @RequestHeader(name = "Authorization", required = false) String authorization) {
        check(authorization, name);
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(admin.rebuild(name));
    }

    @GetMapping("/rebuild")
    public Progress progress(
            @PathVariable String name,
            @RequestHeader(name = "Authorization", required = false) String authorization) {
        check(authorization, name);
        return admin.progress(name);
    }

    private void check(String authorization, String name) {
        auth.check(authorization);
        if (!admin.knows(name)) {
            throw new RefusedException(
                    Refusal.notFound(
                            "UNKNOWN_PROJECTION",
                            "No read model '" + name + "'; known: " + admin.names() + "."));
        }
    }
}
