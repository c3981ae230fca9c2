package io.duelhall.infra.fairness;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.duelhall.command.rules.ReleasedRules;
import io.duelhall.command.tournament.record.TournamentRecords;
import io.duelhall.fairness.audit.AuditCli;
import io.duelhall.fairness.audit.AuditReport;
import io.duelhall.fairness.record.EventStoreJson;
import io.duelhall.fairness.record.MatchRecords;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * {@code java -jar duelhall.jar audit record.json [--public-key=HEX] [--json]}: the offline audit
 * ({@link AuditCli}, in the fairness module) over every ruleset this release hosts, reading events
 * with the event store's own mapper. A tournament's record (its {@code format} says so) is audited
 * by {@link TournamentRecords} instead, with the same arguments and exit codes.
 */
public final class AuditCommand {
    private AuditCommand() {}

    public static int run(String[] args, PrintStream out, PrintStream err) {
        JsonNode tournament = tournamentRecord(args);
        if (tournament != null) {
            return tournament(tournament, args, out);
        }
        return AuditCli.run(
                args,
                out,
                err,
                () -> new MatchRecords(EventStoreJson.newMapper(), ReleasedRules.hosted()));
    }

    /** The file named by the arguments, parsed, if it is a tournament's record; else null. */
    private static JsonNode tournamentRecord(String[] args) {
        String file = null;
        for (String a : args) {
            if (!a.startsWith("--")) {
                if (file != null) {
                    return null; // AuditCli says how to use it
                }
                file = a;
            }
        }
        if (file == null) {
            return null;
        }
        try {
            JsonNode n =
                    EventStoreJson.newMapper()
                            .readTree(Files.readString(Path.of(file), StandardCharsets.UTF_8));
            return TournamentRecords.isTournamentRecord(n) ? n : null;
        } catch (IOException | RuntimeException e) {
            return null; // AuditCli reports what is wrong with the file
        }
    }

    private static int tournament(JsonNode record, String[] args, PrintStream out) {
        String key = null;
        boolean json = false;
        for (String a : args) {
            if (a.startsWith("--public-key=")) {
                key = a.substring("--public-key=".length()).trim().toLowerCase(Locale.ROOT);
            } else if (a.equals("--json")) {
                json = true;
            }
        }
        ObjectMapper mapper = EventStoreJson.newMapper();
        TournamentRecords.Report r = new TournamentRecords(mapper).audit(record, key, null);
        if (json) {
            try {
                out.println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(r));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        } else {
            out.println("audit of tournament " + r.tournamentId() + " (" + r.format() + ")");
            for (AuditReport.Check c : r.checks()) {
                out.printf("  %s  %-15s %s%n", c.passed() ? "PASS" : "FAIL", c.name(), c.details());
            }
            out.println(
                    r.passed()
                            ? "result: PASSED (all " + r.checks().size() + " checks)"
                            : "result: FAILED, first difference: " + r.firstDifference());
        }
        return r.passed() ? 0 : 1;
    }
}
