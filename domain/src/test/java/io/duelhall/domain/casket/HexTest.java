package io.duelhall.domain.casket;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Hex geometry against known cases (C-D-HEX-1, C-D-ARC-1, C-D-LOS-1). */
class HexTest {
    private static final ArenaMap FOUNDRY = Catalog.standard().map("foundry");

    @ParameterizedTest(name = "{0} to {1} is {2}")
    @CsvSource({
        "'0,0', '0,0', 0",
        "'0,0', '1,0', 1",
        "'0,0', '0,-6', 6",
        "'0,0', '3,-3', 3",
        "'-2,1', '2,-1', 4",
        "'0,-6', '0,6', 12",
        "'6,-6', '-6,6', 12",
        "'1,-3', '1,2', 5",
        "'-3,0', '2,1', 6"
    })
    @DisplayName("C-D-HEX-1 distance in axial coordinates")
    void distance(String a, String b, int d) {
        assertThat(Hex.parse(a).distance(Hex.parse(b))).isEqualTo(d);
        assertThat(Hex.parse(b).distance(Hex.parse(a))).isEqualTo(d);
    }

    @ParameterizedTest(name = "facing {0} from 0,0 is {1}")
    @CsvSource({"0, '0,-1'", "1, '1,-1'", "2, '1,0'", "3, '0,1'", "4, '-1,1'", "5, '-1,0'"})
    @DisplayName("C-D-HEX-1 the six facings clockwise from north")
    void neighbours(int facing, String hex) {
        assertThat(new Hex(0, 0).neighbour(facing)).isEqualTo(Hex.parse(hex));
        assertThat(new Hex(0, 0).facingTowards(Hex.parse(hex))).isEqualTo(facing);
        assertThat(new Hex(2, -1).neighbours())
                .hasSize(6)
                .allMatch(h -> h.adjacent(new Hex(2, -1)));
    }

    @ParameterizedTest(name = "a casket at 0,0 facing {0} sees {1} in its {2} arc")
    @CsvSource({
        "0, '0,-1', FRONT",
        "0, '1,-1', FRONT",
        "0, '-1,0', FRONT",
        "0, '1,0', SIDE",
        "0, '-1,1', SIDE",
        "0, '0,1', REAR",
        "0, '0,-5', FRONT",
        "0, '0,4', REAR",
        "0, '3,0', SIDE",
        "3, '0,4', FRONT",
        "3, '0,-4', REAR",
        "2, '0,-5', SIDE"
    })
    @DisplayName("C-D-ARC-1 front, side and rear arcs")
    void arcs(int facing, String attacker, Hex.Arc arc) {
        assertThat(new Hex(0, 0).arcOf(facing, Hex.parse(attacker))).isEqualTo(arc);
    }

    @ParameterizedTest(name = "{0} sees {1}: {2}")
    @CsvSource({
        "'2,-5', '2,-3', false",
        "'3,-5', '3,-3', false",
        "'1,-5', '1,-3', true",
        "'0,-6', '0,6', true",
        "'-5,1', '-3,1', false",
        "'-5,2', '-3,2', false",
        "'1,-3', '1,2', true",
        "'5,-1', '3,-1', false"
    })
    @DisplayName("C-D-LOS-1 walls block line of sight, terrain and caskets do not")
    void lineOfSight(String a, String b, boolean sees) {
        assertThat(FOUNDRY.lineOfSight(Hex.parse(a), Hex.parse(b))).isEqualTo(sees);
        assertThat(FOUNDRY.lineOfSight(Hex.parse(b), Hex.parse(a))).isEqualTo(sees);
    }

    @ParameterizedTest(name = "a line from {0} to {1} passes {2}")
    @CsvSource({
        "'0,0', '3,0', '0,0 1,0 2,0 3,0'",
        "'0,0', '0,-2', '0,0 0,-1 0,-2'",
        "'0,0', '2,-1', '0,0 1,0 2,-1'"
    })
    @DisplayName("C-D-LOS-1 hex lines")
    void lines(String a, String b, String hexes) {
        assertThat(Hex.parse(a).line(Hex.parse(b)).stream().map(Hex::toString).toList())
                .containsExactly(hexes.split(" "));
    }
}
