package io.duelhall.infra.accounts;

import io.duelhall.command.api.PlayerIdentities;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.security.SecurityScheme;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Documents registered players in the OpenAPI document (docs/identities.md): the two kinds of token
 * as security schemes, and the optional {@code X-Player-Token} header of taking a seat (the command
 * module carries no OpenAPI annotations; its parameter is generated from the controller and
 * described here).
 */
@Configuration(proxyBeanMethods = false)
class IdentitiesApiDocs {
    static final String PLAYER_TOKEN_DOC =
            "Optional. A registered player's token (from POST /api/sessions): the seat is"
                    + " bound to that account and named after it, and the match is rated when both seats are registered players."
                    + " Without it the seat is a guest's (unrated, any name). 401 INVALID_PLAYER_TOKEN when the token is unknown,"
                    + " expired or revoked (never silently a guest). Not the seat token: the seat token the answer gives stays"
                    + " per seat.";

    @Bean
    public OpenApiCustomizer identitiesDocumented() {
        return openApi -> {
            if (openApi.getComponents() == null) {
                openApi.setComponents(new Components());
            }
            openApi.getComponents()
                    .addSecuritySchemes(
                            "playerToken",
                            new SecurityScheme()
                                    .type(SecurityScheme.Type.APIKEY)
                                    .in(SecurityScheme.In.HEADER)
                                    .name(PlayerIdentities.HEADER)
                                    .description(
                                            "A registered player's token, sent when taking a seat to play rated."))
                    .addSecuritySchemes(
                            "bearer",
                            new SecurityScheme()
                                    .type(SecurityScheme.Type.HTTP)
                                    .scheme("bearer")
                                    .description(
                                            "'Authorization: Bearer <token>': a seat token on a match's paths; a player"
                                                    + " token on /api/sessions/me."));
            if (openApi.getPaths() == null) {
                return;
            }
            PathItem seats = openApi.getPaths().get("/api/matches/{matchId}/seats");
            Operation take = seats == null ? null : seats.getPost();
            if (take != null && take.getParameters() != null) {
                for (Parameter p : take.getParameters()) {
                    if (PlayerIdentities.HEADER.equalsIgnoreCase(p.getName())) {
                        p.setDescription(PLAYER_TOKEN_DOC);
                    }
                }
            }
        };
    }
}
