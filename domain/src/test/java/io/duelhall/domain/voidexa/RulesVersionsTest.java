package io.duelhall.domain.voidexa;

import static io.duelhall.domain.Seat.A;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.RulesVersion;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.voidexa.VoidexaEvent.HeatPending;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchCreated;
import io.duelhall.domain.voidexa.cards.Catalog;
import io.duelhall.domain.voidexa.cards.CatalogData;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Versioned rules (issue 25): a match plays under the rules version it was created with. The first
 * catalog change (D-CAT-1: Maneuvers have no Heat) is played both ways: under the released catalog
 * 2026.11.1 Reactor Boost still costs 0 and makes 2 Heat, under the current one it costs 1 and
 * makes none.
 */
class RulesVersionsTest {
    static final VoidexaRuleset OLD =
            new VoidexaRuleset(read("released/voidexa-cards-2026.11.1.json"), "voidexa-1.0.0");
    static final VoidexaRuleset NOW = Fixtures.RULES;

    static Catalog read(String file) {
        try (InputStream in = VoidexaRuleset.class.getResourceAsStream(file)) {
            ObjectMapper m =
                    new ObjectMapper()
                            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
            return new Catalog(m.readValue(in, CatalogData.class));
        } catch (Exception e) {
            throw new IllegalStateException(file, e);
        }
    }

    @Test
    @DisplayName(
            "D-CAT-1 Reactor Boost: no Heat and cost 1 under catalog 2026.11.2; Heat 2 and cost 0 under 2026.11.1")
    void reactorBoostUnderEachCatalog() {
        Fixtures.Game now =
                Scenario.live(NOW).a(x -> x.hand("reactor-boost").energy(5).heat(3)).game();
        List<MatchEvent> nowEvents = now.act(VoidexaIntents.play(A, "a1")).events();
        assertThat(nowEvents).noneMatch(e -> e instanceof HeatPending);
        assertThat(now.ship(A).energy()).isEqualTo(6);

        Fixtures.Game old =
                Scenario.live(OLD).a(x -> x.hand("reactor-boost").energy(5).heat(3)).game();
        List<MatchEvent> oldEvents = old.act(VoidexaIntents.play(A, "a1")).events();
        assertThat(oldEvents).contains(new HeatPending(A, 2, 2));
        assertThat(old.ship(A).energy()).isEqualTo(7);
    }

    @Test
    @DisplayName(
            "D-CAT-1 Afterburner: no Heat and cost 2 under catalog 2026.11.2; Heat 1 and cost 1 under 2026.11.1")
    void afterburnerUnderEachCatalog() {
        Fixtures.Game now = Scenario.live(NOW).a(x -> x.hand("afterburner").energy(5)).game();
        assertThat(now.act(VoidexaIntents.play(A, "a1")).events())
                .noneMatch(e -> e instanceof HeatPending);
        assertThat(now.ship(A).energy()).isEqualTo(3);

        Fixtures.Game old = Scenario.live(OLD).a(x -> x.hand("afterburner").energy(5)).game();
        assertThat(old.act(VoidexaIntents.play(A, "a1")).events())
                .contains(new HeatPending(A, 1, 1));
        assertThat(old.ship(A).energy()).isEqualTo(4);
    }

    @Test
    @DisplayName(
            "D-CAT-2 Repair Module restores 2 Hull at the start of its owner's turn under 2026.11.2; never again under 2026.11.1")
    void repairModuleKeepsRepairing() {
        Fixtures.Game now =
                Scenario.live(NOW)
                        .a(
                                x ->
                                        x.inPlay("repair-module")
                                                .set(
                                                        io.duelhall.domain.voidexa.cards.Subsystem
                                                                .HULL,
                                                        40))
                        .game();
        now.act(VoidexaIntents.endTurn(A));
        assertThat(now.act(VoidexaIntents.endTurn(io.duelhall.domain.Seat.B)).events())
                .contains(
                        new VoidexaEvent.SubsystemRepaired(
                                A, io.duelhall.domain.voidexa.cards.Subsystem.HULL, 2, 42));

        Fixtures.Game old =
                Scenario.live(OLD)
                        .a(
                                x ->
                                        x.inPlay("repair-module")
                                                .set(
                                                        io.duelhall.domain.voidexa.cards.Subsystem
                                                                .HULL,
                                                        40))
                        .game();
        old.act(VoidexaIntents.endTurn(A));
        assertThat(old.act(VoidexaIntents.endTurn(io.duelhall.domain.Seat.B)).events())
                .noneMatch(e -> e instanceof VoidexaEvent.SubsystemRepaired);
    }

    @Test
    @DisplayName(
            "D-CAT-3 Overcharge adds 3 damage to the next Weapon this turn (2026.11.2); it was a 3-damage shot (2026.11.1)")
    void overchargeChargesTheNextWeapon() {
        Fixtures.Game now =
                Scenario.live(NOW)
                        .a(
                                x ->
                                        x.inPlay("overcharge-coupling")
                                                .hand("pulse-tap", "pulse-tap")
                                                .energy(5))
                        .b(x -> x.set(io.duelhall.domain.voidexa.cards.Subsystem.SHIELD, 0))
                        .game();
        List<MatchEvent> charged = now.act(VoidexaIntents.activate(A, "a1", 0)).events();
        assertThat(charged)
                .contains(new VoidexaEvent.WeaponCharged(A, 3, 3))
                .noneMatch(e -> e instanceof VoidexaEvent.DamageRouted);
        assertThat(now.ship(A).weaponCharge()).isEqualTo(3);
        assertThat(hullLostTo(now, "a2")).as("Pulse Tap's 6 + the charge's 3").isEqualTo(9);
        assertThat(now.ship(A).weaponCharge()).as("spent by the first Weapon").isZero();
        assertThat(hullLostTo(now, "a3")).as("the second Weapon has no charge").isEqualTo(6);

        // an unspent charge is lost with the turn
        Fixtures.Game lost =
                Scenario.live(NOW).a(x -> x.inPlay("overcharge-coupling").energy(5)).game();
        lost.act(VoidexaIntents.activate(A, "a1", 0));
        lost.act(VoidexaIntents.endTurn(A));
        assertThat(lost.ship(A).weaponCharge()).isZero();

        // the released catalog: a shot of 3 at once, under engine voidexa-1.0.0
        Fixtures.Game old =
                Scenario.live(OLD)
                        .a(x -> x.inPlay("overcharge-coupling").energy(5))
                        .b(x -> x.set(io.duelhall.domain.voidexa.cards.Subsystem.SHIELD, 0))
                        .game();
        assertThat(
                        old.act(
                                        VoidexaIntents.activate(
                                                A,
                                                "a1",
                                                0,
                                                VoidexaIntents.ship(io.duelhall.domain.Seat.B)))
                                .events())
                .anyMatch(e -> e instanceof VoidexaEvent.DamageRouted)
                .noneMatch(e -> e instanceof VoidexaEvent.WeaponCharged);
    }

    /** Seat A plays {@code card} (B lets it resolve); B's Hull lost to it. */
    private static int hullLostTo(Fixtures.Game g, String card) {
        int hull =
                g.ship(io.duelhall.domain.Seat.B)
                        .value(io.duelhall.domain.voidexa.cards.Subsystem.HULL);
        assertThat(g.act(VoidexaIntents.play(A, card)).accepted()).isTrue();
        if (g.state.phase() == Phase.RESPONSE) {
            g.act(VoidexaIntents.pass(io.duelhall.domain.Seat.B));
        }
        return hull
                - g.ship(io.duelhall.domain.Seat.B)
                        .value(io.duelhall.domain.voidexa.cards.Subsystem.HULL);
    }

    @Test
    @DisplayName(
            "a catalog using WEAPON_CHARGE is refused under engine voidexa-1.0.0, which has no such effect")
    void theOldEngineRefusesACatalogItCannotPlay() {
        assertThatThrownBy(() -> new VoidexaRuleset(NOW.catalog(), "voidexa-1.0.0"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("WEAPON_CHARGE");
    }

    @Test
    @DisplayName(
            "no Maneuver of the current catalog has Heat (seed 000 section 9: 'Defense and Maneuvers (no Heat)')")
    void noManeuverHasHeat() {
        assertThat(NOW.catalog().cards())
                .filteredOn(c -> c.type() == io.duelhall.domain.voidexa.cards.CardType.MANEUVER)
                .isNotEmpty()
                .allMatch(c -> c.heat() == 0);
    }

    @Test
    @DisplayName(
            "a match names the version it was created with and is found by it, not by the current one")
    void matchesAreFoundByTheirVersion() {
        Rulesets rulesets = new Rulesets(List.of(NOW), List.of(OLD));
        MatchCreated created =
                (MatchCreated)
                        OLD.create("m", MatchOptions.defaults(), Fixtures.seed(1)).events().get(0);
        assertThat(created.catalogVersion()).isEqualTo("voidexa-cards-2026.11.1");
        assertThat(rulesets.forMatch(created)).isSameAs(OLD);
        assertThat(rulesets.get("voidexa"))
                .as("new matches take the current version")
                .isSameAs(NOW);
        assertThat(rulesets.served("voidexa")).containsExactly(NOW, OLD);
        assertThat(
                        rulesets.find(
                                "voidexa",
                                new RulesVersion("voidexa-1.2.0", "voidexa-cards-2026.11.3")))
                .containsSame(NOW);
        assertThat(
                        rulesets.find(
                                "voidexa",
                                new RulesVersion("voidexa-1.0.0", "voidexa-cards-2026.11.2")))
                .as("a pair never released is not served")
                .isEmpty();

        MatchCreated future =
                new MatchCreated(
                        "f",
                        "voidexa",
                        "voidexa-9.0.0",
                        created.catalogVersion(),
                        created.options(),
                        created.seedCommitment(),
                        null);
        assertThatThrownBy(() -> rulesets.forMatch(future))
                .isInstanceOf(Rulesets.UnservedVersionException.class)
                .hasMessageContaining("voidexa-9.0.0")
                .hasMessageContaining("does not serve");
        assertThatThrownBy(() -> new Rulesets(List.of(NOW), List.of(NOW)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new VoidexaRuleset(NOW.catalog(), "voidexa-0.9"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("a view names the rules version its match runs")
    void theViewNamesTheVersion() {
        Fixtures.Game g = Scenario.live(OLD).game();
        assertThat(OLD.view(g.state, io.duelhall.domain.Viewer.SPECTATOR, 3).rules())
                .isEqualTo(new RulesVersion("voidexa-1.0.0", "voidexa-cards-2026.11.1"));
    }

    // ---- engine voidexa-1.2.0, catalog voidexa-cards-2026.11.3 (issue 23 items 3, 7, 9) ----

    static final VoidexaRuleset V1_1 = Fixtures.RULES_1_1;

    /** B's drone attacks when B's next main phase begins (B ends its turn, then A ends its). */
    private static List<VoidexaEvent.DroneAttacked> attacksAtBsNextTurn(Fixtures.Game g) {
        g.act(VoidexaIntents.endTurn(io.duelhall.domain.Seat.B));
        return g.act(VoidexaIntents.endTurn(A)).events().stream()
                .filter(e -> e instanceof VoidexaEvent.DroneAttacked)
                .map(e -> (VoidexaEvent.DroneAttacked) e)
                .toList();
    }

    @Test
    @DisplayName(
            "D-DRONE-3 Targeting AI gives the drones' next attack Pierce, then it is spent (engine 1.2.0, catalog 2026.11.3)")
    void targetingAiPierceIsForTheNextAttackOnly() {
        io.duelhall.domain.Seat b = io.duelhall.domain.Seat.B;
        Fixtures.Game g =
                Scenario.live(NOW)
                        .turn(2, b, Phase.MAIN)
                        .b(
                                x ->
                                        x.drones("scout-drone", "strike-drone")
                                                .hand("targeting-ai")
                                                .energy(5))
                        .game();
        assertThat(g.act(VoidexaIntents.play(b, "b3")).events())
                .contains(new VoidexaEvent.DronePierceCharged(b))
                .noneMatch(e -> e instanceof VoidexaEvent.DronesBoosted);
        assertThat(g.ship(b).discard()).extracting(CardRef::card).containsExactly("targeting-ai");
        assertThat(g.ship(b).inPlay()).as("a one-shot card, no routine left in play").isEmpty();
        assertThat(
                        NOW.view(g.state, io.duelhall.domain.Viewer.SPECTATOR, 1)
                                .seats()
                                .get(b)
                                .dronePierceNext())
                .isTrue();

        g.act(VoidexaIntents.endTurn(b));
        List<MatchEvent> next = g.act(VoidexaIntents.endTurn(A)).events();
        assertThat(next)
                .containsSubsequence(
                        new VoidexaEvent.DroneAttacked(b, "b1", 1, true),
                        new VoidexaEvent.DroneAttacked(b, "b2", 2, true),
                        new VoidexaEvent.DronePierceSpent(b));
        assertThat(g.ship(b).pierceNext()).isFalse();
        assertThat(attacksAtBsNextTurn(g))
                .as("spent: the attack after that goes through the Shield again")
                .containsExactly(
                        new VoidexaEvent.DroneAttacked(b, "b1", 1, false),
                        new VoidexaEvent.DroneAttacked(b, "b2", 2, false));
    }

    @Test
    @DisplayName(
            "D-DRONE-3 Targeting AI's Pierce waits for an attack: played with no drone, it pierces with the first drone's attack")
    void targetingAiPierceWaitsForAnAttack() {
        io.duelhall.domain.Seat b = io.duelhall.domain.Seat.B;
        Fixtures.Game g =
                Scenario.live(NOW)
                        .turn(2, b, Phase.MAIN)
                        .b(x -> x.hand("targeting-ai").energy(5))
                        .game();
        g.act(VoidexaIntents.play(b, "b1"));
        g.act(VoidexaIntents.endTurn(b));
        assertThat(g.act(VoidexaIntents.endTurn(A)).events())
                .noneMatch(e -> e instanceof VoidexaEvent.DronePierceSpent);
        assertThat(g.ship(b).pierceNext()).isTrue();
    }

    @Test
    @DisplayName(
            "D-DRONE-1 under engine 1.1.0 with catalog 2026.11.2 Targeting AI still grants Pierce at the start of every own turn")
    void targetingAiUnderTheOldVersionGrantsPierceEveryTurn() {
        io.duelhall.domain.Seat b = io.duelhall.domain.Seat.B;
        Fixtures.Game g =
                Scenario.live(V1_1)
                        .turn(2, b, Phase.MAIN)
                        .b(x -> x.inPlay("targeting-ai").drones("scout-drone"))
                        .game();
        assertThat(attacksAtBsNextTurn(g))
                .containsExactly(new VoidexaEvent.DroneAttacked(b, "b2", 1, true));
        assertThat(attacksAtBsNextTurn(g))
                .containsExactly(new VoidexaEvent.DroneAttacked(b, "b2", 1, true));
        assertThat(V1_1.catalog().card("targeting-ai").type())
                .isEqualTo(io.duelhall.domain.voidexa.cards.CardType.AI_ROUTINE);
    }

    @Test
    @DisplayName(
            "a catalog using DRONE_PIERCE is refused under engine voidexa-1.1.0, which has no such effect")
    void engine11RefusesTheNewCatalog() {
        assertThatThrownBy(() -> new VoidexaRuleset(NOW.catalog(), "voidexa-1.1.0"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("DRONE_PIERCE");
        assertThat(NOW.version())
                .isEqualTo(new RulesVersion("voidexa-1.2.0", "voidexa-cards-2026.11.3"));
    }

    @Test
    @DisplayName(
            "D-DRONE-1 Drone Boost's card text says what it does: until the end of your next turn (every served catalog)")
    void droneBoostTextNamesItsDuration() {
        for (VoidexaRuleset r : List.of(OLD, V1_1, NOW)) {
            assertThat(r.catalog().card("drone-boost").text())
                    .as(r.catalogVersion())
                    .contains("until the end of your next turn");
        }
    }

    @Test
    @DisplayName(
            "D-CAT-4 High-Output Engine: +1 energy at the start of its owner's turn, +1 Heat at the end of it")
    void highOutputEngineAddsHeatEachTurn() {
        Fixtures.Game g =
                Scenario.live(NOW).a(x -> x.inPlay("high-output-engine").energy(5)).game();
        assertThat(g.act(VoidexaIntents.endTurn(A)).events())
                .contains(new HeatPending(A, 1, 1), new VoidexaEvent.HeatApplied(A, 1, 1));
        assertThat(g.ship(A).heat()).isEqualTo(1);
        List<MatchEvent> next = g.act(VoidexaIntents.endTurn(io.duelhall.domain.Seat.B)).events();
        int max = g.ship(A).maxEnergy();
        assertThat(next).contains(new VoidexaEvent.EnergyGained(A, 1, max + 1));
        assertThat(g.ship(A).energy()).isEqualTo(max + 1);
        assertThatThrownBy(() -> V1_1.catalog().card("high-output-engine"))
                .as("not in the released catalog");
    }

    @Test
    @DisplayName(
            "D-CLOCK-5 timeoutLoss: 0 means turn timeouts never lose; 2 loses at the second (engine 1.2.0)")
    void timeoutLossIsAMatchOption() {
        assertThat(
                        thirdTimeout(
                                Scenario.live(NOW)
                                        .options(new MatchOptions(0, 30, null, null, 0))
                                        .a(x -> x.account("acc-a"))
                                        .b(x -> x.account("acc-b"))
                                        .game()))
                .as("off, even in a rated match: the third timeout only ends the turn")
                .noneMatch(e -> e instanceof VoidexaEvent.MatchEnded);

        Fixtures.Game two =
                Scenario.live(NOW).options(new MatchOptions(0, 30, null, null, 2)).game();
        two.act(Intent.timeout(A));
        two.act(VoidexaIntents.endTurn(io.duelhall.domain.Seat.B));
        assertThat(two.act(Intent.timeout(A)).events())
                .anyMatch(
                        e ->
                                e instanceof VoidexaEvent.MatchEnded m
                                        && m.reason().equals("TIMEOUT")
                                        && m.losers().equals(List.of(A)));
        assertThat(
                        NOW.view(
                                        Scenario.live(NOW)
                                                .options(new MatchOptions(0, 30, null, null, 0))
                                                .game()
                                                .state,
                                        io.duelhall.domain.Viewer.SPECTATOR,
                                        1)
                                .timeoutLoss())
                .isZero();
    }

    @Test
    @DisplayName(
            "D-CLOCK-5 without timeoutLoss: the third timeout loses a rated match only (engine 1.2.0); always under engine 1.1.0")
    void withoutTheOptionTheThirdLosesRatedMatchesOnly() {
        assertThat(
                        thirdTimeout(
                                Scenario.live(NOW)
                                        .a(x -> x.account("acc-a"))
                                        .b(x -> x.account("acc-b"))
                                        .game()))
                .as("rated: two registered players")
                .anyMatch(
                        e ->
                                e instanceof VoidexaEvent.MatchEnded m
                                        && m.reason().equals("TIMEOUT"));
        assertThat(thirdTimeout(Scenario.live(NOW).game()))
                .as("two guests: unrated")
                .noneMatch(e -> e instanceof VoidexaEvent.MatchEnded);
        assertThat(thirdTimeout(Scenario.live(NOW).a(x -> x.account("acc-a")).game()))
                .as("a guest seat: unrated")
                .noneMatch(e -> e instanceof VoidexaEvent.MatchEnded);
        assertThat(
                        thirdTimeout(
                                Scenario.live(NOW)
                                        .a(x -> x.account("acc-a"))
                                        .b(x -> x.account("acc-a"))
                                        .game()))
                .as("one account in both seats: unrated")
                .noneMatch(e -> e instanceof VoidexaEvent.MatchEnded);
        assertThat(thirdTimeout(Scenario.live(V1_1).game()))
                .as("engine 1.1.0, guests: the third loses, as it always did")
                .anyMatch(
                        e ->
                                e instanceof VoidexaEvent.MatchEnded m
                                        && m.reason().equals("TIMEOUT"));

        assertThat(
                        NOW.view(
                                        Scenario.live(NOW).game().state,
                                        io.duelhall.domain.Viewer.SPECTATOR,
                                        1)
                                .timeoutLoss())
                .isZero();
        assertThat(
                        NOW.view(
                                        Scenario.live(NOW)
                                                .a(x -> x.account("acc-a"))
                                                .b(x -> x.account("acc-b"))
                                                .game()
                                                .state,
                                        io.duelhall.domain.Viewer.SPECTATOR,
                                        1)
                                .timeoutLoss())
                .isEqualTo(3);
        assertThat(
                        NOW.view(
                                        Scenario.live(V1_1).game().state,
                                        io.duelhall.domain.Viewer.SPECTATOR,
                                        1)
                                .timeoutLoss())
                .isEqualTo(3);

        // the account ids come from the seats' joins
        Fixtures.Game joined = new Fixtures.Game(NOW, NOW.initial());
        joined.apply(NOW.create("m", MatchOptions.defaults(), Fixtures.seed(3)));
        joined.apply(
                NOW.join(
                        joined.state,
                        withAccount(Fixtures.join("Ada", Fixtures.deck(0), "a"), "acc-a")));
        joined.apply(
                NOW.join(
                        joined.state,
                        withAccount(Fixtures.join("Bo", Fixtures.deck(1), "b"), "acc-b")));
        assertThat(Decider.rated(joined.state)).isTrue();
    }

    private static io.duelhall.domain.JoinRequest withAccount(
            io.duelhall.domain.JoinRequest r, String account) {
        return new io.duelhall.domain.JoinRequest(
                r.name(), r.pilotClass(), r.shipCore(), r.cards(), r.clientSeed(), account);
    }

    @Test
    @DisplayName(
            "D-CLOCK-5 timeoutLoss is checked at creation (0 to 99) and refused under engines before voidexa-1.2.0")
    void timeoutLossIsCheckedAtCreation() {
        assertThat(
                        NOW.create("m", new MatchOptions(0, 30, null, null, 0), Fixtures.seed(1))
                                .accepted())
                .isTrue();
        assertThat(
                        NOW.create("m", new MatchOptions(0, 30, null, null, -1), Fixtures.seed(1))
                                .refusal()
                                .code())
                .isEqualTo("OUT_OF_RANGE");
        assertThat(
                        NOW.create("m", new MatchOptions(0, 30, null, null, 100), Fixtures.seed(1))
                                .refusal()
                                .code())
                .isEqualTo("OUT_OF_RANGE");
        assertThat(
                        V1_1.create("m", new MatchOptions(0, 30, null, null, 0), Fixtures.seed(1))
                                .refusal()
                                .code())
                .isEqualTo("INVALID_FIELD");
        assertThat(V1_1.create("m", new MatchOptions(0, 30, null), Fixtures.seed(1)).accepted())
                .isTrue();
    }

    /**
     * Seat A lets its turn clock run out three times (B ends its turns); the events of the third.
     */
    private static List<MatchEvent> thirdTimeout(Fixtures.Game g) {
        for (int i = 0; i < 2; i++) {
            g.act(Intent.timeout(A));
            g.act(VoidexaIntents.endTurn(io.duelhall.domain.Seat.B));
        }
        return g.act(Intent.timeout(A)).events();
    }

    @Test
    @DisplayName(
            "D-HEAT-2 Heat Exchanger: reduce Heat by 3 to gain 1 energy; refused below 3 Heat and not offered as a move")
    void heatExchangerTradesHeat() {
        Fixtures.Game g =
                Scenario.live(NOW).a(x -> x.inPlay("heat-exchanger").energy(2).heat(4)).game();
        assertThat(g.act(VoidexaIntents.activate(A, "a1", 0)).events())
                .contains(
                        new VoidexaEvent.HeatDecreased(A, 3, 1, "ABILITY"),
                        new VoidexaEvent.EnergyGained(A, 1, 3));
        assertThat(g.ship(A).heat()).isEqualTo(1);

        Fixtures.Game cold =
                Scenario.live(NOW).a(x -> x.inPlay("heat-exchanger").energy(2).heat(2)).game();
        io.duelhall.domain.Decision refused = cold.act(VoidexaIntents.activate(A, "a1", 0));
        assertThat(refused.accepted()).isFalse();
        assertThat(refused.refusal().code()).isEqualTo("NOT_ENOUGH_HEAT");
        assertThat(new VoidexaMoves(NOW.catalog()).legal(cold.state, A))
                .noneMatch(i -> VoidexaIntents.Type.ACTIVATE.name().equals(i.type()));

        VoidexaRuleset withExchanger =
                new VoidexaRuleset(
                        new Catalog(
                                new CatalogData(
                                        V1_1.catalog().data().ruleset(),
                                        "x",
                                        List.of(NOW.catalog().card("heat-exchanger")),
                                        List.of(),
                                        List.of())),
                        "voidexa-1.2.0");
        assertThat(withExchanger.catalog().card("heat-exchanger").abilities().get(0).vent())
                .isEqualTo(3);
        assertThatThrownBy(() -> new VoidexaRuleset(withExchanger.catalog(), "voidexa-1.1.0"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("vent");
    }

    @Test
    @DisplayName(
            "D-DRONE-4 Saboteur Drone attacks its assigned target, the enemy Engines, skipping the Shield")
    void saboteurDroneAttacksItsAssignedTarget() {
        io.duelhall.domain.Seat b = io.duelhall.domain.Seat.B;
        Fixtures.Game g =
                Scenario.live(NOW)
                        .turn(2, b, Phase.MAIN)
                        .b(x -> x.hand("saboteur-drone").energy(5))
                        .game();
        assertThat(g.act(VoidexaIntents.play(b, "b1")).accepted()).isTrue();
        assertThat(g.ship(b).drone("b1").target())
                .isEqualTo(io.duelhall.domain.voidexa.cards.Subsystem.ENGINES);
        assertThat(
                        NOW.view(g.state, io.duelhall.domain.Viewer.SPECTATOR, 1)
                                .seats()
                                .get(b)
                                .drones()
                                .get(0)
                                .target())
                .isEqualTo(io.duelhall.domain.voidexa.cards.Subsystem.ENGINES);
        g.act(VoidexaIntents.endTurn(b));
        List<MatchEvent> ev = g.act(VoidexaIntents.endTurn(A)).events();
        assertThat(ev)
                .containsSubsequence(
                        new VoidexaEvent.DroneAttacked(b, "b1", 2, false),
                        new VoidexaEvent.DamageRouted(
                                A,
                                b,
                                "DRONE",
                                2,
                                true,
                                0,
                                java.util.Map.of(
                                        io.duelhall.domain.voidexa.cards.Subsystem.ENGINES, 2),
                                java.util.Map.of(
                                        io.duelhall.domain.voidexa.cards.Subsystem.ENGINES, 33)));
        assertThat(g.ship(A).value(io.duelhall.domain.voidexa.cards.Subsystem.SHIELD))
                .isEqualTo(40);

        VoidexaRuleset onlySaboteur =
                new VoidexaRuleset(
                        new Catalog(
                                new CatalogData(
                                        "voidexa",
                                        "x",
                                        List.of(NOW.catalog().card("saboteur-drone")),
                                        List.of(),
                                        List.of())),
                        "voidexa-1.2.0");
        assertThatThrownBy(() -> new VoidexaRuleset(onlySaboteur.catalog(), "voidexa-1.1.0"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("assigned target");
    }
}
