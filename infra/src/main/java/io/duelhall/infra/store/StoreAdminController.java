package io.duelhall.infra.store;

import io.duelhall.query.AdminAuth;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/admin/backup} with the admin token: an online backup of the embedded store
 * (docs/operations.md).
 */
@RestController
class StoreAdminController {
    private final EmbeddedStore store;
    private final AdminAuth auth;

    public StoreAdminController(EmbeddedStore store, AdminAuth auth) {
        this.store = store;
        this.auth = auth;
    }

    @PostMapping(path = "/api/admin/backup", produces = "application/json")
    public EmbeddedStore.Backup backup(
            @RequestHeader(name = "Authorization", required = false) String authorization) {
        auth.check(authorization);
        return store.backup();
    }
}
