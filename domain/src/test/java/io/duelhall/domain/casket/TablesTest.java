package io.duelhall.domain.casket;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The document's tables as pure functions. */
class TablesTest {

    @ParameterizedTest(name = "{0} played draws {1}")
    @CsvSource({
        "0,2", "1,2", "2,2", "3,2", "4,3", "5,3", "6,4", "7,4", "8,5", "9,5", "10,5", "15,5"
    })
    @DisplayName("C-DRAW-1 the draw table, not the formula text")
    void draws(int played, int draws) {
        assertThat(Tables.draws(played)).isEqualTo(draws);
    }

    @ParameterizedTest(name = "1d6 + Heat = {0}: {1}")
    @CsvSource({
        "1,MINOR_OVERLOAD",
        "5,MINOR_OVERLOAD",
        "6,SP_DRAIN",
        "8,SP_DRAIN",
        "9,SYSTEM_DAMAGE",
        "11,SYSTEM_DAMAGE",
        "12,CRITICAL_FAILURE",
        "15,CRITICAL_FAILURE"
    })
    @DisplayName("C-HEAT-1 the Strain table")
    void strain(int total, Tables.Strain row) {
        assertThat(Tables.strain(total)).isEqualTo(row);
    }

    @ParameterizedTest(name = "max {0}: spend up to {1}")
    @CsvSource({"6,9", "5,7", "4,6", "3,4", "2,3", "1,1"})
    @DisplayName("C-SP-1 up to ⌊1.5 × max⌋ SP a turn")
    void maxSpend(int max, int spend) {
        assertThat(Tables.maxSpend(max)).isEqualTo(spend);
    }

    @ParameterizedTest(name = "{0} overspent: +{1} Heat")
    @CsvSource({"0,0", "1,0", "2,1", "3,2"})
    @DisplayName("C-SP-2 Heat on every overspent SP after the first (the worked examples)")
    void overspendHeat(int over, int heat) {
        assertThat(Tables.overspendHeat(over)).isEqualTo(heat);
    }

    @ParameterizedTest(name = "total {0} against {1}: {2}")
    @CsvSource({
        "4,5,MISS",
        "5,5,HIT",
        "6,5,HIT",
        "7,5,STRONG_HIT",
        "8,7,STRONG_HIT",
        "9,5,CRITICAL",
        "10,5,EXECUTION",
        "6,7,MISS",
        "3,2,HIT",
        "0,0,MISS",
        "10,11,MISS"
    })
    @DisplayName("C-D-HIT-2 the attack roll's result")
    void results(int total, int need, Tables.Result result) {
        assertThat(Tables.result(total, need)).isEqualTo(result);
    }

    @ParameterizedTest(name = "range {0}: +{1}; moved {0}: +{2}")
    @CsvSource({"0,0,0", "1,0,0", "3,0,1", "4,1,1", "6,1,2", "7,2,2", "10,2,2"})
    @DisplayName("C-D-HIT-1 range and movement modifiers")
    void rangeAndMovement(int n, int range, int moved) {
        assertThat(Tables.rangeModifier(n)).isEqualTo(range);
        assertThat(Tables.movementModifier(n)).isEqualTo(moved);
    }

    @org.junit.jupiter.api.Test
    @DisplayName("C-D-HIT-1 facing, cover and elevation modifiers; C-D-HIT-3 result bonuses")
    void otherModifiers() {
        assertThat(Tables.facingModifier(Hex.Arc.FRONT)).isEqualTo(1);
        assertThat(Tables.facingModifier(Hex.Arc.SIDE)).isZero();
        assertThat(Tables.facingModifier(Hex.Arc.REAR)).isEqualTo(-1);
        assertThat(Tables.coverModifier(true)).isEqualTo(1);
        assertThat(Tables.elevationModifier(1, 0)).isEqualTo(-1);
        assertThat(Tables.elevationModifier(0, 2)).isEqualTo(1);
        assertThat(Tables.Result.STRONG_HIT.damage).isEqualTo(1);
        assertThat(Tables.Result.CRITICAL.damage).isEqualTo(2);
        assertThat(Tables.Result.EXECUTION.damage).isEqualTo(3);
        assertThat(Tables.Result.EXECUTION.component).isEqualTo(1);
        assertThat(Component.ofRoll(1)).isEqualTo(Component.RIGHT_ARM);
        assertThat(Component.ofRoll(2)).isEqualTo(Component.LEFT_ARM);
        assertThat(Component.ofRoll(4)).isEqualTo(Component.LEGS);
        assertThat(Component.ofRoll(5)).isEqualTo(Component.HEAD);
        assertThat(Component.ofRoll(6)).isEqualTo(Component.CHASSIS);
    }
}
