package io.duelhall.domain.voidexa;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.RulesVersion;
import io.duelhall.domain.voidexa.VoidexaEvent.HeatPending;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchCreated;
import io.duelhall.domain.voidexa.cards.Catalog;
import io.duelhall.domain.voidexa.cards.CatalogData;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.util.List;

import static io.duelhall.domain.Seat.A;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Versioned rules (issue 25): a match plays under the rules version it was created with. The first catalog change
 * (D-CAT-1: Maneuvers have no Heat) is played both ways: under the released catalog 2026.11.1 Reactor Boost still
 * costs 0 and makes 2 Heat, under the current one it costs 1 and makes none.
 */
class RulesVersionsTest {
    static final VoidexaRuleset OLD = new VoidexaRuleset(read("released/voidexa-cards-2026.11.1.json"), "voidexa-1.0.0");
    static final VoidexaRuleset NOW = Fixtures.RULES;

    static Catalog read(String file) {
        try (InputStream in = VoidexaRuleset.class.getResourceAsStream(file)) {
            ObjectMapper m = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
            return new Catalog(m.readValue(in, CatalogData.class));
        } catch (Exception e) {
            throw new IllegalStateException(file, e);
        }
    }

    @Test
    @DisplayName("D-CAT-1 Reactor Boost: no Heat and cost 1 under catalog 2026.11.2; Heat 2 and cost 0 under 2026.11.1")
    void reactorBoostUnderEachCatalog() {
        Fixtures.Game now = Scenario.live(NOW).a(x -> x.hand("reactor-boost").energy(5).heat(3)).game();
        List<MatchEvent> nowEvents = now.act(Intent.play(A, "a1")).events();
        assertThat(nowEvents).noneMatch(e -> e instanceof HeatPending);
        assertThat(now.ship(A).energy()).isEqualTo(6);

        Fixtures.Game old = Scenario.live(OLD).a(x -> x.hand("reactor-boost").energy(5).heat(3)).game();
        List<MatchEvent> oldEvents = old.act(Intent.play(A, "a1")).events();
        assertThat(oldEvents).contains(new HeatPending(A, 2, 2));
        assertThat(old.ship(A).energy()).isEqualTo(7);
    }

    @Test
    @DisplayName("D-CAT-1 Afterburner: no Heat and cost 2 under catalog 2026.11.2; Heat 1 and cost 1 under 2026.11.1")
    void afterburnerUnderEachCatalog() {
        Fixtures.Game now = Scenario.live(NOW).a(x -> x.hand("afterburner").energy(5)).game();
        assertThat(now.act(Intent.play(A, "a1")).events()).noneMatch(e -> e instanceof HeatPending);
        assertThat(now.ship(A).energy()).isEqualTo(3);

        Fixtures.Game old = Scenario.live(OLD).a(x -> x.hand("afterburner").energy(5)).game();
        assertThat(old.act(Intent.play(A, "a1")).events()).contains(new HeatPending(A, 1, 1));
        assertThat(old.ship(A).energy()).isEqualTo(4);
    }

    @Test
    @DisplayName("D-CAT-2 Repair Module restores 2 Hull at the start of its owner's turn under 2026.11.2; never again under 2026.11.1")
    void repairModuleKeepsRepairing() {
        Fixtures.Game now = Scenario.live(NOW).a(x -> x.inPlay("repair-module").set(io.duelhall.domain.voidexa.cards.Subsystem.HULL, 40)).game();
        now.act(Intent.endTurn(A));
        assertThat(now.act(Intent.endTurn(io.duelhall.domain.Seat.B)).events())
                .contains(new VoidexaEvent.SubsystemRepaired(A, io.duelhall.domain.voidexa.cards.Subsystem.HULL, 2, 42));

        Fixtures.Game old = Scenario.live(OLD).a(x -> x.inPlay("repair-module").set(io.duelhall.domain.voidexa.cards.Subsystem.HULL, 40)).game();
        old.act(Intent.endTurn(A));
        assertThat(old.act(Intent.endTurn(io.duelhall.domain.Seat.B)).events())
                .noneMatch(e -> e instanceof VoidexaEvent.SubsystemRepaired);
    }

    @Test
    @DisplayName("D-CAT-3 Overcharge adds 3 damage to the next Weapon this turn (2026.11.2); it was a 3-damage shot (2026.11.1)")
    void overchargeChargesTheNextWeapon() {
        Fixtures.Game now = Scenario.live(NOW).a(x -> x.inPlay("overcharge-coupling").hand("pulse-tap", "pulse-tap").energy(5))
                .b(x -> x.set(io.duelhall.domain.voidexa.cards.Subsystem.SHIELD, 0)).game();
        List<MatchEvent> charged = now.act(Intent.activate(A, "a1", 0)).events();
        assertThat(charged).contains(new VoidexaEvent.WeaponCharged(A, 3, 3))
                .noneMatch(e -> e instanceof VoidexaEvent.DamageRouted);
        assertThat(now.ship(A).weaponCharge()).isEqualTo(3);
        assertThat(hullLostTo(now, "a2")).as("Pulse Tap's 6 + the charge's 3").isEqualTo(9);
        assertThat(now.ship(A).weaponCharge()).as("spent by the first Weapon").isZero();
        assertThat(hullLostTo(now, "a3")).as("the second Weapon has no charge").isEqualTo(6);

        // an unspent charge is lost with the turn
        Fixtures.Game lost = Scenario.live(NOW).a(x -> x.inPlay("overcharge-coupling").energy(5)).game();
        lost.act(Intent.activate(A, "a1", 0));
        lost.act(Intent.endTurn(A));
        assertThat(lost.ship(A).weaponCharge()).isZero();

        // the released catalog: a shot of 3 at once, under engine voidexa-1.0.0
        Fixtures.Game old = Scenario.live(OLD).a(x -> x.inPlay("overcharge-coupling").energy(5))
                .b(x -> x.set(io.duelhall.domain.voidexa.cards.Subsystem.SHIELD, 0)).game();
        assertThat(old.act(Intent.activate(A, "a1", 0, io.duelhall.domain.Target.ship(io.duelhall.domain.Seat.B))).events())
                .anyMatch(e -> e instanceof VoidexaEvent.DamageRouted)
                .noneMatch(e -> e instanceof VoidexaEvent.WeaponCharged);
    }

    /** Seat A plays {@code card} (B lets it resolve); B's Hull lost to it. */
    private static int hullLostTo(Fixtures.Game g, String card) {
        int hull = g.ship(io.duelhall.domain.Seat.B).value(io.duelhall.domain.voidexa.cards.Subsystem.HULL);
        assertThat(g.act(Intent.play(A, card)).accepted()).isTrue();
        if (g.state.phase() == Phase.RESPONSE) {
            g.act(Intent.pass(io.duelhall.domain.Seat.B));
        }
        return hull - g.ship(io.duelhall.domain.Seat.B).value(io.duelhall.domain.voidexa.cards.Subsystem.HULL);
    }

    @Test
    @DisplayName("a catalog using WEAPON_CHARGE is refused under engine voidexa-1.0.0, which has no such effect")
    void theOldEngineRefusesACatalogItCannotPlay() {
        assertThatThrownBy(() -> new VoidexaRuleset(NOW.catalog(), "voidexa-1.0.0"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("WEAPON_CHARGE");
    }

    @Test
    @DisplayName("no Maneuver of the current catalog has Heat (seed 000 section 9: 'Defense and Maneuvers (no Heat)')")
    void noManeuverHasHeat() {
        assertThat(NOW.catalog().cards()).filteredOn(c -> c.type() == io.duelhall.domain.voidexa.cards.CardType.MANEUVER)
                .isNotEmpty().allMatch(c -> c.heat() == 0);
    }

    @Test
    @DisplayName("a match names the version it was created with and is found by it, not by the current one")
    void matchesAreFoundByTheirVersion() {
        Rulesets rulesets = new Rulesets(List.of(NOW), List.of(OLD));
        MatchCreated created = (MatchCreated) OLD.create("m", MatchOptions.defaults(), Fixtures.seed(1)).events().get(0);
        assertThat(created.catalogVersion()).isEqualTo("voidexa-cards-2026.11.1");
        assertThat(rulesets.forMatch(created)).isSameAs(OLD);
        assertThat(rulesets.get("voidexa")).as("new matches take the current version").isSameAs(NOW);
        assertThat(rulesets.served("voidexa")).containsExactly(NOW, OLD);
        assertThat(rulesets.find("voidexa", new RulesVersion("voidexa-1.1.0", "voidexa-cards-2026.11.2"))).containsSame(NOW);
        assertThat(rulesets.find("voidexa", new RulesVersion("voidexa-1.0.0", "voidexa-cards-2026.11.2")))
                .as("a pair never released is not served").isEmpty();

        MatchCreated future = new MatchCreated("f", "voidexa", "voidexa-9.0.0", created.catalogVersion(),
                created.options(), created.seedCommitment(), null);
        assertThatThrownBy(() -> rulesets.forMatch(future)).isInstanceOf(Rulesets.UnservedVersionException.class)
                .hasMessageContaining("voidexa-9.0.0").hasMessageContaining("does not serve");
        assertThatThrownBy(() -> new Rulesets(List.of(NOW), List.of(NOW))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new VoidexaRuleset(NOW.catalog(), "voidexa-0.9")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("a view names the rules version its match runs")
    void theViewNamesTheVersion() {
        Fixtures.Game g = Scenario.live(OLD).game();
        assertThat(OLD.view(g.state, io.duelhall.domain.Viewer.SPECTATOR, 3).rules())
                .isEqualTo(new RulesVersion("voidexa-1.0.0", "voidexa-cards-2026.11.1"));
    }
}
