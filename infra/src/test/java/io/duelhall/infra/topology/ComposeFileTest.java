package io.duelhall.infra.topology;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.edge.EdgeApplication;
import io.duelhall.infra.cluster.NodeConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.common.utils.AppInfoParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * There is no Docker engine here, so docker-compose.yml is checked against what the app expects:
 * every service is there with an image and a health check, every environment variable of an app
 * node or the edge is one the app reads, ports match {@code server.port}, the app nodes reach
 * PostgreSQL and Kafka where those listen, and the load balancer's config (mounted from the repo)
 * sends to both app nodes.
 */
class ComposeFileTest {
    static Path root;
    static Map<String, Object> compose;
    static Map<String, Map<String, Object>> services;
    static String applicationYml;
    static String postgresYml;

    @BeforeAll
    @SuppressWarnings("unchecked")
    static void read() throws IOException {
        root = Path.of("").toAbsolutePath();
        while (!Files.exists(root.resolve("docker-compose.yml"))) {
            root = root.getParent();
        }
        compose = new Yaml().load(Files.readString(root.resolve("docker-compose.yml")));
        services = (Map<String, Map<String, Object>>) compose.get("services");
        applicationYml = Files.readString(root.resolve("infra/src/main/resources/application.yml"));
        postgresYml =
                Files.readString(root.resolve("infra/src/main/resources/application-postgres.yml"));
    }

    @Test
    void everyServiceIsThereWithAnImageAndAHealthCheck() {
        assertThat(services).containsOnlyKeys("postgres", "kafka", "app-1", "app-2", "edge", "lb");
        services.forEach(
                (name, s) -> {
                    assertThat(s.get("image")).as(name + " image").isInstanceOf(String.class);
                    assertThat(s).as(name + " health check").containsKey("healthcheck");
                });
        assertThat(image("postgres")).startsWith("postgres:17");
        assertThat(image("lb")).startsWith("nginx:");
        // the broker is the version of the Kafka client the app is built with
        assertThat(image("kafka")).isEqualTo("apache/kafka:" + AppInfoParser.getVersion());
        for (String app : List.of("app-1", "app-2", "edge")) {
            assertThat(image(app)).isEqualTo("duelhall:latest");
        }
        assertThat(services.get("app-1").get("build")).isEqualTo(".");
        assertThat(root.resolve("Dockerfile")).exists();
    }

    @Test
    void theAppImageRunsTheJarTheBuildMakes() throws IOException {
        String dockerfile = Files.readString(root.resolve("Dockerfile"));
        String pom = Files.readString(root.resolve("infra/pom.xml"));
        Matcher finalName = Pattern.compile("<finalName>(.+?)</finalName>").matcher(pom);
        assertThat(finalName.find()).isTrue();
        assertThat(dockerfile)
                .contains("infra/target/" + finalName.group(1) + ".jar")
                .contains("EXPOSE " + serverPort(Map.of()))
                .contains("COPY . .");
    }

    @Test
    @SuppressWarnings("unchecked")
    void appNodesAndTheEdgeGetOnlySettingsTheAppReads() {
        Set<String> known = new HashSet<>(flatKeys(applicationYml));
        known.addAll(flatKeys(postgresYml));
        known.addAll(
                List.of(
                        NodeConfig.NODE_NAME,
                        EdgeApplication.MODE,
                        "server.port",
                        "spring.profiles.active",
                        "server.forward-headers-strategy",
                        "duelhall.signing.key-file"));
        for (String app : List.of("app-1", "app-2", "edge")) {
            Map<String, Object> env = env(app);
            for (String key : env.keySet()) {
                boolean placeholder =
                        applicationYml.contains("${" + key + ":")
                                || postgresYml.contains("${" + key + ":");
                boolean property =
                        known.stream()
                                .anyMatch(
                                        k ->
                                                relaxed(k)
                                                        .equals(
                                                                key.toLowerCase(Locale.ROOT)
                                                                        .replace("_", "")));
                assertThat(placeholder || property)
                        .as("%s: %s is a setting the app reads", app, key)
                        .isTrue();
            }
            assertThat(env.get("KAFKA_BOOTSTRAP_SERVERS")).as(app).isEqualTo("kafka:9092");
            // the health check asks the port the node listens on
            assertThat(
                            String.valueOf(
                                    ((Map<?, ?>) services.get(app).get("healthcheck")).get("test")))
                    .contains("http://localhost:" + serverPort(env) + "/actuator/health");
        }
        for (String app : List.of("app-1", "app-2")) {
            Map<String, Object> env = env(app);
            assertThat(env.get("SPRING_PROFILES_ACTIVE")).isEqualTo("postgres");
            assertThat(env.get("DUELHALL_DB_URL"))
                    .isEqualTo(
                            "jdbc:postgresql://postgres:5432/"
                                    + env("postgres").get("POSTGRES_DB"));
            assertThat(env.get("DUELHALL_DB_USER")).isEqualTo(env("postgres").get("POSTGRES_USER"));
            assertThat(env.get("DUELHALL_DB_PASSWORD"))
                    .isEqualTo(env("postgres").get("POSTGRES_PASSWORD"));
        }
        assertThat(env("app-1").get("DUELHALL_NODE_NAME"))
                .isNotEqualTo(env("app-2").get("DUELHALL_NODE_NAME"));
        // one signing key on a volume both nodes mount: what one node exports the other audits
        String keyFile = env("app-1").get("DUELHALL_SIGNING_KEY_FILE").toString();
        assertThat(env("app-2").get("DUELHALL_SIGNING_KEY_FILE")).isEqualTo(keyFile);
        for (String app : List.of("app-1", "app-2")) {
            assertThat((List<Object>) services.get(app).get("volumes"))
                    .anyMatch(v -> keyFile.startsWith(v.toString().split(":")[1]));
        }
        assertThat(
                        root.resolve(
                                "infra/src/main/java/io/duelhall/infra/fairness/FairnessConfig.java"))
                .content()
                .contains("duelhall.signing.key-file");
        assertThat(env("edge").get("DUELHALL_MODE")).isEqualTo("edge");
        assertThat(
                        EdgeApplication.requested(
                                "--"
                                        + EdgeApplication.MODE
                                        + "="
                                        + env("edge").get("DUELHALL_MODE")))
                .isTrue();
        assertThat((List<Object>) services.get("edge").get("ports"))
                .containsExactly("8090:" + serverPort(env("edge")));
        assertThat(
                        root.resolve(
                                "infra/src/main/resources/application-"
                                        + env("app-1").get("SPRING_PROFILES_ACTIVE")
                                        + ".yml"))
                .exists();
    }

    @Test
    void kafkaIsOneKraftBrokerWhereTheAppsLookForIt() {
        Map<String, Object> env = env("kafka");
        assertThat(env.get("KAFKA_PROCESS_ROLES").toString())
                .contains("broker")
                .contains("controller");
        assertThat(env.get("KAFKA_ADVERTISED_LISTENERS").toString())
                .contains("PLAINTEXT://kafka:9092");
        assertThat(env.get("KAFKA_CONTROLLER_QUORUM_VOTERS").toString()).isEqualTo("1@kafka:9093");
    }

    @Test
    @SuppressWarnings("unchecked")
    void theLoadBalancerSendsToBothAppNodes() throws IOException {
        Map<String, Object> lb = services.get("lb");
        String mount = ((List<?>) lb.get("volumes")).get(0).toString();
        String[] parts = mount.split(":");
        Path conf = root.resolve(parts[0]);
        assertThat(conf).as("the config file the lb mounts").exists();
        assertThat(parts[1]).isEqualTo("/etc/nginx/nginx.conf");
        String nginx = Files.readString(conf);
        for (String app : List.of("app-1", "app-2")) {
            assertThat(nginx).contains("server " + app + ":" + serverPort(env(app)));
            assertThat((Map<Object, Object>) lb.get("depends_on")).containsKey(app);
        }
        assertThat(nginx).contains("listen 80;");
        assertThat((List<Object>) lb.get("ports")).containsExactly("8080:80");
    }

    // ---- helpers ----

    private static String image(String service) {
        return services.get(service).get("image").toString();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> env(String service) {
        return (Map<String, Object>) services.get(service).get("environment");
    }

    /** The port a node listens on: SERVER_PORT if set, else application.yml's server.port. */
    private static String serverPort(Map<String, Object> env) {
        if (env.containsKey("SERVER_PORT")) {
            return env.get("SERVER_PORT").toString();
        }
        Matcher m =
                Pattern.compile("(?m)^server:\\s*\\n\\s+port:\\s*(\\d+)").matcher(applicationYml);
        assertThat(m.find()).isTrue();
        return m.group(1);
    }

    /** A property name as Spring's relaxed binding matches it against an environment variable. */
    private static String relaxed(String property) {
        return property.toLowerCase(Locale.ROOT).replace(".", "").replace("-", "").replace("_", "");
    }

    /** Every key of a YAML file, dotted ("spring.datasource.url"). */
    @SuppressWarnings("unchecked")
    private static Set<String> flatKeys(String yaml) {
        Set<String> out = new HashSet<>();
        flatten("", new Yaml().load(yaml), out);
        return out;
    }

    @SuppressWarnings("unchecked")
    private static void flatten(String prefix, Object node, Set<String> out) {
        if (node instanceof Map<?, ?> m) {
            m.forEach(
                    (k, v) -> flatten(prefix.isEmpty() ? k.toString() : prefix + "." + k, v, out));
        } else {
            out.add(prefix);
        }
    }
}
