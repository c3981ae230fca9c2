package io.duelhall.fairness.audit;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * What an audit found: each check passed or failed with details. {@code passed} only if every check
 * passed.
 *
 * @param engineVersion the rules engine version the match was played under (from its record)
 * @param auditorEngineVersion the rules engine version this audit re-simulated with
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AuditReport(
        String matchId,
        String ruleset,
        String engineVersion,
        String catalogVersion,
        String auditorEngineVersion,
        String auditorCatalogVersion,
        String signedBy,
        boolean passed,
        List<Check> checks) {

    /** Stable names of the checks, in the order they are reported. */
    public static final List<String> CHECKS =
            List.of(
                    "record",
                    "signature",
                    "chain",
                    "end",
                    "seedCommitment",
                    "randomDraws",
                    "resimulation",
                    "engineVersion",
                    "summary");

    /**
     * @param event for "chain": the sequence number of the first broken event; for "end": of the
     *     first event after the end event (or of the event whose chain value should be the head);
     *     for "resimulation": of the first divergent event
     * @param divergence for "resimulation": what the rules produce there and what the record holds
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Check(
            String name, boolean passed, String details, Long event, Divergence divergence) {
        static Check pass(String name, String details) {
            return new Check(name, true, details, null, null);
        }

        static Check fail(String name, String details) {
            return new Check(name, false, details, null, null);
        }
    }

    /**
     * An event as the rules produce it ({@code expected}, null if they produce none) beside the
     * recorded one.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Divergence(long seq, JsonNode expected, JsonNode recorded) {}

    public Check check(String name) {
        return checks.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
    }
}
