package io.duelhall.infra;

import io.duelhall.edge.EdgeApplication;
import io.duelhall.infra.fairness.AuditCommand;
import java.util.Arrays;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Configuration;

/**
 * The runnable application: assembles command, projections and query around one Axon configuration.
 *
 * <p>Scans all of {@code io.duelhall}. No JPA: the event store, the token store and the read models
 * are JDBC on the tables Flyway makes (issue 46: Hibernate's persistence unit, built for the token
 * table alone, cost ~6 s of every start).
 */
@SpringBootApplication(scanBasePackages = "io.duelhall")
public class DuelhallApplication {

    /** System property read by Axon's update checker (also: env AXONIQ_UPDATE_CHECKER_DISABLED). */
    static final String UPDATE_CHECKER_DISABLED = "axoniq.update-checker.disabled";

    /** System property that silences Axon's AxonIQ Console advertisement at start-up. */
    static final String CONSOLE_MESSAGE_DISABLED = "disable-axoniq-console-message";

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("audit")) {
            // the offline audit of a match record: no web server, no database (docs/fairness.md)
            System.exit(
                    AuditCommand.run(
                            Arrays.copyOfRange(args, 1, args.length), System.out, System.err));
            return;
        }
        // No network on our machines: the checker would only fail. An explicit -D...=false still
        // wins.
        defaultSystemProperty(UPDATE_CHECKER_DISABLED, "true");
        defaultSystemProperty(CONSOLE_MESSAGE_DISABLED, "true");
        if (EdgeApplication.requested(args)) {
            EdgeApplication.run(args); // a spectator edge: no store, no writes
            return;
        }
        SpringApplication.run(DuelhallApplication.class, args);
    }

    /**
     * An app node never runs as an edge: {@code duelhall.mode=edge} must reach {@link #main}, which
     * starts the edge instead.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = EdgeApplication.MODE, havingValue = "edge")
    static class NotAnEdge {
        NotAnEdge() {
            throw new IllegalStateException(
                    "duelhall.mode=edge starts the spectator edge (EdgeApplication), "
                            + "not an app node: start it through DuelhallApplication.main or EdgeApplication.run.");
        }
    }

    private static void defaultSystemProperty(String name, String value) {
        if (System.getProperty(name) == null) {
            System.setProperty(name, value);
        }
    }
}
