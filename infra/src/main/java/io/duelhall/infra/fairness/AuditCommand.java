package io.duelhall.infra.fairness;

import io.duelhall.command.rules.ReleasedRules;
import io.duelhall.fairness.audit.AuditCli;
import io.duelhall.fairness.record.EventStoreJson;
import io.duelhall.fairness.record.MatchRecords;
import java.io.PrintStream;

/**
 * {@code java -jar duelhall.jar audit record.json [--public-key=HEX] [--json]}: the offline audit
 * ({@link AuditCli}, in the fairness module) over every ruleset this release hosts, reading events
 * with the event store's own mapper.
 */
public final class AuditCommand {
    private AuditCommand() {}

    public static int run(String[] args, PrintStream out, PrintStream err) {
        return AuditCli.run(
                args,
                out,
                err,
                () -> new MatchRecords(EventStoreJson.newMapper(), ReleasedRules.hosted()));
    }
}
