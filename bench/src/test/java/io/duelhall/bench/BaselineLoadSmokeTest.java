package io.duelhall.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@link BenchSmokeTest}'s longest run, the load against the plain-Axon baseline and the HTTP
 * floor, in a class of its own so that bench's two test JVMs share the module's time about evenly
 * (issue 47): this class in one, {@code BenchSmokeTest} in the other. No speed is asserted.
 */
@Tag("slow")
class BaselineLoadSmokeTest {
    /**
     * Issue 17: one {@code load --baseline --http-floor} run measures the app, then the plain-Axon
     * baseline (bench/baseline/target/baseline.jar), then the same requests on the baseline app's
     * endpoint with nothing behind it, and prints all three and their ratios.
     */
    @Test
    void loadWithBaselineMeasuresThePlainAxonBaselineInTheSameRun() throws Exception {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        Main.LoadRun run;
        try (java.io.PrintStream out =
                new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8)) {
            run =
                    Main.load(
                            new Args(
                                    new String[] {
                                        "--clients",
                                        "4",
                                        "--warmup",
                                        "1",
                                        "--seconds",
                                        "3",
                                        "--engine-seconds",
                                        "0",
                                        "--baseline",
                                        "--http-floor",
                                        "--curve",
                                        "1",
                                        // no warm-up of the levels' own (5 s in a measurement):
                                        // each level of 1 s only has to print its line (8 levels:
                                        // 8 s of the class)
                                        "--curve-warmup",
                                        "0"
                                    },
                                    0),
                            out);
        }
        String printed = bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
        BaselineLoad.Result baseline = run.baseline();
        assertThat(baseline).as(printed).isNotNull();
        assertThat(baseline.acceptedInAll()).as(printed).isPositive();
        assertThat(baseline.failed()).as(printed).isZero();
        assertThat(baseline.wrongVersions()).as(printed).isZero();
        assertThat(baseline.eventsSeen())
                .as("the baseline's processor reads every event stored: " + printed)
                .isEqualTo(baseline.acceptedInAll() * BaselineLoad.EVENTS_PER_COMMAND);
        // the work each window left behind is counted (issue 46): at least the window's own CPU
        assertThat(run.app().settledCpuMillis())
                .as(printed)
                .isGreaterThanOrEqualTo(run.app().appCpuMillis())
                .isPositive();
        assertThat(baseline.settledCpuMillis())
                .as(printed)
                .isGreaterThanOrEqualTo(baseline.appCpuMillis())
                .isPositive();
        assertThat(printed).contains("app CPU with the work the window left behind");
        BaselineLoad.Result floor = run.floor();
        assertThat(floor).as(printed).isNotNull();
        assertThat(floor.target()).isEqualTo(BaselineLoad.Target.HTTP_FLOOR);
        assertThat(floor.acceptedInAll()).as(printed).isPositive();
        assertThat(floor.failed()).as(printed).isZero();
        assertThat(floor.wrongVersions())
                .as("the floor answers each counter's version, 3 more each time: " + printed)
                .isZero();
        assertThat(printed)
                .contains("accepted intents/s")
                .contains("plain Axon baseline: ")
                .contains("duelhall ÷ baseline: intents/s ")
                .contains("HTTP floor (")
                .contains("duelhall ÷ HTTP floor: intents/s ")
                .contains("requests per accepted intent: ")
                .contains("load curve duelhall (max ")
                .contains("load curve baseline (max ")
                .contains(" 25% ")
                .contains(" 100% ");
    }
}
