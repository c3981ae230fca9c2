package io.duelhall.domain.voidexa;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import io.duelhall.domain.voidexa.cards.Subsystem;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.BiConsumer;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/**
 * Invariants over random legal play: matches from random seeds (starter decks, either seat first),
 * moves picked at random among those {@link VoidexaMoves} offers.
 */
class PlayPropertiesTest {
    private static final VoidexaRuleset RULES = Fixtures.RULES;
    private static final VoidexaMoves MOVES = new VoidexaMoves(Fixtures.CATALOG);
    private static final int MAX_STEPS = 3000;

    /**
     * Plays a whole match; {@code beforeEach} sees the state and the random source before every
     * move.
     */
    private static Fixtures.Game play(
            int seed, long picks, BiConsumer<Fixtures.Game, Random> beforeEach) {
        Fixtures.Game g =
                new Fixtures.Game(seed, Fixtures.deck(seed % 2), Fixtures.deck((seed / 2) % 2));
        Random r = new Random(picks);
        invariants(g.state);
        for (int step = 0; step < MAX_STEPS && g.state.status() == MatchStatus.LIVE; step++) {
            beforeEach.accept(g, r);
            List<Intent> legal = MOVES.legal(g.state, VoidexaMoves.toAct(g.state));
            assertThat(legal).as("someone can always act").isNotEmpty();
            Intent pick = r.nextInt(10) < 3 ? legal.get(0) : legal.get(r.nextInt(legal.size()));
            Decision d = RULES.decide(g.state, pick);
            assertThat(d.accepted()).as("legal move refused: %s -> %s", pick, d.refusal()).isTrue();
            g.apply(d); // evolve runs on every decided event: it must not throw
            invariants(g.state);
        }
        return g;
    }

    /** Cards conserved per seat, resources and subsystems in range, the phase consistent. */
    static void invariants(VoidexaState s) {
        Set<String> ids = new HashSet<>();
        for (Seat seat : List.of(A, B)) {
            Ship ship = s.ship(seat);
            List<String> mine = new ArrayList<>();
            for (List<CardRef> zone :
                    List.of(
                            ship.deck(),
                            ship.hand(),
                            ship.discard(),
                            ship.exile(),
                            ship.inPlay())) {
                zone.forEach(c -> mine.add(c.id()));
            }
            ship.drones().forEach(d -> mine.add(d.id()));
            if (ship.field() != null) {
                mine.add(ship.field().id());
            }
            if (s.pending() != null && s.pending().seat() == seat) {
                mine.add(s.pending().card().id());
            }
            assertThat(mine)
                    .as("seat %s: deck+hand+discard+exile+inPlay+drones+field+pending", seat)
                    .hasSize(60);
            // issue 23 item 10: the view shows every card in a zone, also the card whose resolution
            // ended the match
            VoidexaView.SeatView v =
                    RULES.view(s, io.duelhall.domain.Viewer.EVERYONE, 0).seats().get(seat);
            assertThat(
                            v.deckCount()
                                    + v.handCount()
                                    + v.discard().size()
                                    + v.exileCount()
                                    + v.inPlay().size()
                                    + v.drones().size()
                                    + (v.field() == null ? 0 : 1)
                                    + (v.resolving() == null ? 0 : 1))
                    .as(
                            "seat %s in its view (status %s): deck+hand+discard+exile+inPlay+drones+field+resolving",
                            seat, s.status())
                    .isEqualTo(60);
            for (String id : mine) {
                assertThat(ids.add(id)).as("card %s is in one place only", id).isTrue();
            }
            assertThat(ship.energy()).as("energy of %s", seat).isNotNegative();
            assertThat(ship.heat()).as("heat of %s", seat).isBetween(0, Ship.MAX_HEAT);
            assertThat(ship.pendingHeat()).isNotNegative();
            for (Subsystem sub : Subsystem.values()) {
                assertThat(ship.value(sub)).as("%s of %s", sub, seat).isBetween(0, ship.max(sub));
            }
            assertThat(ship.drones()).hasSizeLessThanOrEqualTo(Ship.MAX_DRONES);
            for (Drone d : ship.drones()) {
                assertThat(d.hull()).isBetween(1, d.maxHull());
                assertThat(d.shield()).isBetween(0, d.maxShield());
            }
            assertThat(ship.maxHand()).isBetween(0, Ship.MAX_HAND);
            assertThat(ship.lifeSupportZeroTurns()).isBetween(0, 3);
        }
        if (s.status() == MatchStatus.LIVE) {
            assertThat(s.phase()).isIn(Phase.MAIN, Phase.RESPONSE, Phase.DISCARD);
            switch (s.phase()) {
                case MAIN -> assertThat(s.pending()).isNull();
                case RESPONSE -> {
                    assertThat(s.pending()).isNotNull();
                    assertThat(s.pending().seat()).isEqualTo(s.active());
                    assertThat(s.responder()).isEqualTo(s.active().opponent());
                }
                case DISCARD ->
                        assertThat(s.discardOwed())
                                .isPositive()
                                .isEqualTo(
                                        s.ship(s.active()).hand().size()
                                                - s.ship(s.active()).maxHand());
                default -> throw new AssertionError(s.phase());
            }
        } else {
            assertThat(s.status()).isEqualTo(MatchStatus.ENDED);
            assertThat(s.phase()).isEqualTo(Phase.OVER);
            assertThat(s.result()).isNotNull();
        }
    }

    @Property(tries = 200)
    @Label(
            "cards conserved (60 a seat), energy ≥ 0, Heat 0..10, subsystems 0..max, evolve total, replay equal")
    void invariantsHoldAndReplayGivesTheSameState(
            @ForAll @IntRange(min = 0, max = 1_000_000) int seed, @ForAll long picks) {
        Fixtures.Game g =
                play(
                        seed,
                        picks,
                        (game, r) -> Statistics.label("phase").collect(game.state.phase().name()));
        assertThat(g.state.status()).as("the match ends").isEqualTo(MatchStatus.ENDED);
        Statistics.label("end").collect(g.state.result().reason());
        // not vacuous: the RESPONSE and DISCARD branches of the invariants are reached, and matches
        // end more than one way
        Statistics.label("phase")
                .coverage(
                        c -> {
                            c.check("RESPONSE").count(n -> n > 0);
                            c.check("DISCARD").count(n -> n > 0);
                        });
        Statistics.label("end")
                .coverage(
                        c -> {
                            c.check("HULL_DESTROYED").count(n -> n > 0);
                            c.check("DECK_OUT").count(n -> n > 0);
                        });
        assertThat(RULES.replay(g.events)).isEqualTo(g.state);
    }

    @Property(tries = 100)
    @Label("decide → evolve is deterministic: same seed and picks, same events")
    void sameSeedAndPicksGiveTheSameEvents(
            @ForAll @IntRange(min = 0, max = 1_000_000) int seed, @ForAll long picks) {
        List<MatchEvent> first = play(seed, picks, (game, r) -> {}).events;
        List<MatchEvent> second = play(seed, picks, (game, r) -> {}).events;
        assertThat(second).isEqualTo(first);
    }

    @Property(tries = 200)
    @Label(
            "a refused intent (wrong seat, unknown card, own-side target, …) is Rejected and changes nothing")
    void refusedIntentsChangeNothing(
            @ForAll @IntRange(min = 0, max = 1_000_000) int seed, @ForAll long picks) {
        play(
                seed,
                picks,
                (g, r) -> {
                    Intent junk = junk(g.state, r);
                    String before = g.state.toString();
                    Decision d = RULES.decide(g.state, junk);
                    assertThat(d)
                            .as("junk accepted: %s", junk)
                            .isInstanceOf(Decision.Rejected.class);
                    assertThat(d.events()).isEmpty();
                    assertThat(d.refusal().code()).isNotBlank();
                    assertThat(g.state.toString()).isEqualTo(before);
                    Statistics.label("refusal").collect(g.state.phase().name(), d.refusal().code());
                });
        // not vacuous: junk reaches every phase and is refused by checks past the first one
        Statistics.label("refusal")
                .coverage(
                        c -> {
                            c.check("MAIN", "INVALID_TARGET").count(n -> n > 0);
                            c.check("RESPONSE", "RESPONSE_PENDING").count(n -> n > 0);
                            c.check("RESPONSE", "NOT_REACTIVE").count(n -> n > 0);
                            c.check("DISCARD", "DISCARD_REQUIRED").count(n -> n > 0);
                            c.check("DISCARD", "WRONG_DISCARD_COUNT").count(n -> n > 0);
                        });
    }

    /**
     * An intent the rules must refuse: a wrong seat, an unknown card, a target of one's own side,
     * and so on.
     */
    private static Intent junk(VoidexaState s, Random r) {
        Seat actor = VoidexaMoves.toAct(s);
        Seat other = actor.opponent();
        Ship mine = s.ship(actor);
        Ship theirs = s.ship(other);
        String ownCard =
                mine.hand().isEmpty()
                        ? "none"
                        : mine.hand().get(r.nextInt(mine.hand().size())).id();
        String theirCard =
                theirs.hand().isEmpty()
                        ? "none"
                        : theirs.hand().get(r.nextInt(theirs.hand().size())).id();
        List<Target> ownSide =
                List.of(
                        VoidexaIntents.ship(actor),
                        VoidexaIntents.subsystem(actor, "HULL"),
                        VoidexaIntents.drone(
                                actor, mine.drones().isEmpty() ? "d" : mine.drones().get(0).id()),
                        VoidexaIntents.card(
                                actor, mine.inPlay().isEmpty() ? "c" : mine.inPlay().get(0).id()));
        return switch (r.nextInt(9)) {
            case 0 -> VoidexaIntents.endTurn(other);
            case 1 -> VoidexaIntents.pass(other);
            case 2 -> VoidexaIntents.play(other, theirCard);
            case 3 -> VoidexaIntents.play(actor, "no-such-card-" + r.nextInt(100));
            case 4 -> VoidexaIntents.play(actor, theirCard);
            case 5 -> VoidexaIntents.play(actor, ownCard, ownSide.get(r.nextInt(ownSide.size())));
            case 6 ->
                    VoidexaIntents.activate(
                            actor,
                            mine.inPlay().isEmpty() ? "none" : mine.inPlay().get(0).id(),
                            99);
            case 7 ->
                    VoidexaIntents.discardDown(
                            actor,
                            List.of("x", "y", "z").subList(0, Math.min(3, s.discardOwed() + 1)));
            default ->
                    new Intent(
                            Seat.C,
                            VoidexaIntents.Type.values()[
                                    r.nextInt(VoidexaIntents.Type.values().length)]
                                    .name(),
                            ownCard,
                            null,
                            null,
                            null);
        };
    }
}
