package io.duelhall.domain.biome;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static io.duelhall.domain.biome.Scenario.CATALOG;
import static io.duelhall.domain.biome.Scenario.RULES;
import static io.duelhall.domain.biome.Scenario.biome;
import static io.duelhall.domain.biome.Scenario.pass;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.ClockNeed;
import io.duelhall.domain.Decision;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.Seat;
import io.duelhall.domain.biome.BiomeEvent.*;
import io.duelhall.domain.biome.ai.SelfPlay;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The catalog, setup, energy, effects, reactive cards, the end of the match and the clocks. */
class SetupAndEndTest {

    @Test
    @DisplayName(
            "B-D-CAT-1 the catalog holds agents, gear, skills of every Speed, modifications, reactive cards, anomalies and biomes")
    void catalog() {
        List<String> types = CATALOG.cards().stream().map(BiomeCard::type).distinct().toList();
        assertThat(types)
                .contains(
                        BiomeCard.AGENT,
                        BiomeCard.GEAR,
                        BiomeCard.SKILL,
                        BiomeCard.MODIFICATION,
                        BiomeCard.REACTIVE,
                        BiomeCard.ANOMALY,
                        BiomeCard.BIOME);
        assertThat(
                        CATALOG.cards().stream()
                                .filter(c -> c.type().equals(BiomeCard.SKILL))
                                .map(BiomeCard::speed)
                                .distinct())
                .contains(2, 3);
        assertThat(CATALOG.cards().stream().filter(c -> c.skill() != null)).isNotEmpty();
        assertThat(CATALOG.cards()).allSatisfy(c -> assertThat(Catalog.problems(c)).isEmpty());
        assertThat(CATALOG.card("void-surge").has("X")).isTrue();
        assertThat(CATALOG.card("field-orders").has("PICK")).isTrue();
        assertThat(CATALOG.card("ion-bolt").text())
                .isEqualTo("Speed 2. deal 3 damage to target enemy agent.");
        assertThat(BiomeRuleset.problems(CATALOG)).isEmpty();
    }

    @Test
    @DisplayName(
            "B-D-DECK-1 a deck is 30 known cards, no biome, at most 3 copies; every violation is listed")
    void deckRules() {
        BiomeState s =
                Scenario.open(1).events().stream()
                        .limit(1)
                        .reduce(RULES.initial(), RULES::evolve, (x, y) -> y);
        List<String> bad = new ArrayList<>(Collections.nCopies(4, "ion-bolt"));
        bad.add("ember-crater");
        bad.add("nope");
        Decision d = RULES.join(s, BiomeIntents.joinRequest("X", bad, "seed"));
        Refusal r = d.refusal();
        assertThat(r.code()).isEqualTo("DECK_INVALID");
        assertThat(r.rule()).isEqualTo("B-D-DECK-1");
        assertThat(r.violations()).hasSize(4);
        assertThat(CATALOG.starterDecks())
                .hasSize(2)
                .allSatisfy(deck -> assertThat(CATALOG.deckViolations(deck.cards())).isEmpty());
    }

    @Test
    @DisplayName(
            "B-D-SETUP-1 seeded setup (SetupDeal), five cards each, the first seat's first turn draws one")
    void setup() {
        SelfPlay.Opening o = Scenario.open(7);
        BiomeState s = o.state();
        assertThat(s.status()).isEqualTo(MatchStatus.LIVE);
        Seat first = s.firstSeat();
        assertThat(s.active()).isEqualTo(first);
        assertThat(s.turn()).isEqualTo(1);
        assertThat(s.side(first).hand()).hasSize(6);
        assertThat(s.side(first.opponent()).hand()).hasSize(5);
        assertThat(s.side(first).deck()).hasSize(24);
        assertThat(s.step()).isEqualTo(Steps.MAINTENANCE);
        assertThat(RULES.reproduceDraws(o.events())).isNotEmpty();
        assertThat(Scenario.open(7).events()).isEqualTo(o.events());
    }

    @Test
    @DisplayName(
            "B-D-BIOME-1 every match is played on every catalog biome; each seat has a sector per biome with its durability")
    void biomes() {
        BiomeState s = Scenario.open(3).state();
        for (Seat seat : List.of(A, B)) {
            assertThat(s.side(seat).sectors())
                    .extracting(Sector::biome)
                    .containsExactly("ember-crater", "tidal-shelf", "verdant-deep");
            assertThat(s.side(seat).sectors())
                    .extracting(Sector::durability)
                    .containsExactly(6, 8, 10);
        }
    }

    @Test
    @DisplayName(
            "B-D-ENERGY-1 energy at the refresh is 1 + the reserve; converting puts a card face up in the reserve, +1 energy at once")
    void energy() {
        Scenario sc = Scenario.at(A, Steps.FIRST_PRIMARY).energy(A, 0).deck(A, 5).deck(B, 5);
        String card = sc.hand(A, "titan-walker");
        sc.ok(new BiomeMove.Convert(A, card));
        assertThat(sc.state.side(A).energy()).isEqualTo(1);
        assertThat(sc.state.side(A).reserve()).extracting(CardRef::id).containsExactly(card);
        String drone = sc.hand(A, "ridge-runner");
        Refusal r = sc.no(Scenario.play(A, drone));
        assertThat(r.code()).isEqualTo("NOT_ENOUGH_ENERGY");
        assertThat(r.rule()).isEqualTo("B-D-ENERGY-1");
        // A's next turn: B's turn passes, then A refreshes to 1 + 1
        sc.state(b -> b.step = Steps.END);
        sc.bothPass();
        sc.state(b -> b.step = Steps.END);
        sc.bothPass();
        assertThat(sc.state.active()).isEqualTo(A);
        assertThat(sc.state.side(A).energy()).isEqualTo(2);
    }

    @Test
    @DisplayName(
            "B-D-CONVERT-1 converting and anomalies: active seat, primary phase, empty queue, once a turn each, never queued")
    void convertAndAnomaly() {
        Scenario sc = Scenario.at(A, Steps.FIRST_PRIMARY).deck(A, 5).deck(B, 5);
        String b1 = sc.agent(B, "scout-drone", null);
        String flare = sc.hand(A, "solar-flare");
        String windfall = sc.hand(A, "windfall");
        String c1 = sc.hand(A, "scout-drone");
        String c2 = sc.hand(A, "scout-drone");
        sc.ok(new BiomeMove.Anomaly(A, flare, List.of()));
        assertThat(sc.state.queue()).as("no queue").isEmpty();
        assertThat(sc.agentOf(b1)).as("resolved at once").isNull();
        assertThat(sc.state.priority()).as("the seat keeps priority").isEqualTo(A);
        assertThat(sc.no(new BiomeMove.Anomaly(A, windfall, List.of())).code())
                .isEqualTo("ONCE_PER_TURN");
        sc.ok(new BiomeMove.Convert(A, c1));
        assertThat(sc.no(new BiomeMove.Convert(A, c2)).code()).isEqualTo("ONCE_PER_TURN");
        Scenario q = Scenario.at(A, Steps.FIRST_PRIMARY).deck(A, 5).deck(B, 5);
        String b2 = q.agent(B, "scout-drone", null);
        String x1 = q.hand(A, "scout-drone");
        q.ok(Scenario.play(A, q.hand(A, "ion-bolt"), TargetRef.agent(B, b2)));
        q.ok(pass(B));
        assertThat(q.no(new BiomeMove.Convert(A, x1)).code()).isEqualTo("QUEUE_NOT_EMPTY");
        Scenario opp = Scenario.at(A, Steps.FIRST_PRIMARY).deck(A, 5).deck(B, 5);
        opp.ok(pass(A));
        assertThat(opp.no(new BiomeMove.Convert(B, opp.hand(B, "scout-drone"))).code())
                .isEqualTo("NOT_IN_PRIMARY");
    }

    @Test
    @DisplayName(
            "B-D-EFFECT-1 boosts last until the reset; a modification stays; damage at or above defense terminates")
    void effects() {
        Scenario sc = Scenario.at(A, Steps.SECOND_PRIMARY).deck(A, 5).deck(B, 5);
        String a1 = sc.agent(A, "ridge-runner", null);
        sc.ok(Scenario.play(A, sc.hand(A, "overclock"), TargetRef.agent(A, a1)));
        sc.bothPass();
        assertThat(sc.agentOf(a1).totalPower()).isEqualTo(4);
        sc.bothPass(); // second primary ends
        assertThat(sc.state.step()).isEqualTo(Steps.END);
        sc.bothPass(); // end: the reset, then B's turn
        assertThat(sc.agentOf(a1).totalPower()).as("the boost is gone at the reset").isEqualTo(2);
        Scenario m = Scenario.at(A, Steps.FIRST_PRIMARY).deck(A, 5).deck(B, 5);
        String a2 = m.agent(A, "ridge-runner", null);
        String implant = m.hand(A, "neural-implant");
        m.ok(Scenario.play(A, implant, TargetRef.agent(A, a2)));
        m.bothPass();
        assertThat(m.agentOf(a2).mods()).extracting(CardRef::id).containsExactly(implant);
        assertThat(m.agentOf(a2).totalPower()).isEqualTo(3);
        assertThat(m.agentOf(a2).totalDefense()).isEqualTo(3);
    }

    @Test
    @DisplayName(
            "B-D-REACT-1 a reactive card reacts at the start (or end) of its owner's turn: into the queue, answered, executed")
    void reactive() {
        Scenario sc = Scenario.at(B, Steps.END).deck(A, 5).deck(B, 5);
        CardRef cache = sc.ref(A, "supply-cache");
        sc.edit(A, b -> b.reactives = List.of(cache));
        sc.energy(A, 0);
        sc.bothPass(); // B's turn ends; A's turn starts: refresh, draw, maintenance
        assertThat(sc.state.step()).isEqualTo(Steps.MAINTENANCE);
        assertThat(sc.state.queue())
                .extracting(QueueEntry::kind)
                .containsExactly(QueueEntry.REACTIVE);
        assertThat(sc.state.priority()).as("starting with the active seat").isEqualTo(A);
        sc.bothPass();
        assertThat(sc.state.side(A).energy()).isEqualTo(2);
        assertThat(sc.state.side(A).reactives()).as("it stays in play").containsExactly(cache);
    }

    @Test
    @DisplayName("B-END-1 the documents give no win condition: this engine defines one (B-D-END-1)")
    void winConditionDefined() {
        assertThat(Turns.BIOMES_TO_LOSE).isEqualTo(2);
        assertThat(CATALOG.biomes()).hasSizeGreaterThan(Turns.BIOMES_TO_LOSE);
    }

    @Test
    @DisplayName("B-D-END-1 a seat that has lost two biomes loses the match")
    void twoBiomesLose() {
        Scenario sc = Scenario.at(A, Steps.FIRST_PRIMARY).deck(A, 5).deck(B, 5);
        sc.edit(
                B,
                b ->
                        b.sectors =
                                List.of(
                                        b.sectors.get(0).asLost(),
                                        b.sectors.get(1).withDurability(2),
                                        b.sectors.get(2)));
        sc.ok(Scenario.play(A, sc.hand(A, "orbital-strike"), TargetRef.sector(B, biome(1))));
        sc.bothPass();
        MatchEnded end = sc.of(MatchEnded.class).get(0);
        assertThat(end.winner()).isEqualTo(A);
        assertThat(end.losers()).containsExactly(B);
        assertThat(end.reason()).isEqualTo("BIOMES");
        assertThat(end.serverSeed()).isEqualTo(Scenario.SERVER_SEED);
    }

    @Test
    @DisplayName("B-D-END-2 a seat that must draw from an empty deck loses")
    void deckOut() {
        Scenario sc = Scenario.at(A, Steps.END).deck(A, 5);
        sc.bothPass();
        MatchEnded end = sc.of(MatchEnded.class).get(0);
        assertThat(end.winner()).isEqualTo(A);
        assertThat(end.reason()).isEqualTo("DECKED_OUT");
    }

    @Test
    @DisplayName(
            "B-D-CLOCK-1 a TURN clock in the own primary phase with an empty queue, a RESPONSE window per priority pass; a timeout passes")
    void clocks() {
        Scenario sc = Scenario.at(A, Steps.FIRST_PRIMARY).deck(A, 5).deck(B, 5);
        assertThat(RULES.clockNeed(sc.state)).isEqualTo(new ClockNeed(A, ClockNeed.Kind.TURN, 3));
        sc.ok(new BiomeMove.Timeout(A));
        assertThat(RULES.clockNeed(sc.state))
                .isEqualTo(new ClockNeed(B, ClockNeed.Kind.RESPONSE, 3));
        assertThat(sc.state.side(A).timeouts()).isEqualTo(1);
        assertThat(sc.no(new BiomeMove.Timeout(A)).code()).isEqualTo("NO_CLOCK_RUNNING");
        sc.ok(new BiomeMove.Timeout(B));
        assertThat(sc.state.step()).as("two timeouts are two passes").isEqualTo(Steps.ADVANCE);
        assertThat(sc.state.side(B).timeouts()).as("a RESPONSE timeout only passes").isZero();
        assertThat(sc.of(TurnTimedOut.class))
                .extracting(TurnTimedOut::clock)
                .containsExactly("TURN", "RESPONSE");
        Scenario rated = Scenario.at(A, Steps.FIRST_PRIMARY).deck(A, 5).deck(B, 5);
        rated.state(b -> b.options = new MatchOptions(0, 30, 10, null, 1));
        rated.ok(new BiomeMove.Pass(A));
        rated.ok(new BiomeMove.Timeout(B));
        assertThat(rated.state.status())
                .as("a RESPONSE timeout never loses")
                .isEqualTo(MatchStatus.LIVE);
        rated.state(b -> b.step = Steps.SECOND_PRIMARY);
        rated.ok(new BiomeMove.Timeout(A));
        assertThat(rated.of(MatchEnded.class))
                .extracting(MatchEnded::reason)
                .containsExactly("TIMEOUT");
    }
}
