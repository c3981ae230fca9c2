package io.duelhall.domain.biome;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static io.duelhall.domain.biome.Scenario.RULES;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.biome.ai.SelfPlay;
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
 * {@link BiomeRuleset#legalMoves} offers (as the platform's intents, so the intent mapping is
 * exercised too).
 */
class PlayPropertiesTest {
    private static final int MAX_STEPS = 20_000;

    record Game(List<MatchEvent> events, BiomeState state, List<Intent> intents) {}

    interface Each {
        void before(BiomeState s, Random r);
    }

    /** A whole match from {@code seed}; every event is folded one at a time and checked. */
    static Game play(long seed, long picks, Each each) {
        SelfPlay.Opening o = Scenario.open(seed);
        List<MatchEvent> events = new ArrayList<>(o.events());
        List<Intent> intents = new ArrayList<>();
        BiomeState s = o.state();
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
            for (MatchEvent e : d.events()) {
                if (e instanceof BiomeEvent.StepBegan
                        || e instanceof BiomeEvent.TurnReset
                        || e instanceof BiomeEvent.TurnStarted) {
                    assertThat(s.queue())
                            .as("the queue is empty before a step or phase ends (%s)", e)
                            .isEmpty();
                }
                s = RULES.evolve(s, e);
                events.add(e);
            }
            invariants(s);
        }
        assertThat(s.status()).as("the match ends").isEqualTo(MatchStatus.ENDED);
        return new Game(events, s, intents);
    }

    /** Every seat's 30 cards are somewhere, once; values in range. */
    static void invariants(BiomeState s) {
        Set<String> ids = new HashSet<>();
        for (Seat seat : List.of(A, B)) {
            Side side = s.side(seat);
            List<String> mine = new ArrayList<>();
            for (List<CardRef> zone :
                    List.of(
                            side.deck(),
                            side.hand(),
                            side.reserve(),
                            side.gear(),
                            side.reactives(),
                            side.cache())) {
                zone.forEach(c -> mine.add(c.id()));
            }
            for (Agent a : side.agents()) {
                mine.add(a.id());
                a.gear().forEach(c -> mine.add(c.id()));
                a.mods().forEach(c -> mine.add(c.id()));
                assertThat(a.damage())
                        .as("a living agent has less damage than defense")
                        .isLessThan(a.totalDefense());
            }
            s.queue().stream()
                    .filter(q -> q.seat() == seat && QueueEntry.CARD.equals(q.kind()))
                    .forEach(q -> mine.add(q.card().id()));
            assertThat(mine)
                    .as("seat %s: every zone and the queue", seat)
                    .hasSize(Catalog.DECK_SIZE);
            for (String id : mine) {
                assertThat(ids.add(id)).as("card %s is in one place only", id).isTrue();
            }
            assertThat(side.energy()).isGreaterThanOrEqualTo(0);
            for (Sector x : side.sectors()) {
                assertThat(x.durability()).isBetween(0, x.max());
            }
            if (s.status() == MatchStatus.LIVE) {
                assertThat(side.biomesLost())
                        .as("a live match has no seat at two biomes lost")
                        .isLessThan(Turns.BIOMES_TO_LOSE);
            }
        }
    }

    @Property(tries = 25)
    @Label(
            "cards are conserved, every listed move is accepted, the queue empties before a step ends, every match ends")
    void cardsConserved(@ForAll @IntRange(min = 0, max = 100_000) int seed) {
        play(seed, seed * 13L, (s, r) -> {});
    }

    @Property(tries = 10)
    @Label(
            "determinism and replay = live: the same seed and moves give the same events; replaying them the same state")
    void deterministic(@ForAll @IntRange(min = 0, max = 100_000) int seed) {
        Game one = play(seed, seed, (s, r) -> {});
        Game two = play(seed, seed, (s, r) -> {});
        assertThat(two.events()).isEqualTo(one.events());
        assertThat(RULES.replay(one.events())).isEqualTo(one.state());
        SelfPlay.Opening o = Scenario.open(seed);
        List<MatchEvent> again = new ArrayList<>(o.events());
        BiomeState s = o.state();
        for (Intent i : one.intents()) {
            s = Scenario.fold(s, RULES.decide(s, i), again);
        }
        assertThat(again).isEqualTo(one.events());
    }

    @Property(tries = 10)
    @Label(
            "evolve is total: random moves are accepted or refused, never throw, and a refusal leaves the state as it was")
    void refusalsChangeNothing(@ForAll @IntRange(min = 0, max = 100_000) int seed) {
        play(
                seed,
                seed + 1L,
                (s, r) -> {
                    for (int k = 0; k < 3; k++) {
                        BiomeMove m = randomMove(s, r);
                        BiomeState before = s;
                        Decision d = RULES.decide(s, m);
                        assertThat(s).isEqualTo(before);
                        if (!d.accepted()) {
                            assertThat(d.events()).isEmpty();
                            assertThat(d.refusal().code()).matches("[A-Z_]+");
                        } else {
                            BiomeState after = s;
                            for (MatchEvent e : d.events()) {
                                after = RULES.evolve(after, e);
                            }
                            invariants(after);
                        }
                    }
                });
    }

    @Property(tries = 8)
    @Label(
            "evolve is total on every viewer's redacted stream; the public fold's view is the spectator view of the truth")
    void redactedStreams(@ForAll @IntRange(min = 0, max = 100_000) int seed) {
        Game g = play(seed, seed * 3L, (s, r) -> {});
        BiomeState truth = RULES.initial();
        BiomeState pub = RULES.initial();
        long version = 0;
        for (MatchEvent e : g.events()) {
            truth = RULES.evolve(truth, e);
            pub = RULES.evolvePublic(pub, RULES.redact(e, Viewer.SPECTATOR));
            version++;
            if (truth.status() != MatchStatus.ENDED && version % 7 == 0) {
                assertThat(RULES.publicView(pub, version))
                        .isEqualTo(RULES.view(truth, Viewer.SPECTATOR, version));
            }
        }
        for (Viewer v : List.of(Viewer.seat(A), Viewer.seat(B), Viewer.SPECTATOR)) {
            BiomeState folded = RULES.initial();
            for (MatchEvent e : g.events()) {
                folded = RULES.evolvePublic(folded, RULES.redact(e, v));
            }
            assertThat(folded.status()).isEqualTo(MatchStatus.ENDED);
        }
    }

    static BiomeMove randomMove(BiomeState s, Random r) {
        Seat seat = r.nextBoolean() ? A : B;
        List<String> ids = new ArrayList<>(List.of("nope"));
        for (Seat x : List.of(A, B)) {
            s.side(x).hand().forEach(c -> ids.add(c.id()));
            s.side(x).agents().forEach(a -> ids.add(a.id()));
            s.side(x).gear().forEach(a -> ids.add(a.id()));
        }
        String id = ids.get(r.nextInt(ids.size()));
        String id2 = ids.get(r.nextInt(ids.size()));
        TargetRef t =
                switch (r.nextInt(5)) {
                    case 0 -> TargetRef.player(r.nextBoolean() ? A : B);
                    case 1 -> TargetRef.agent(r.nextBoolean() ? A : B, id2);
                    case 2 ->
                            TargetRef.sector(r.nextBoolean() ? A : B, Scenario.biome(r.nextInt(3)));
                    case 3 -> TargetRef.biome(A, Scenario.biome(r.nextInt(3)));
                    default -> new TargetRef("PLANET", A, "x");
                };
        List<TargetRef> ts = r.nextBoolean() ? List.of() : List.of(t);
        return switch (r.nextInt(11)) {
            case 0 ->
                    new BiomeMove.Play(
                            seat, id, ts, r.nextBoolean() ? null : r.nextInt(4) - 1, null);
            case 1 -> new BiomeMove.Activate(seat, id, ts);
            case 2 -> new BiomeMove.Convert(seat, id);
            case 3 -> new BiomeMove.Anomaly(seat, id, ts);
            case 4 ->
                    new BiomeMove.Advance(
                            seat,
                            id,
                            Scenario.biome(r.nextInt(3)),
                            r.nextBoolean() ? List.of() : List.of(id2));
            case 5 -> new BiomeMove.Attack(seat, List.of(id));
            case 6 -> new BiomeMove.Defend(seat, List.of(new Block(id, id2)));
            case 7 -> new BiomeMove.OrderDefenders(seat, id, List.of(id2));
            case 8 -> new BiomeMove.Play(seat, null, List.of(), null, r.nextInt(3));
            case 9 -> new BiomeMove.Defend(seat, List.of(new Block(id, null)));
            default -> new BiomeMove.Pass(seat);
        };
    }
}
