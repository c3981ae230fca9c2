package io.duelhall.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * STYLE.md §1: the rules engine imports no framework, persistence or JSON library. A quick source
 * scan, here in the domain module; {@code infra/.../arch/ArchitectureTest} checks the compiled
 * domain depends on the JDK alone.
 */
class DomainPurityTest {
    private static final List<String> FORBIDDEN =
            List.of(
                    "org.springframework",
                    "org.axonframework",
                    "jakarta.persistence",
                    "javax.persistence",
                    "com.fasterxml",
                    "tools.jackson");
    private static final Pattern IMPORT =
            Pattern.compile("^\\s*import\\s+(?:static\\s+)?([\\w.]+)");

    /**
     * A fully qualified use without an import, e.g.
     * {@code @com.fasterxml.jackson.annotation.JsonProperty}.
     */
    private static final Pattern QUALIFIED =
            Pattern.compile(
                    "\\b(org\\.springframework|org\\.axonframework|jakarta\\.persistence|javax\\.persistence|com\\.fasterxml|tools\\.jackson)\\.");

    /**
     * The violations in one source text: imports of a forbidden package, and qualified uses outside
     * comments.
     */
    static List<String> violations(String file, String source) {
        List<String> out = new ArrayList<>();
        String[] lines = source.split("\\R");
        boolean inBlockComment = false;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            String code = line;
            if (inBlockComment) {
                int end = code.indexOf("*/");
                if (end < 0) {
                    continue;
                }
                code = code.substring(end + 2);
                inBlockComment = false;
            }
            int start = code.indexOf("/*");
            if (start >= 0) {
                int end = code.indexOf("*/", start + 2);
                inBlockComment = end < 0;
                code = code.substring(0, start) + (end < 0 ? "" : code.substring(end + 2));
            }
            int lineComment = code.indexOf("//");
            if (lineComment >= 0) {
                code = code.substring(0, lineComment);
            }
            Matcher m = IMPORT.matcher(code);
            if (m.find() && FORBIDDEN.stream().anyMatch(p -> m.group(1).startsWith(p))) {
                out.add(file + ":" + (i + 1) + ": " + line.trim());
            } else if (QUALIFIED.matcher(code).find()) {
                out.add(file + ":" + (i + 1) + ": " + line.trim());
            }
        }
        return out;
    }

    @Test
    @DisplayName(
            "domain/src/main/java imports nothing from Spring, Axon, JPA (jakarta/javax) or Jackson (2 or 3)")
    void noFrameworkImports() throws IOException {
        Path root = Path.of("src/main/java"); // surefire runs in the module directory
        assertThat(root).isDirectory();
        List<Path> sources;
        try (Stream<Path> walk = Files.walk(root)) {
            sources = walk.filter(p -> p.toString().endsWith(".java")).toList();
        }
        assertThat(sources)
                .as("the scan must see the engine's sources")
                .hasSizeGreaterThan(40)
                .anyMatch(p -> p.endsWith(Path.of("io/duelhall/domain/voidexa/Decider.java")));
        List<String> violations = new ArrayList<>();
        for (Path p : sources) {
            violations.addAll(violations(root.relativize(p).toString(), Files.readString(p)));
        }
        assertThat(violations).isEmpty();
    }

    @Test
    @DisplayName("the scan recognises forbidden imports and qualified uses, and ignores comments")
    void scannerSelfTest() {
        assertThat(
                        violations(
                                "X.java",
                                "package a;\nimport org.springframework.stereotype.Service;\n"))
                .hasSize(1);
        assertThat(
                        violations(
                                "X.java",
                                "import static com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT;"))
                .hasSize(1);
        assertThat(violations("X.java", "  import jakarta.persistence.Entity;")).hasSize(1);
        assertThat(violations("X.java", "import javax.persistence.Id;")).hasSize(1);
        assertThat(
                        violations(
                                "X.java",
                                "import org.axonframework.modelling.command.AggregateLifecycle;"))
                .hasSize(1);
        assertThat(violations("X.java", "import tools.jackson.databind.ObjectMapper;")).hasSize(1);
        assertThat(
                        violations(
                                "X.java",
                                "class X { @com.fasterxml.jackson.annotation.JsonProperty int x; }"))
                .hasSize(1);
        assertThat(
                        violations(
                                "X.java",
                                "import java.util.List;\nimport io.duelhall.domain.Seat;\n"))
                .isEmpty();
        assertThat(
                        violations(
                                "X.java",
                                "/** read outside: com.fasterxml.jackson\n * org.springframework. */\n// tools.jackson.x\n"))
                .isEmpty();
    }
}
