package io.duelhall.infra;

import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.util.List;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code GET /api/matches/{id}/stream} in the OpenAPI document: the Server-Sent Events, their two
 * frame formats ({@code ?frames=view}, the default, and {@code ?frames=patch}, issue 18), resume
 * with Last-Event-ID. The full description is docs/read-models.md, "The stream".
 */
@Configuration(proxyBeanMethods = false)
class StreamApiDocs {
    static final String PATH = "/api/matches/{matchId}/stream";

    static final String DESCRIPTION =
            "Server-Sent Events (text/event-stream) of the caller's view: one message per stored event, its `id` the "
                    + "event's sequence number. Resume with `Last-Event-ID: n` (or `?lastEventId=n`): every event after n, "
                    + "none twice; `-1` from the first event; without it the stream starts at the current view. A seat "
                    + "token as `Authorization: Bearer …` or `?access_token=`. Spectators get each event once it is "
                    + "spectatorDelaySeconds old. The stream of an ended match closes after its last event; a reconnect "
                    + "at or past it is 204.\n\n"
                    + "Frame formats (`?frames=`):\n"
                    + "- `view` (default): `data: {\"seq\": n, \"event\": {…}, \"view\": {…} | null}`: the event as the "
                    + "caller may see it, and the whole view after it (as GET /view) on the last message of each burst.\n"
                    + "- `patch`: `data: {\"seq\": n, \"event\": {…}, \"view\": {…}}` on a connection's first message "
                    + "when it has no base (no Last-Event-ID, or -1), then `data: {\"seq\": n, \"event\": {…}, "
                    + "\"patch\": [ … ]}` on every message: an RFC 6902 JSON Patch (add, remove and replace only) "
                    + "that turns the view at version n-1 into the view at version n. A resume with Last-Event-ID n ≥ 0 "
                    + "starts with a patch against the view at version n (built from the stream, or GET /view's "
                    + "answer of that version). Each frame is made once per event per kind of viewer and the same "
                    + "bytes go to every spectator of the match.";

    static final String FRAMES =
            "The frame format: `view` (the default: the whole view on each burst's last message) or `patch` (the whole "
                    + "view once, then an RFC 6902 JSON Patch per event). Anything else: 400 INVALID_PARAMETER.";

    @Bean
    public OpenApiCustomizer streamDocumented() {
        return openApi -> {
            if (openApi.getPaths() == null) {
                return;
            }
            PathItem item = openApi.getPaths().get(PATH);
            Operation get = item == null ? null : item.getGet();
            if (get == null) {
                return;
            }
            get.setSummary("Follow a match live (Server-Sent Events)");
            get.setDescription(DESCRIPTION);
            if (get.getParameters() != null) {
                for (Parameter p : get.getParameters()) {
                    if ("frames".equals(p.getName())) {
                        p.setDescription(FRAMES);
                        p.setSchema(
                                new StringSchema()
                                        ._enum(List.of("view", "patch"))
                                        ._default("view"));
                    }
                }
            }
        };
    }
}
