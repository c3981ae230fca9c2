package io.duelhall.infra.fairness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.duelhall.domain.Ruleset;
import io.duelhall.fairness.record.MatchRecords;
import io.duelhall.fairness.record.RecordDecoder;
import io.duelhall.fairness.record.StoredEvent;
import io.duelhall.fairness.signing.ServerKey;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * A quick in-process measurement of the audit's CPU (not a test, not a benchmark of record): the
 * work of {@code GET /api/matches/{id}/audit} after the store is read (record built, signed,
 * audited, report written) and of {@code POST /api/audit} (body read, audited, report written), on
 * records made by {@link RecordFixtures}. Warm-up, then the median thread CPU time of repeated
 * runs. Run with the test classpath: {@code java -cp
 * infra/target/test-classes:infra/target/classes:<deps> io.duelhall.infra.fairness.AuditTiming
 * [runs]}.
 */
public final class AuditTiming {
    private AuditTiming() {}

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        Path dir = Files.createTempDirectory("audit-timing");
        ServerKey key = RecordFixtures.key(dir);
        // seeds picked for match lengths close to the benchmark's (about 600 and 1,250 events)
        for (long seed : pick()) {
            RecordFixtures.Store store = RecordFixtures.played(seed);
            String text = RecordFixtures.record(store, key);
            Runnable get = () -> check(getAudit(store.events, key));
            Runnable post = () -> check(postAudit(text, key));
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            for (int i = 0; i < runs; i++) {
                get.run();
                post.run();
            }
            long[] g = new long[runs];
            long[] p = new long[runs];
            for (int i = 0; i < runs; i++) {
                long t0 = mx.getCurrentThreadCpuTime();
                get.run();
                long t1 = mx.getCurrentThreadCpuTime();
                post.run();
                long t2 = mx.getCurrentThreadCpuTime();
                g[i] = t1 - t0;
                p[i] = t2 - t1;
            }
            System.out.printf(
                    "%d events (seed %d, record %d chars): GET %.2f ms, POST %.2f ms (median thread CPU of %d)%n",
                    store.events.size(),
                    seed,
                    text.length(),
                    median(g) / 1e6,
                    median(p) / 1e6,
                    runs);
        }
    }

    /**
     * The GET and POST work on one record of a seeded match, for a driver that compares builds in
     * one process.
     */
    public static Runnable[] tasks(long seed) throws Exception {
        ServerKey key = RecordFixtures.key(Files.createTempDirectory("audit-timing"));
        RecordFixtures.Store store = RecordFixtures.played(seed);
        String text = RecordFixtures.record(store, key);
        return new Runnable[] {
            () -> check(getAudit(store.events, key)), () -> check(postAudit(text, key))
        };
    }

    private static long[] pick() {
        long near600 = -1;
        long near1250 = -1;
        for (long seed = 1; seed < 400 && (near600 < 0 || near1250 < 0); seed++) {
            int n = RecordFixtures.played(seed).events.size();
            if (near600 < 0 && Math.abs(n - 607) < 40) {
                near600 = seed;
            }
            if (near1250 < 0 && Math.abs(n - 1245) < 80) {
                near1250 = seed;
            }
        }
        return Arrays.stream(new long[] {near600, near1250}).filter(s -> s >= 0).toArray();
    }

    private static void check(String report) {
        if (!report.contains("\"passed\":true,\"checks\"")) {
            throw new IllegalStateException("the audit did not pass: " + report);
        }
    }

    /** As FairnessController.audit(matchId) once the events are read from the store. */
    static String getAudit(List<StoredEvent> events, ServerKey key) {
        MatchRecords records = RecordFixtures.RECORDS;
        ArrayNode nodes = records.events(events);
        Ruleset ruleset = records.decoder().rulesetOf(null, nodes);
        List<RecordDecoder.Decoded> decoded = records.decoder().decode(ruleset, nodes);
        if (!records.decoder().ended(ruleset, decoded)) {
            throw new IllegalStateException("not ended");
        }
        MatchRecords.Export export =
                records.export(
                        nodes,
                        ruleset,
                        decoded,
                        List.of(),
                        RecordFixtures.T0.plusSeconds(86_400),
                        key);
        return write(RecordFixtures.AUDITOR.audit(export, key.publicKeyHex()));
    }

    /** As FairnessController.auditUpload(body). */
    static String postAudit(String body, ServerKey key) {
        try {
            JsonNode record = RecordFixtures.RECORDS.decoder().read(body);
            return write(RecordFixtures.AUDITOR.audit(record, key.publicKeyHex()));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String write(Object value) {
        try {
            return RecordFixtures.MAPPER.writeValueAsString(value);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static double median(long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
