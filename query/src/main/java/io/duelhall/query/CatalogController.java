package io.duelhall.query;

import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.RulesVersion;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.cards.Card;
import io.duelhall.domain.voidexa.cards.Catalog;
import io.duelhall.domain.voidexa.cards.PilotClass;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

/**
 * The rulesets this server hosts, with the versions it serves, and the voidexa card catalog, pilot classes and
 * starter decks — of the current version, or of any served catalog version ({@code ?catalog=}), so a match created
 * under an older catalog shows its own cards.
 */
@RestController
@RequestMapping(path = "/api", produces = "application/json")
public class CatalogController {
    private final VoidexaRuleset voidexa;
    private final Rulesets rulesets;

    public CatalogController(VoidexaRuleset voidexa, Rulesets rulesets) {
        this.voidexa = voidexa;
        this.rulesets = rulesets;
    }

    public record DeckOut(String name, String archetype, String pilotClass, String shipCore, List<String> cards) {
    }

    public record SeatRange(int min, int max) {
    }

    /**
     * A hosted ruleset: {@code current} is the version new matches take; {@code served} every version a match may
     * be played, replayed and audited under here, the current one first.
     */
    public record RulesetOut(String id, String name, SeatRange seats, RulesVersion current, List<RulesVersion> served) {
    }

    @GetMapping("/rulesets")
    public List<RulesetOut> rulesets() {
        return rulesets.all().stream().map(this::out).toList();
    }

    @GetMapping("/rulesets/{id}")
    public RulesetOut ruleset(@PathVariable String id) {
        return out(rulesets.find(id).orElseThrow(() -> unknownRuleset(id)));
    }

    private RulesetOut out(Ruleset r) {
        return new RulesetOut(r.id(), r.name(), new SeatRange(r.minSeats(), r.maxSeats()), r.version(),
                rulesets.served(r.id()).stream().map(Ruleset::version).toList());
    }

    /** Every card: id, name, type, rarity, printed cost, Heat, keywords, text and effect blocks. */
    @GetMapping("/cards")
    public List<Card> cards(@RequestParam(name = "catalog", required = false) String catalog) {
        return catalog(catalog).cards();
    }

    @GetMapping("/rulesets/{id}/cards")
    public List<Card> rulesetCards(@PathVariable String id,
                                   @RequestParam(name = "catalog", required = false) String catalog) {
        return voidexaCatalog(id, catalog).cards();
    }

    @GetMapping("/pilot-classes")
    public List<PilotClass> pilotClasses(@RequestParam(name = "catalog", required = false) String catalog) {
        return catalog(catalog).data().pilotClasses();
    }

    @GetMapping("/cards/{id}")
    public Card card(@PathVariable String id, @RequestParam(name = "catalog", required = false) String catalog) {
        Catalog c = catalog(catalog);
        return c.find(id).orElseThrow(() -> new RefusedException(Refusal.notFound("UNKNOWN_CARD",
                "No card with id '" + id + "' in the catalog " + c.version() + ".")));
    }

    @GetMapping("/decks/starter")
    public List<DeckOut> starterDecks() {
        return decks(voidexa.catalog());
    }

    @GetMapping("/rulesets/{id}/decks/starter")
    public List<DeckOut> rulesetStarterDecks(@PathVariable String id) {
        return decks(voidexaCatalog(id, null));
    }

    private static List<DeckOut> decks(Catalog catalog) {
        return catalog.starterDecks().stream()
                .map(d -> new DeckOut(d.name(), d.archetype(), d.pilotClass(), d.shipCore(), d.cards())).toList();
    }

    private Catalog voidexaCatalog(String rulesetId, String catalog) {
        if (rulesets.find(rulesetId).isEmpty()) {
            throw unknownRuleset(rulesetId);
        }
        return catalog(catalog);
    }

    /** The current voidexa catalog, or a served one by its version. */
    private Catalog catalog(String version) {
        if (version == null || version.isEmpty() || version.equals(voidexa.catalogVersion())) {
            return voidexa.catalog();
        }
        for (Ruleset r : rulesets.served(voidexa.id())) {
            if (r instanceof VoidexaRuleset v && v.catalogVersion().equals(version)) {
                return v.catalog();
            }
        }
        throw new RefusedException(Refusal.notFound("UNKNOWN_CATALOG", "No catalog version '" + version
                + "' is served here; served: " + rulesets.served(voidexa.id()).stream()
                .map(Ruleset::catalogVersion).distinct().toList() + "."));
    }

    private RefusedException unknownRuleset(String id) {
        return new RefusedException(Refusal.notFound("UNKNOWN_RULESET", "Unknown ruleset '" + id
                + "'; this server hosts " + rulesets.ids() + "."));
    }
}
