package io.duelhall.domain.voidlit;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static io.duelhall.domain.voidlit.Scenario.RULES;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Viewer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Invariants over random legal play: matches from random seeds, moves picked at random among those
 * {@link VoidlitRuleset#legalMoves} offers (as the platform's intents, so the intent mapping is
 * exercised too).
 */
class PlayPropertiesTest {
    private static final int MAX_STEPS = 5000;

    record Game(List<MatchEvent> events, VoidlitState state, List<Intent> intents) {}

    /**
     * A whole match from {@code seed}; {@code each} runs before every move with the state and the
     * random source.
     */
    static Game play(long seed, long picks, Each each) {
        Scenario.Opening o = Scenario.open(seed);
        List<MatchEvent> events = new ArrayList<>(o.events());
        List<Intent> intents = new ArrayList<>();
        VoidlitState s = o.state();
        Random r = new Random(picks);
        invariants(s);
        for (int step = 0; step < MAX_STEPS && s.status() == MatchStatus.LIVE; step++) {
            each.before(s, r);
            Seat seat = RULES.toAct(s);
            assertThat(RULES.legalMoves(s, seat.opponent()))
                    .as("the other seat owes nothing")
                    .isEmpty();
            List<Intent> legal = RULES.legalMoves(s, seat);
            assertThat(legal).as("someone can always act").isNotEmpty();
            Intent pick = legal.get(r.nextInt(legal.size()));
            assertThat(RULES.checkIntent(pick))
                    .as("a listed move is made of the ruleset's words: %s", pick)
                    .isNull();
            Decision d = RULES.decide(s, pick);
            assertThat(d.accepted()).as("legal move refused: %s -> %s", pick, d.refusal()).isTrue();
            intents.add(pick);
            s = Scenario.fold(s, d, events);
            invariants(s);
        }
        assertThat(s.status()).as("the match ends").isEqualTo(MatchStatus.ENDED);
        return new Game(events, s, intents);
    }

    interface Each {
        void before(VoidlitState s, Random r);
    }

    /** Every seat's 40 cards are somewhere, once; values in range. */
    static void invariants(VoidlitState s) {
        Set<String> ids = new HashSet<>();
        for (Seat seat : List.of(A, B)) {
            Side side = s.side(seat);
            List<String> mine = new ArrayList<>();
            for (List<CardRef> zone :
                    List.of(side.deck(), side.hand(), side.bank(), side.relics(), side.waste())) {
                zone.forEach(c -> mine.add(c.id()));
            }
            for (Unit u : side.units()) {
                mine.add(u.id());
                u.upgrades().forEach(c -> mine.add(c.id()));
            }
            assertThat(mine)
                    .as("seat %s: deck+hand+bank+units+upgrades+relics+waste", seat)
                    .hasSize(40);
            for (String id : mine) {
                assertThat(ids.add(id)).as("card %s is in one place only", id).isTrue();
            }
            assertThat(side.hand().size()).isLessThanOrEqualTo(Side.HAND_LIMIT);
            assertThat(side.health()).isLessThanOrEqualTo(Side.START_HEALTH);
            assertThat(side.energy()).isGreaterThanOrEqualTo(0);
            assertThat(side.units().size()).isLessThanOrEqualTo(Checks.MAX_UNITS);
            if (s.status() == MatchStatus.LIVE) {
                assertThat(side.health()).as("a live match has no seat at 0").isGreaterThan(0);
            }
        }
    }

    @Property(tries = 25)
    @Label("cards are conserved, every listed move is accepted, and every match ends")
    void cardsConserved(@ForAll @IntRange(min = 0, max = 100_000) int seed) {
        play(seed, seed * 13L, (s, r) -> {});
    }

    @Property(tries = 15)
    @Label(
            "determinism and replay = live: the same seed and moves give the same events; replaying them the same state")
    void deterministic(@ForAll @IntRange(min = 0, max = 100_000) int seed) {
        Game one = play(seed, seed, (s, r) -> {});
        Game two = play(seed, seed, (s, r) -> {});
        assertThat(two.events()).isEqualTo(one.events());
        assertThat(RULES.replay(one.events())).isEqualTo(one.state());
        // re-deciding the recorded intents from the opening gives the same stream
        Scenario.Opening o = Scenario.open(seed);
        List<MatchEvent> again = new ArrayList<>(o.events());
        VoidlitState s = o.state();
        for (Intent i : one.intents()) {
            s = Scenario.fold(s, RULES.decide(s, i), again);
        }
        assertThat(again).isEqualTo(one.events());
    }

    @Property(tries = 10)
    @Label(
            "refusals change nothing: random moves are accepted or refused, never throw, and leave the state as it was")
    void refusalsChangeNothing(@ForAll @IntRange(min = 0, max = 100_000) int seed) {
        play(
                seed,
                seed + 1L,
                (s, r) -> {
                    for (int k = 0; k < 3; k++) {
                        VoidlitMove m = randomMove(s, r);
                        VoidlitState before = s;
                        Decision d = RULES.decide(s, m);
                        assertThat(s).isEqualTo(before);
                        if (!d.accepted()) {
                            assertThat(d.events()).isEmpty();
                            assertThat(d.refusal().code()).matches("[A-Z_]+");
                        } else {
                            VoidlitState after = s;
                            for (MatchEvent e : d.events()) {
                                after = RULES.evolve(after, e); // evolve is total on decided events
                            }
                            invariants(after);
                        }
                    }
                });
    }

    @Property(tries = 10)
    @Label(
            "evolve is total on every viewer's redacted stream, and a seat's fold never shows the other hand")
    void evolveTotalOnRedactedStreams(@ForAll @IntRange(min = 0, max = 100_000) int seed) {
        Game g = play(seed, seed * 3L, (s, r) -> {});
        for (Viewer v : List.of(Viewer.seat(A), Viewer.seat(B), Viewer.SPECTATOR)) {
            VoidlitState folded = RULES.initial();
            for (MatchEvent e : g.events()) {
                folded = RULES.evolvePublic(folded, RULES.redact(e, v));
            }
            assertThat(folded.status()).isEqualTo(MatchStatus.ENDED);
        }
    }

    static VoidlitMove randomMove(VoidlitState s, Random r) {
        Seat seat = r.nextBoolean() ? A : B;
        List<String> ids = new ArrayList<>(List.of("nope"));
        for (Seat x : List.of(A, B)) {
            s.side(x).hand().forEach(c -> ids.add(c.id()));
            s.side(x).units().forEach(u -> ids.add(u.id()));
        }
        String id = ids.get(r.nextInt(ids.size()));
        TargetRef t =
                switch (r.nextInt(4)) {
                    case 0 -> null;
                    case 1 -> TargetRef.player(r.nextBoolean() ? A : B);
                    case 2 ->
                            TargetRef.unit(r.nextBoolean() ? A : B, ids.get(r.nextInt(ids.size())));
                    default -> new TargetRef("PLANET", A, "x");
                };
        return switch (r.nextInt(6)) {
            case 0 -> new VoidlitMove.Mulligan(seat, List.of(id));
            case 1 -> new VoidlitMove.Bank(seat, id);
            case 2 -> new VoidlitMove.Play(seat, id, t);
            case 3 -> new VoidlitMove.Attack(seat, id, t);
            case 4 -> new VoidlitMove.EndTurn(seat);
            default -> new VoidlitMove.Play(seat, null, null);
        };
    }
}
