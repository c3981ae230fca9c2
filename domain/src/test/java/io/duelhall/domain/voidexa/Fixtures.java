package io.duelhall.domain.voidexa;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.cards.Card;
import io.duelhall.domain.voidexa.cards.Catalog;
import io.duelhall.domain.voidexa.cards.CatalogData;
import io.duelhall.domain.voidexa.cards.StarterDeck;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** The real catalog and ruleset, and helpers to start matches and apply intents. */
public final class Fixtures {
    static final Catalog CATALOG = load();
    public static final VoidexaRuleset RULES = new VoidexaRuleset(CATALOG);

    /**
     * The released catalog 2026.11.2 under engine voidexa-1.1.0: the rules before D-DRONE-3 and
     * D-CLOCK-5.
     */
    static final VoidexaRuleset RULES_1_1 =
            new VoidexaRuleset(load("released/voidexa-cards-2026.11.2.json"), "voidexa-1.1.0");

    private Fixtures() {}

    static Catalog load() {
        return load("catalog.json");
    }

    /**
     * A catalog file beside VoidexaRuleset (the current one, or a released one under released/).
     */
    static Catalog load(String file) {
        try (InputStream in = VoidexaRuleset.class.getResourceAsStream(file)) {
            ObjectMapper m =
                    new ObjectMapper()
                            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
            return new Catalog(m.readValue(in, CatalogData.class));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static StarterDeck deck(int i) {
        return CATALOG.starterDecks().get(i);
    }

    static JoinRequest join(String name, StarterDeck d, String clientSeed) {
        return new JoinRequest(name, d.pilotClass(), d.shipCore(), d.cards(), clientSeed);
    }

    public static byte[] seed(int n) {
        byte[] b = new byte[32];
        for (int i = 0; i < 32; i++) {
            b[i] = (byte) (n * 31 + i);
        }
        return b;
    }

    /**
     * A copy of the real catalog with extra, test-only cards (for rules no real card can reach
     * yet).
     */
    static VoidexaRuleset rulesWith(Card... extra) {
        CatalogData d = CATALOG.data();
        List<Card> cards = new ArrayList<>(d.cards());
        cards.addAll(List.of(extra));
        return new VoidexaRuleset(
                new Catalog(
                        new CatalogData(
                                d.ruleset(),
                                d.version() + "+test",
                                cards,
                                d.pilotClasses(),
                                d.starterDecks())));
    }

    /**
     * A match, created and started with the two starter decks or given as a built state; records
     * every event.
     */
    static final class Game {
        final VoidexaRuleset rules;
        VoidexaState state;
        final List<MatchEvent> events = new ArrayList<>();

        Game(VoidexaRuleset rules, VoidexaState start) {
            this.rules = rules;
            this.state = start;
        }

        Game(VoidexaState start) {
            this(RULES, start);
        }

        Game(int seed, StarterDeck a, StarterDeck b) {
            this(seed, a, b, MatchOptions.defaults());
        }

        Game(int seed, StarterDeck a, StarterDeck b, MatchOptions options) {
            this(RULES, RULES.initial());
            apply(RULES.create("m-" + seed, options, seed(seed)));
            apply(RULES.join(state, join("Ada", a, "a-" + seed)));
            apply(RULES.join(state, join("Bo", b, "b-" + seed)));
        }

        Game(int seed) {
            this(seed, deck(0), deck(1));
        }

        Decision act(Intent intent) {
            Decision d = rules.decide(state, intent);
            if (d.accepted()) {
                apply(d);
            }
            return d;
        }

        void apply(Decision d) {
            if (!d.accepted()) {
                throw new AssertionError("refused: " + d.refusal());
            }
            for (MatchEvent e : d.events()) {
                state = rules.evolve(state, e);
                events.add(e);
            }
        }

        Ship ship(Seat s) {
            return state.ship(s);
        }
    }
}
