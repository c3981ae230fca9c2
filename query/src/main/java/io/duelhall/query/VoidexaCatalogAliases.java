package io.duelhall.query;

import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.cards.Card;
import io.duelhall.domain.voidexa.cards.Catalog;
import io.duelhall.domain.voidexa.cards.PilotClass;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * voidexa's catalog paths from before the server hosted more than one game (API.md keeps them as
 * aliases): {@code /api/cards}, {@code /api/cards/{id}}, {@code /api/pilot-classes}, {@code
 * /api/decks/starter} — of the current version, or of a served catalog ({@code ?catalog=}). Part of
 * voidexa's wiring, like {@code command/rules}: the one class outside the ruleset's package here
 * that may import it (the architecture test lists it).
 */
@RestController
@RequestMapping(path = "/api", produces = "application/json")
class VoidexaCatalogAliases {
    private final Rulesets rulesets;

    public VoidexaCatalogAliases(Rulesets rulesets) {
        this.rulesets = rulesets;
    }

    public record DeckOut(
            String name,
            String archetype,
            String pilotClass,
            String shipCore,
            List<String> cards) {}

    /** Every card: id, name, type, rarity, printed cost, Heat, keywords, text and effect blocks. */
    @GetMapping("/cards")
    public List<Card> cards(@RequestParam(name = "catalog", required = false) String catalog) {
        return catalog(catalog).cards();
    }

    @GetMapping("/pilot-classes")
    public List<PilotClass> pilotClasses(
            @RequestParam(name = "catalog", required = false) String catalog) {
        return catalog(catalog).data().pilotClasses();
    }

    @GetMapping("/cards/{id}")
    public Card card(
            @PathVariable String id,
            @RequestParam(name = "catalog", required = false) String catalog) {
        Catalog c = catalog(catalog);
        return c.find(id)
                .orElseThrow(
                        () ->
                                new RefusedException(
                                        Refusal.notFound(
                                                "UNKNOWN_CARD",
                                                "No card with id '"
                                                        + id
                                                        + "' in the catalog "
                                                        + c.version()
                                                        + ".")));
    }

    @GetMapping("/decks/starter")
    public List<DeckOut> starterDecks() {
        return catalog(null).starterDecks().stream()
                .map(
                        d ->
                                new DeckOut(
                                        d.name(),
                                        d.archetype(),
                                        d.pilotClass(),
                                        d.shipCore(),
                                        d.cards()))
                .toList();
    }

    private Catalog catalog(String version) {
        return ((VoidexaRuleset)
                        CatalogController.version(rulesets, VoidexaRuleset.RULESET, version))
                .catalog();
    }
}
