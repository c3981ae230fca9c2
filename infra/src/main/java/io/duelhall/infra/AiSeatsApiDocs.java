package io.duelhall.infra;

import io.duelhall.domain.AiPlayer;
import io.swagger.v3.oas.models.media.Schema;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Documents the {@code ai} field (and {@code options.timeoutLoss}) of the create-match request in
 * the OpenAPI document (the command module carries no OpenAPI annotations; the schema is generated
 * from its records and described here).
 */
@Configuration(proxyBeanMethods = false)
class AiSeatsApiDocs {
    @Bean
    public OpenApiCustomizer aiSeatsDocumented(List<AiPlayer.Roster> rosters) {
        String names =
                rosters.stream()
                        .map(r -> r.ruleset() + ": " + r.names())
                        .collect(Collectors.joining("; "));
        return openApi -> {
            if (openApi.getComponents() == null || openApi.getComponents().getSchemas() == null) {
                return;
            }
            Schema<?> options = openApi.getComponents().getSchemas().get("Options");
            if (options != null
                    && options.getProperties() != null
                    && options.getProperties().get("timeoutLoss") != null) {
                Schema<?> loss = options.getProperties().get("timeoutLoss");
                loss.setDescription(
                        "How many turn timeouts of one seat lose it the match (docs/rulings.md D-CLOCK-5): "
                                + "0 = turn timeouts never lose; absent = the third loses a rated match (both seats taken by "
                                + "registered players) and none otherwise; 0 to 99. Needs the rules engine voidexa-1.2.0 or "
                                + "later. The view shows the number in force as timeoutLoss.");
                loss.setExample(0);
            }
            Schema<?> create = openApi.getComponents().getSchemas().get("CreateMatch");
            if (create == null
                    || create.getProperties() == null
                    || create.getProperties().get("ai") == null) {
                return;
            }
            Schema<?> ai = create.getProperties().get("ai");
            ai.setDescription(
                    "Seats played by the server's AI: seat (A or B) → AI name, one of the ruleset's ("
                            + names
                            + "). The AI takes its seat with a starter deck and plays through the same intent path as a person; "
                            + "a person joining gets the other seat. Both seats AI: watch it with GET /view and /events.");
            ai.setExample(Map.of("B", "greedy"));
        };
    }
}
