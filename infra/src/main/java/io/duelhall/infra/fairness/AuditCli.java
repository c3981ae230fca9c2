package io.duelhall.infra.fairness;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.duelhall.command.rules.ReleasedRules;
import io.duelhall.infra.AxonConfig;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code java -jar duelhall.jar audit record.json [--public-key=HEX] [--json]}: audits a match record offline, with
 * no server, database or network. Exit code 0 only if every check passed; 1 if any failed; 2 if the command was
 * used wrongly or the file cannot be read.
 */
public final class AuditCli {
    static final String USAGE = "usage: java -jar duelhall.jar audit <record.json> [--public-key=<signer's Ed25519 key,"
            + " 64 hex digits, from GET /api/keys>] [--json]";

    private AuditCli() {
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        String file = null;
        String key = null;
        boolean json = false;
        for (String a : args) {
            if (a.startsWith("--public-key=")) {
                key = a.substring("--public-key=".length()).trim().toLowerCase(java.util.Locale.ROOT);
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
        MatchRecords records = new MatchRecords(AxonConfig.newAxonObjectMapper(),
                ReleasedRules.hosted());
        AuditReport report = new Auditor(records).audit(text, key);
        if (json) {
            try {
                out.println(records.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(report));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        } else {
            print(report, out);
        }
        return report.passed() ? 0 : 1;
    }

    static void print(AuditReport r, PrintStream out) {
        out.println("audit of match " + r.matchId() + " (" + r.ruleset() + ", played under " + r.engineVersion()
                + ", catalog " + r.catalogVersion() + "; audited with " + r.auditorEngineVersion() + ")");
        for (AuditReport.Check c : r.checks()) {
            out.printf("  %s  %-15s %s%n", c.passed() ? "PASS" : "FAIL", c.name(), c.details());
            if (c.divergence() != null) {
                out.println("        expected: " + c.divergence().expected());
                out.println("        recorded: " + c.divergence().recorded());
            }
        }
        long failed = r.checks().stream().filter(c -> !c.passed()).count();
        out.println(r.passed() ? "result: PASSED (all " + r.checks().size() + " checks)"
                : "result: FAILED (" + failed + " of " + r.checks().size() + " checks failed)");
    }
}
