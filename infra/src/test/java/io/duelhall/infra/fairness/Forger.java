package io.duelhall.infra.fairness;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.domain.Ruleset;
import io.duelhall.fairness.chain.EventChain;
import io.duelhall.fairness.record.MatchRecords;
import io.duelhall.fairness.signing.RecordSignature;
import io.duelhall.fairness.signing.ServerKey;

/**
 * What a forger holding the server's key could do after editing a record's events: chain them
 * again, rebuild the summary and sign. Signature, chain and summary then pass, so the tests see
 * what the seed commitment, the draws and the re-simulation catch on their own.
 */
final class Forger {
    private Forger() {}

    static ObjectNode rechainAndSign(ObjectNode record, MatchRecords records, ServerKey key) {
        ArrayNode events = (ArrayNode) record.get("events");
        String chain = EventChain.GENESIS;
        for (JsonNode e : events) {
            try {
                chain =
                        EventChain.link(
                                chain,
                                e.get("seq").asLong(),
                                e.get("type").asText(),
                                records.mapper().writeValueAsString(e.get("payload")));
            } catch (JsonProcessingException x) {
                throw new IllegalStateException(x);
            }
            ((ObjectNode) e).put("chain", chain);
        }
        Ruleset r = records.decoder().rulesetOf(null, events);
        record.setAll(records.summary(r, events, records.decoder().decode(r, events)));
        return RecordSignature.sign(record, key);
    }
}
