package io.duelhall.query.log;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Viewer;
import io.duelhall.projections.Matches;
import io.duelhall.projections.view.Views;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * A quick in-process measurement of a replay's CPU (not part of the suite — the name matches none
 * of surefire's patterns — and not a benchmark of record): the work of {@code GET /replay?at=N}
 * after the match is read (fold to N from the kept state, render, JSON) with the whole view written
 * by the mapper (before issue 18's {@link ViewJson}) and with {@link ViewJson}, interleaved on one
 * thread, random steps of one whole match, medians of thread CPU time. Run: {@code ./mvnw -o -q
 * test -pl query -am -Dtest=ViewJsonTiming -Dsurefire.failIfNoSpecifiedTests=false}; prints one
 * line.
 */
class ViewJsonTiming {
    @Test
    void timeIt() {
        JsonMapper json = JsonMapper.builder().build();
        List<RecordedEvent> events = Matches.play("t", 11, 5000);
        MatchLog log = new MatchLog("t", Matches.RULES, events);
        ViewJson viewJson = new ViewJson(json, 32);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Random r = new Random(1);
        int warm = 20_000;
        int runs = 20_000;
        long[] before = new long[runs];
        long[] after = new long[runs];
        for (int i = 0; i < warm + runs; i++) {
            int n = r.nextInt(events.size());
            long t0 = mx.getCurrentThreadCpuTime();
            MatchLog a = log.upTo(n);
            String whole =
                    json.writeValueAsString(
                            Views.render(
                                    a.ruleset(),
                                    a.state(),
                                    Viewer.SPECTATOR,
                                    n,
                                    a.events(),
                                    a.runningClock()));
            long t1 = mx.getCurrentThreadCpuTime();
            String spliced = viewJson.render(log.upTo(n), Viewer.SPECTATOR, n);
            long t2 = mx.getCurrentThreadCpuTime();
            if (i >= warm) {
                before[i - warm] = t1 - t0;
                after[i - warm] = t2 - t1;
                assertThat(spliced.length()).isEqualTo(whole.length());
            }
        }
        Arrays.sort(before);
        Arrays.sort(after);
        System.out.printf(
                "replay work of a %d-event match, %d random steps: mapper p50 %.1f µs, p90 %.1f µs;"
                        + " ViewJson p50 %.1f µs, p90 %.1f µs; ratio of medians %.2f; load %s%n",
                events.size(),
                runs,
                before[runs / 2] / 1000.0,
                before[runs * 9 / 10] / 1000.0,
                after[runs / 2] / 1000.0,
                after[runs * 9 / 10] / 1000.0,
                (double) after[runs / 2] / before[runs / 2],
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }
}
