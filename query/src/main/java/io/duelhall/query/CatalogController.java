package io.duelhall.query;

import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.cards.Card;
import io.duelhall.domain.voidexa.cards.PilotClass;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

/** The voidexa card catalog, pilot classes and starter decks. */
@RestController
@RequestMapping(path = "/api", produces = "application/json")
public class CatalogController {
    private final VoidexaRuleset voidexa;

    public CatalogController(VoidexaRuleset voidexa) {
        this.voidexa = voidexa;
    }

    public record DeckOut(String name, String archetype, String pilotClass, String shipCore, List<String> cards) {
    }

    /** Every card: id, name, type, rarity, printed cost, Heat, keywords, text and effect blocks. */
    @GetMapping("/cards")
    public List<Card> cards() {
        return voidexa.catalog().cards();
    }

    @GetMapping("/pilot-classes")
    public List<PilotClass> pilotClasses() {
        return voidexa.catalog().data().pilotClasses();
    }

    @GetMapping("/cards/{id}")
    public Card card(@PathVariable String id) {
        return voidexa.catalog().find(id).orElseThrow(() ->
                new RefusedException(Refusal.notFound("UNKNOWN_CARD", "No card with id '" + id + "' in the catalog.")));
    }

    @GetMapping("/decks/starter")
    public List<DeckOut> starterDecks() {
        return voidexa.catalog().starterDecks().stream()
                .map(d -> new DeckOut(d.name(), d.archetype(), d.pilotClass(), d.shipCore(), d.cards())).toList();
    }
}
