package io.duelhall.query;

import io.duelhall.domain.IntentSpec;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.RulesVersion;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Rulesets;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The rulesets this server hosts, with the versions it serves, and each one's cards and starter
 * decks by its id — of the current version, or of any served catalog version ({@code ?catalog=}),
 * so a match created under an older catalog shows its own cards. Knows no ruleset: each says what
 * its cards and seat requests are ({@link Ruleset#cards()}, {@link Ruleset#starterSeatRequests()}).
 * voidexa's older paths ({@code /api/cards} ...) are {@link VoidexaCatalogAliases}.
 */
@RestController
@RequestMapping(path = "/api", produces = "application/json")
class CatalogController {
    private final Rulesets rulesets;

    public CatalogController(Rulesets rulesets) {
        this.rulesets = rulesets;
    }

    public record SeatRange(int min, int max) {}

    /**
     * A hosted ruleset: {@code current} is the version new matches take; {@code served} every
     * version a match may be played, replayed and audited under here, the current one first.
     */
    public record RulesetOut(
            String id,
            String name,
            SeatRange seats,
            RulesVersion current,
            List<RulesVersion> served,
            List<IntentSpec> intents,
            List<String> targetKinds) {}

    @GetMapping("/rulesets")
    public List<RulesetOut> rulesets() {
        return rulesets.all().stream().map(this::out).toList();
    }

    @GetMapping("/rulesets/{id}")
    public RulesetOut ruleset(@PathVariable String id) {
        return out(rulesets.find(id).orElseThrow(() -> unknownRuleset(rulesets, id)));
    }

    private RulesetOut out(Ruleset r) {
        return new RulesetOut(
                r.id(),
                r.name(),
                new SeatRange(r.minSeats(), r.maxSeats()),
                r.version(),
                rulesets.served(r.id()).stream().map(Ruleset::version).toList(),
                r.vocabulary(),
                r.targetKinds());
    }

    /**
     * The ruleset's cards, as it shows them (voidexa: id, name, type, rarity, printed cost, Heat,
     * keywords, text, effects).
     */
    @GetMapping("/rulesets/{id}/cards")
    public List<?> rulesetCards(
            @PathVariable String id,
            @RequestParam(name = "catalog", required = false) String catalog) {
        return version(rulesets, id, catalog).cards();
    }

    /** The ruleset's starter decks, each a seat request ready to post but for {@code "name"}. */
    @GetMapping("/rulesets/{id}/decks/starter")
    public List<?> rulesetStarterDecks(
            @PathVariable String id,
            @RequestParam(name = "catalog", required = false) String catalog) {
        return version(rulesets, id, catalog).starterSeatRequests();
    }

    /**
     * The current version of ruleset {@code id}, or its served version with catalog {@code
     * catalog}.
     */
    static Ruleset version(Rulesets rulesets, String id, String catalog) {
        Ruleset current = rulesets.find(id).orElseThrow(() -> unknownRuleset(rulesets, id));
        if (catalog == null || catalog.isEmpty() || catalog.equals(current.catalogVersion())) {
            return current;
        }
        for (Ruleset r : rulesets.served(id)) {
            if (r.catalogVersion().equals(catalog)) {
                return r;
            }
        }
        throw new RefusedException(
                Refusal.notFound(
                        "UNKNOWN_CATALOG",
                        "No catalog version '"
                                + catalog
                                + "' is served here; served: "
                                + rulesets.served(id).stream()
                                        .map(Ruleset::catalogVersion)
                                        .distinct()
                                        .toList()
                                + "."));
    }

    static RefusedException unknownRuleset(Rulesets rulesets, String id) {
        return new RefusedException(
                Refusal.notFound(
                        "UNKNOWN_RULESET",
                        "Unknown ruleset '" + id + "'; this server hosts " + rulesets.ids() + "."));
    }
}
