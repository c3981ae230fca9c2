package io.duelhall.infra.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.duelhall.domain.CoreEvents;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Viewer;
import io.duelhall.fairness.record.EventStoreJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/kafka.md stays true: one example per event type a match stream holds, each readable as its
 * type and public.
 */
class KafkaDocTest {
    private static final Pattern EXAMPLE =
            Pattern.compile(
                    "^#### (\\w+)\\n```json\\n(.+?)\\n```", Pattern.MULTILINE | Pattern.DOTALL);

    @Test
    void docsShowOnePublicExamplePerEventType() throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "kafka.md"));
        Map<String, String> examples = new LinkedHashMap<>();
        Matcher m = EXAMPLE.matcher(doc);
        while (m.find()) {
            assertThat(examples.put(m.group(1), m.group(2)))
                    .as("one example of %s", m.group(1))
                    .isNull();
        }
        Ruleset voidexa = io.duelhall.command.rules.ReleasedRules.hosted().get("voidexa");
        Map<String, Class<? extends MatchEvent>> types = CoreEvents.byName(voidexa);
        assertThat(examples.keySet()).containsExactlyInAnyOrderElementsOf(types.keySet());

        ObjectMapper strict =
                EventStoreJson.newMapper()
                        .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        for (Map.Entry<String, String> e : examples.entrySet()) {
            JsonNode json = strict.readTree(e.getValue());
            MatchEvent event = strict.treeToValue(json, types.get(e.getKey()));
            // written and parsed again, so that numbers compare as parsed JSON numbers
            JsonNode written = strict.readTree(strict.writeValueAsString(event));
            JsonNode redacted =
                    strict.readTree(
                            strict.writeValueAsString(voidexa.redact(event, Viewer.SPECTATOR)));
            assertThat(written)
                    .as("%s has every field of its type, and only those", e.getKey())
                    .isEqualTo(json);
            assertThat(redacted).as("%s is public", e.getKey()).isEqualTo(json);
        }
    }
}
