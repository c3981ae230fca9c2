package io.duelhall.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code ./test} (README "Test it"), the project's test command: Maven options go to every step,
 * but an option that picks modules ({@code -pl}, {@code -rf}, {@code -am}, {@code -amd} and their
 * long forms) is refused before anything is built, since the groups are the modules. The refusal
 * comes before the groups' own check, so an unknown group ({@code TEST_GROUPS=none}) shows which
 * options got past it without a build.
 */
class TestScriptTest {
    record Ran(int exit, String output) {}

    static Ran test(String... options) throws Exception {
        Path root = Files.isRegularFile(Path.of("test")) ? Path.of(".") : Path.of("..");
        List<String> command = new ArrayList<>(List.of("bash", root.resolve("test").toString()));
        command.addAll(List.of(options));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("TEST_GROUPS", "none");
        Process p = pb.start();
        assertThat(p.waitFor(30, TimeUnit.SECONDS))
                .as("./test %s answers at once", command)
                .isTrue();
        return new Ran(
                p.exitValue(),
                new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void optionsThatPickModulesAreRefusedBeforeAnyBuild() throws Exception {
        for (String[] options :
                new String[][] {
                    {"-pl", "domain"},
                    {"-pldomain"},
                    {"--projects", "domain"},
                    {"--projects=domain"},
                    {"-rf", ":infra"},
                    {"--resume-from=:infra"},
                    {"-o", "-am"},
                    {"--also-make"},
                    {"-amd"},
                    {"--also-make-dependents"}
                }) {
            Ran ran = test(options);
            assertThat(ran.exit()).as("%s: %s", List.of(options), ran.output()).isEqualTo(2);
            assertThat(ran.output())
                    .as(List.of(options).toString())
                    .contains("picks modules")
                    .doesNotContain("no group none");
        }
    }

    @Test
    void otherMavenOptionsPassTheGuard() throws Exception {
        for (String[] options :
                new String[][] {
                    {"-DexcludedGroups=slow,browser,postgres,kafka"},
                    {"-o", "-Dtest=WindowTest"},
                    {"-Pquick"},
                    {"-Dplayers=2"}
                }) {
            Ran ran = test(options);
            assertThat(ran.exit()).as("%s: %s", List.of(options), ran.output()).isEqualTo(2);
            assertThat(ran.output())
                    .as("past the guard, stopped at the groups' check: %s", List.of(options))
                    .contains("no group none")
                    .doesNotContain("picks modules");
        }
    }
}
