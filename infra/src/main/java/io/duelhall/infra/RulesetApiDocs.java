package io.duelhall.infra;

import io.duelhall.domain.IntentSpec;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Rulesets;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.core.converter.ResolvedSchema;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.ComposedSchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Each hosted ruleset's words and view in the OpenAPI document (issue 14), from the rulesets
 * themselves, so the document of a server names exactly the games it hosts: the intent envelope's
 * {@code type} lists every ruleset's types (the extension {@code x-rulesets} says which ruleset has
 * which, with the fields each needs and the target kinds), and {@code GET /view} answers one of the
 * rulesets' view schemas.
 */
@Configuration(proxyBeanMethods = false)
class RulesetApiDocs {
    static final String VIEW_PATH = "/api/matches/{matchId}/view";
    static final String REPLAY_PATH = "/api/matches/{matchId}/replay";
    static final String STEPS_PATH = "/api/matches/{matchId}/replay/steps";

    @Bean
    public OpenApiCustomizer rulesetsDocumented(Rulesets rulesets) {
        return openApi -> {
            if (openApi.getComponents() == null || openApi.getComponents().getSchemas() == null) {
                return;
            }
            Map<String, Object> byRuleset = new LinkedHashMap<>();
            Set<String> types = new LinkedHashSet<>();
            List<Schema> views = new ArrayList<>();
            for (Ruleset r : rulesets.all()) {
                List<Map<String, Object>> intents = new ArrayList<>();
                for (IntentSpec t : r.vocabulary()) {
                    intents.add(
                            Map.of("type", t.type(), "needs", t.needs(), "summary", t.summary()));
                    types.add(t.type());
                }
                byRuleset.put(r.id(), Map.of("intents", intents, "targetKinds", r.targetKinds()));
                ResolvedSchema view =
                        ModelConverters.getInstance()
                                .resolveAsResolvedSchema(
                                        new io.swagger.v3.core.converter.AnnotatedType(
                                                r.viewType()));
                if (view != null && view.schema != null) {
                    view.referencedSchemas.forEach(
                            (name, schema) ->
                                    openApi.getComponents().getSchemas().putIfAbsent(name, schema));
                    String name = r.viewType().getSimpleName();
                    openApi.getComponents().getSchemas().putIfAbsent(name, view.schema);
                    views.add(
                            new Schema<>()
                                    .$ref("#/components/schemas/" + name)
                                    .description("The view of a " + r.id() + " match"));
                }
            }
            Schema<?> body = openApi.getComponents().getSchemas().get("IntentBody");
            if (body != null && body.getProperties() != null) {
                body.addExtension("x-rulesets", byRuleset);
                body.setDescription(
                        "One intent: the common envelope (intentId, type, expectedVersion) and the fields "
                                + "the ruleset's type needs (x-rulesets, and GET /api/rulesets: intents, targetKinds). An "
                                + "unknown type is 400 UNKNOWN_INTENT_TYPE, a missing field 400 MISSING_FIELD, an unknown "
                                + "target kind 400 INVALID_FIELD; TIMEOUT is the server's clock's, never a client's.");
                Schema type = body.getProperties().get("type");
                if (type != null) {
                    StringSchema named = new StringSchema();
                    named.setEnum(new ArrayList<>(types));
                    named.setDescription(
                            "A type of the match's ruleset (any case): "
                                    + byRuleset.keySet()
                                    + " — see x-rulesets for which ruleset has which");
                    body.getProperties().put("type", named);
                }
            }
            for (String at : List.of(VIEW_PATH, REPLAY_PATH)) {
                PathItem path = openApi.getPaths() == null ? null : openApi.getPaths().get(at);
                Operation get = path == null ? null : path.getGet();
                if (get == null || views.isEmpty()) {
                    continue;
                }
                ComposedSchema oneOf = new ComposedSchema();
                oneOf.setOneOf(views);
                oneOf.setDescription(
                        (at.equals(VIEW_PATH)
                                        ? "The match's view as the caller may see it"
                                        : "The match's view after event `at`, as the caller may see it then")
                                + ": the common envelope (matchId, ruleset, "
                                + "rules, version, status, turn, recentEvents, clock) and the ruleset's own part");
                answers(get, oneOf);
            }
            // /replay/steps: the views after each event from..to, each as /replay?at= answers it
            PathItem steps = openApi.getPaths() == null ? null : openApi.getPaths().get(STEPS_PATH);
            Operation stepsGet = steps == null ? null : steps.getGet();
            if (stepsGet != null && !views.isEmpty()) {
                ComposedSchema eachView = new ComposedSchema();
                eachView.setOneOf(views);
                ArraySchema each = new ArraySchema();
                each.setItems(eachView);
                ObjectSchema stretch = new ObjectSchema();
                stretch.setDescription(
                        "The match's views after each event from..to (at most 100), each the"
                                + " bytes /replay?at= answers for its step, as the caller may see it");
                stretch.addProperty("matchId", new StringSchema());
                stretch.addProperty("from", new IntegerSchema().format("int64"));
                stretch.addProperty("to", new IntegerSchema().format("int64"));
                stretch.addProperty("views", each);
                answers(stepsGet, stretch);
            }
        };
    }

    /** {@code get}'s 200 answer (made when springdoc made none) is {@code schema} as JSON. */
    private static void answers(Operation get, Schema<?> schema) {
        ApiResponse ok = get.getResponses() == null ? null : get.getResponses().get("200");
        if (ok == null) {
            ok = new ApiResponse().description("OK");
            get.getResponses().addApiResponse("200", ok);
        }
        ok.setContent(
                new Content().addMediaType("application/json", new MediaType().schema(schema)));
    }
}
