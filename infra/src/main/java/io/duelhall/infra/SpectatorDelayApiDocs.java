package io.duelhall.infra;

import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.parameters.Parameter;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Documents in the OpenAPI document what issue 20 (finding 5) added: the public lists follow a
 * match's spectator delay, and export and audit take a seat's token (a seat gets its record at
 * once; the public once the end is as old as the delay).
 */
@Configuration(proxyBeanMethods = false)
class SpectatorDelayApiDocs {
    static final String RECORD_TOKEN =
            "Optional: 'Bearer <playerToken>' of a seat of this match. A seat gets the record "
                    + "as soon as the match has ended; without a token (the public) it is 409 MATCH_NOT_ENDED until the end is "
                    + "spectatorDelaySeconds old, exactly as for a match that goes on.";
    static final String DELAYED_LISTS =
            " A match created with spectatorDelaySeconds is listed as its spectators see it: "
                    + "as it stood that long ago (turn, status, players, result; ratings before its end).";

    @Bean
    public OpenApiCustomizer spectatorDelayDocumented() {
        return openApi -> {
            if (openApi.getPaths() == null) {
                return;
            }
            for (String path :
                    new String[] {
                        "/api/matches/{matchId}/export", "/api/matches/{matchId}/audit"
                    }) {
                Operation get = get(openApi.getPaths().get(path));
                if (get != null && get.getParameters() != null) {
                    for (Parameter p : get.getParameters()) {
                        if ("Authorization".equalsIgnoreCase(p.getName())) {
                            p.setDescription(RECORD_TOKEN);
                        }
                    }
                }
            }
            for (String path :
                    new String[] {
                        "/api/matches", "/api/players/{name}/matches", "/api/leaderboard"
                    }) {
                Operation get = get(openApi.getPaths().get(path));
                if (get != null) {
                    get.setDescription(
                            (get.getDescription() == null ? "" : get.getDescription())
                                    + DELAYED_LISTS);
                }
            }
        };
    }

    private static Operation get(PathItem item) {
        return item == null ? null : item.getGet();
    }
}
