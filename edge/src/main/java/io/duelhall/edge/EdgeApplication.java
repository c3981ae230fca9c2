package io.duelhall.edge;

import io.duelhall.command.CommandConfig;
import io.duelhall.command.api.ApiErrors;
import io.duelhall.command.limits.LimitsConfig;
import io.duelhall.command.rules.RulesConfig;
import java.util.List;
import java.util.stream.Collectors;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.SimpleCommandLinePropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * The spectator edge: a node that serves spectator views built from the public Kafka stream alone.
 * It has no event store, no database, no Axon and no write API; it scales out spectators without
 * touching the store. A deployable of its own, {@code java -jar edge/target/duelhall-edge-exec.jar}
 * (its class path has no database driver, no JPA and no Flyway), and still started by the app's jar
 * with {@code java -jar duelhall.jar --duelhall.mode=edge} (or {@code DUELHALL_MODE=edge}). Its
 * settings are {@code edge.yml} in this module, then any {@code application.yml} (the app jar's, or
 * an operator's beside the jar), then the environment and the command line.
 *
 * <p>Its context holds only the edge package, the rulesets, the clock, the error mapping and the
 * body reader of the abuse limits ({@link LimitsConfig}: request bodies are read without a thread,
 * bounded in size and time); the auto-configuration of Axon, JDBC, JPA and Flyway is left out (they
 * are on the class path for the app nodes).
 */
@SpringBootConfiguration
@ConditionalOnProperty(
        name = EdgeApplication.MODE,
        havingValue = "edge") // never in an app node's context
@EnableAutoConfiguration
// JsonErrors, SecurityHeaders, OperatorEndpoints (with AdminAuth): the edge's errors, headers and
// metrics follow the
// app node's (issue 20, findings 8 and 9); LimitsConfig: its streams and bodies are capped as an
// app node's (2 and 3)
@Import({
    EdgeConfig.class,
    RulesConfig.class,
    CommandConfig.class,
    ApiErrors.class,
    io.duelhall.query.http.StrictJson.class,
    LimitsConfig.class,
    io.duelhall.query.http.JsonErrors.class,
    io.duelhall.query.http.SecurityHeaders.class,
    io.duelhall.query.http.OperatorEndpoints.class,
    io.duelhall.query.AdminAuth.class
})
public class EdgeApplication {
    public static final String MODE = "duelhall.mode";

    /**
     * Whether {@code duelhall.mode=edge} is given on the command line, as a system property or in
     * the environment.
     */
    public static boolean requested(String... args) {
        StandardEnvironment env = new StandardEnvironment();
        env.getPropertySources().addFirst(new SimpleCommandLinePropertySource(args));
        return "edge".equalsIgnoreCase(env.getProperty(MODE, "app").trim());
    }

    /** The edge's own jar: {@code java -jar duelhall-edge-exec.jar [--server.port=8090]}. */
    public static void main(String[] args) {
        run(args);
    }

    public static SpringApplicationBuilder builder() {
        return new SpringApplicationBuilder(EdgeApplication.class)
                .properties(
                        MODE + "=edge",
                        "spring.config.name=edge,application",
                        "spring.autoconfigure.exclude=" + storeAutoConfigurations());
    }

    public static ConfigurableApplicationContext run(String... args) {
        return builder().run(args);
    }

    /**
     * Every auto-configuration of Axon, JDBC, JPA/Hibernate, Spring Data and Flyway on the class
     * path.
     */
    static String storeAutoConfigurations() {
        List<String> prefixes =
                List.of(
                        "org.axonframework.",
                        "org.springframework.boot.jdbc.",
                        "org.springframework.boot.jpa.",
                        "org.springframework.boot.hibernate.",
                        "org.springframework.boot.data.",
                        "org.springframework.boot.flyway.",
                        "org.springframework.boot.sql.",
                        "org.springframework.boot.transaction.jta.");
        return ImportCandidates.load(
                        AutoConfiguration.class, EdgeApplication.class.getClassLoader())
                .getCandidates()
                .stream()
                .filter(c -> prefixes.stream().anyMatch(c::startsWith))
                .collect(Collectors.joining(","));
    }
}
