package io.duelhall.domain.casket;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Decision;
import io.duelhall.domain.DrawCheck;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.casket.ai.SelfPlay;
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
 * Invariants over random legal play of 2 to 6 seats: matches from random seeds, moves picked at
 * random among those {@link CasketRuleset#legalMoves} offers.
 */
class PlayPropertiesTest {
    static final CasketRuleset RULES = new CasketRuleset();
    private static final int MAX_STEPS = 100_000;

    record Game(List<MatchEvent> events, CasketState state, List<Intent> intents) {}

    interface Each {
        void before(CasketState s, Random r);
    }

    static SelfPlay.Game open(long seed, int seats) {
        List<Catalog.Starter> caskets = new ArrayList<>();
        for (int i = 0; i < seats; i++) {
            caskets.add(RULES.catalog().starters().get((int) ((seed + i) % 4)));
        }
        return new SelfPlay(RULES).open(seed, caskets);
    }

    static Game play(long seed, int seats, long picks, Each each) {
        SelfPlay.Game o = open(seed, seats);
        List<MatchEvent> events = new ArrayList<>(o.events());
        List<Intent> intents = new ArrayList<>();
        CasketState s = o.state();
        Random r = new Random(picks);
        invariants(s);
        for (int step = 0; step < MAX_STEPS && s.status() == MatchStatus.LIVE; step++) {
            each.before(s, r);
            Seat seat = RULES.toAct(s);
            for (Seat other : s.seats()) {
                if (other != seat) {
                    assertThat(RULES.legalMoves(s, other)).as("only one seat owes").isEmpty();
                }
            }
            List<Intent> legal = RULES.legalMoves(s, seat);
            assertThat(legal).as("someone can always act").isNotEmpty();
            Intent pick = legal.get(r.nextInt(legal.size()));
            assertThat(RULES.checkIntent(pick))
                    .as("made of the ruleset's words: %s", pick)
                    .isNull();
            Decision d = RULES.decide(s, pick);
            assertThat(d.accepted()).as("legal move refused: %s -> %s", pick, d.refusal()).isTrue();
            intents.add(pick);
            for (MatchEvent e : d.events()) {
                s = RULES.evolve(s, e);
                events.add(e);
            }
            invariants(s);
        }
        assertThat(s.status()).as("the match ends").isEqualTo(MatchStatus.ENDED);
        return new Game(events, s, intents);
    }

    /** Every seat's cards (its deck and its Damage cards) are somewhere, once; values in range. */
    static void invariants(CasketState s) {
        Set<String> ids = new HashSet<>();
        Set<Hex> occupied = new HashSet<>();
        for (Pilot p : s.pilots().values()) {
            List<CardRef> mine = new ArrayList<>(p.deck());
            mine.addAll(p.hand());
            mine.addAll(p.discard());
            if (!p.deck().isEmpty() || !p.hand().isEmpty()) {
                assertThat(mine)
                        .as("seat %s: deck, hand and discard", p.seat())
                        .hasSize(p.deckList().size() + p.damageCards());
            }
            for (CardRef c : mine) {
                assertThat(ids.add(c.id())).as("card %s is in one place only", c.id()).isTrue();
            }
            assertThat(p.sp()).isGreaterThanOrEqualTo(0);
            assertThat(p.heat()).isGreaterThanOrEqualTo(0);
            if (!p.wounds().isEmpty() || !p.flipped().isEmpty()) {
                assertThat(p.wounds().size() + p.flipped().size()).isEqualTo(10);
            }
            if (!p.defeated() && p.at() != null) {
                assertThat(occupied.add(p.at())).as("one casket a hex").isTrue();
                assertThat(RULES.catalog().map(s.map()).passable(p.at())).isTrue();
            }
        }
    }

    @Property(tries = 20)
    @Label(
            "cards are conserved, every listed move is accepted, only one seat owes, every match ends (2-6 seats)")
    void cardsConserved(
            @ForAll @IntRange(min = 0, max = 100_000) int seed,
            @ForAll @IntRange(min = 2, max = 6) int seats) {
        play(seed, seats, seed * 13L, (s, r) -> {});
    }

    @Property(tries = 8)
    @Label("determinism and replay = live; the audit redoes every shuffle and die from the seeds")
    void deterministic(
            @ForAll @IntRange(min = 0, max = 100_000) int seed,
            @ForAll @IntRange(min = 2, max = 6) int seats) {
        Game one = play(seed, seats, seed, (s, r) -> {});
        Game two = play(seed, seats, seed, (s, r) -> {});
        assertThat(two.events()).isEqualTo(one.events());
        assertThat(RULES.replay(one.events())).isEqualTo(one.state());
        SelfPlay.Game o = open(seed, seats);
        List<MatchEvent> again = new ArrayList<>(o.events());
        CasketState s = o.state();
        for (Intent i : one.intents()) {
            Decision d = RULES.decide(s, i);
            for (MatchEvent e : d.events()) {
                s = RULES.evolve(s, e);
                again.add(e);
            }
        }
        assertThat(again).isEqualTo(one.events());
        List<DrawCheck> checks = RULES.reproduceDraws(one.events());
        assertThat(checks).hasSizeGreaterThan(seats * 2);
        assertThat(checks).allSatisfy(c -> assertThat(c.reproduced()).as(c.toString()).isTrue());
    }

    @Property(tries = 8)
    @Label(
            "evolve is total: random intents are accepted or refused, never throw; a refusal changes nothing")
    void refusalsChangeNothing(
            @ForAll @IntRange(min = 0, max = 100_000) int seed,
            @ForAll @IntRange(min = 2, max = 6) int seats) {
        play(
                seed,
                seats,
                seed + 1L,
                (s, r) -> {
                    for (int k = 0; k < 3; k++) {
                        Intent m = randomIntent(s, r);
                        CasketState before = s;
                        Decision d = RULES.decide(s, m);
                        assertThat(s).isEqualTo(before);
                        if (!d.accepted()) {
                            assertThat(d.refusal().code()).matches("[A-Z_]+");
                        } else {
                            CasketState after = s;
                            for (MatchEvent e : d.events()) {
                                after = RULES.evolve(after, e);
                            }
                            invariants(after);
                        }
                    }
                });
    }

    private static Intent randomIntent(CasketState s, Random r) {
        List<Seat> seats = new ArrayList<>(s.seats());
        Seat seat = seats.get(r.nextInt(seats.size()));
        Pilot p = s.pilot(seat);
        List<String> types =
                List.of(
                        CasketIntents.PASS,
                        CasketIntents.MOVE,
                        CasketIntents.PLAY,
                        CasketIntents.REACT,
                        CasketIntents.PAY,
                        CasketIntents.DISCARD,
                        CasketIntents.VENT,
                        CasketIntents.KEEP,
                        CasketIntents.ROTATE);
        String type = types.get(r.nextInt(types.size()));
        String card = p.hand().isEmpty() ? "nope" : p.hand().get(r.nextInt(p.hand().size())).id();
        Hex h = new Hex(r.nextInt(13) - 6, r.nextInt(13) - 6);
        Seat target = seats.get(r.nextInt(seats.size()));
        return new Intent(
                seat,
                type,
                card,
                null,
                List.of(
                        r.nextBoolean()
                                ? CasketIntents.hexTarget(h)
                                : CasketIntents.casketTarget(
                                        target, Component.values()[r.nextInt(5)])),
                r.nextBoolean() ? List.of(card) : List.of(),
                java.util.Map.of(CasketIntents.FACING, String.valueOf(r.nextInt(8) - 1)));
    }

    @Property(tries = 6)
    @Label(
            "evolve is total on every viewer's redacted stream; the public fold's view is the spectator view of the truth")
    void redactedStreams(
            @ForAll @IntRange(min = 0, max = 100_000) int seed,
            @ForAll @IntRange(min = 2, max = 6) int seats) {
        Game g = play(seed, seats, seed * 3L, (s, r) -> {});
        CasketState truth = RULES.initial();
        CasketState pub = RULES.initial();
        List<CasketState> mine = new ArrayList<>();
        for (int i = 0; i < seats; i++) {
            mine.add(RULES.initial());
        }
        long version = 0;
        for (MatchEvent e : g.events()) {
            truth = RULES.evolve(truth, e);
            pub = RULES.evolvePublic(pub, RULES.redact(e, Viewer.SPECTATOR));
            for (int i = 0; i < seats; i++) {
                mine.set(
                        i,
                        RULES.evolvePublic(
                                mine.get(i), RULES.redact(e, Viewer.seat(Seat.values()[i]))));
            }
            version++;
            if (truth.status() != MatchStatus.ENDED) {
                assertThat(RULES.publicView(pub, version))
                        .isEqualTo(RULES.view(truth, Viewer.SPECTATOR, version));
            }
        }
    }
}
