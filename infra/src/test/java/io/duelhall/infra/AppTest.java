package io.duelhall.infra;

import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Base of the tests that run the whole app on a random port. They share one Spring context (one H2
 * file database under target/), so the suite starts the app once.
 */
@SpringBootTest(
        classes = DuelhallApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        // the test clients probe with refused intents far faster than a player plays;
        // LimitsHttpTest tests the limits
        properties = {
            "duelhall.limits.intents-per-token-per-second=1000",
            "duelhall.limits.intents-per-token-burst=2000",
            "duelhall.limits.creates-per-address-per-minute=100000",
            "duelhall.limits.seats-per-address-per-minute=100000",
            "duelhall.limits.audits-per-address-per-minute=100000",
            // tests register and log in players from one address; IdentitiesHttpTest tests this
            // limit on its own
            "duelhall.limits.logins-per-address-per-minute=100000",
            // StreamHttpTest opens 200 streams from 127.0.0.1; FloodHttpTest tests the caps
            "duelhall.stream.max-per-address=100000",
            // as behind a proxy on this machine (docs/operations.md): a client's address is its
            // X-Forwarded-For when it comes through 127.0.0.1 or ::1, so browser sessions of one
            // machine
            // can stand for players of different addresses (WebQueueTest); other loopback
            // addresses (QueueHttpTest's 127.0.0.N) are clients, whose header is not believed
            "server.forward-headers-strategy=native",
            "server.tomcat.remoteip.internal-proxies=127.0.0.1/32, ::1/128",
            "server.tomcat.remoteip.remote-ip-header=X-Forwarded-For",
            // every pooled connection watched for use from a second thread, after its close, a
            // second close, and a physical connection lent twice (ConnectionOwnerGuard; the 500s
            // from a shared Hikari connection seen three times: docs/reliability.md, "Found and
            // fixed")
            "duelhall.test.connection-guard=true",
            AppTest.PASSWORD_COST_PROPERTY,
            // the embedded store's compaction while running: 5 % of the test JVM's CPU in
            // HiddenInformationTest's profile (issue 47), and what the shared app's tests check
            // does not depend on the file's layout; StoreCompactorTest runs it (every 0.1 s, under
            // AI matches, then a restart and an audit), and the app started as a process
            // (CrashRecoveryTest, bench) runs it as shipped
            "duelhall.store.compact.interval=PT0S"
        })
public abstract class AppTest {
    /**
     * BCrypt's cost in the test apps: its lowest (2^4 rounds, not the shipped 2^10). Registrations
     * and log-ins were 12 % of the test JVMs' CPU (issue 47, session 32); the same code runs, and
     * DuelhallApplicationSmokeTest, whose app runs the shipped settings, checks the shipped cost.
     */
    public static final int PASSWORD_COST = 4;

    /** {@link #PASSWORD_COST} as the app's property, for every app the tests start. */
    public static final String PASSWORD_COST_PROPERTY =
            "duelhall.accounts.password-cost=" + PASSWORD_COST;

    /** The admin token of the test app (duelhall.admin-token). */
    public static final String ADMIN_TOKEN = "test-admin-" + UUID.randomUUID();

    /**
     * A data directory per context, not per suite: a subclass with its own properties
     * (FuzzHttpTest) starts a second app, and two apps on one embedded store would each trust their
     * caches and run each other's clocks (the server's data-directory lock now refuses that start).
     */
    /**
     * No pooled connection was used from a second thread, after its close or closed twice, and no
     * physical connection lent twice, while this class ran ({@link
     * io.duelhall.infra.reliability.ConnectionOwnerGuard}; each such use is printed with where the
     * connection was borrowed).
     */
    @org.junit.jupiter.api.AfterAll
    static void noConnectionMisused() {
        List<String> seen =
                List.copyOf(io.duelhall.infra.reliability.ConnectionOwnerGuard.VIOLATIONS);
        io.duelhall.infra.reliability.ConnectionOwnerGuard.VIOLATIONS.clear();
        org.assertj.core.api.Assertions.assertThat(seen)
                .as("pooled connections used across threads or after their close")
                .isEmpty();
    }

    @DynamicPropertySource
    static void dataDir(DynamicPropertyRegistry registry) {
        Path dir = Path.of("target", "test-data", UUID.randomUUID().toString()).toAbsolutePath();
        registry.add("duelhall.data-dir", dir::toString);
        registry.add("duelhall.admin-token", () -> ADMIN_TOKEN);
        // SSE heartbeats every second, so a test sees one without waiting the default 15 s
        registry.add("duelhall.stream.heartbeat-seconds", () -> "1");
    }
}
