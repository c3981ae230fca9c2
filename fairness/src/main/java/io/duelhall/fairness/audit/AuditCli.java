package io.duelhall.fairness.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.duelhall.fairness.record.MatchRecords;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * {@code java -jar duelhall.jar audit record.json [--public-key=HEX] [--json]}: audits a match
 * record offline, with no server, database or network. Exit code 0 only if every check passed; 1 if
 * any failed; 2 if the command was used wrongly or the file cannot be read.
 *
 * <p>The rulesets to re-simulate with and the event store's JSON mapper come from the caller (the
 * app jar's {@code io.duelhall.infra.fairness.AuditCommand} passes every hosted ruleset): this
 * module knows no ruleset itself.
 */
public final class AuditCli {
    public static final String USAGE =
            "usage: java -jar duelhall.jar audit <record.json> [--public-key=<signer's Ed25519 key,"
                    + " 64 hex digits, from GET /api/keys>] [--json]";

    private AuditCli() {}

    /**
     * @param records the record reader over the rulesets the audit may re-simulate; made only once
     *     the arguments and the file are read
     */
    public static int run(
            String[] args, PrintStream out, PrintStream err, Supplier<MatchRecords> records) {
        String file = null;
        String key = null;
        boolean json = false;
        for (String a : args) {
            if (a.startsWith("--public-key=")) {
                key =
                        a.substring("--public-key=".length())
                                .trim()
                                .toLowerCase(java.util.Locale.ROOT);
            } else if (a.equals("--json")) {
                json = true;
            } else if (a.startsWith("--") || file != null) {
                err.println(USAGE);
                return 2;
            } else {
                file = a;
            }
        }
        if (file == null) {
            err.println(USAGE);
            return 2;
        }
        String text;
        try {
            text = Files.readString(Path.of(file), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            err.println("cannot read " + file + ": " + e.getMessage());
            return 2;
        }
        MatchRecords reader = records.get();
        AuditReport report = new Auditor(reader).audit(text, key);
        if (json) {
            try {
                out.println(
                        reader.mapper()
                                .writerWithDefaultPrettyPrinter()
                                .writeValueAsString(report));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        } else {
            print(report, out);
        }
        return report.passed() ? 0 : 1;
    }

    public static void print(AuditReport r, PrintStream out) {
        out.println(
                "audit of match "
                        + r.matchId()
                        + " ("
                        + r.ruleset()
                        + ", played under "
                        + r.engineVersion()
                        + ", catalog "
                        + r.catalogVersion()
                        + "; audited with "
                        + r.auditorEngineVersion()
                        + ")");
        for (AuditReport.Check c : r.checks()) {
            out.printf("  %s  %-15s %s%n", c.passed() ? "PASS" : "FAIL", c.name(), c.details());
            if (c.divergence() != null) {
                out.println("        expected: " + c.divergence().expected());
                out.println("        recorded: " + c.divergence().recorded());
            }
        }
        long failed = r.checks().stream().filter(c -> !c.passed()).count();
        out.println(
                r.passed()
                        ? "result: PASSED (all " + r.checks().size() + " checks)"
                        : "result: FAILED ("
                                + failed
                                + " of "
                                + r.checks().size()
                                + " checks failed)");
    }
}
