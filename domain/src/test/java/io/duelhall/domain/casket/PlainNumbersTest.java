package io.duelhall.domain.casket;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Intent;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 45, finding 7: casket read {@code " 1"} as facing 1 and {@code "０,０"}, {@code "+1,-1"} and
 * {@code "0,0,"} as hexes. The live intake ({@link CasketRuleset#checkIntent}) now refuses every
 * spelling but the plain one with 400 INVALID_FIELD; the plain ones, as /moves lists them, pass.
 */
class PlainNumbersTest {
    static final CasketRuleset RULES = new CasketRuleset();

    static Intent move(String hex) {
        return new Intent(
                Seat.A,
                CasketIntents.MOVE,
                null,
                null,
                List.of(new Target(CasketIntents.HEX_TARGET, null, null, hex)),
                List.of());
    }

    static Intent rotate(String facing) {
        return new Intent(
                Seat.A,
                CasketIntents.ROTATE,
                null,
                null,
                List.of(),
                List.of(),
                Map.of(CasketIntents.FACING, facing));
    }

    @Test
    void onlyPlainHexesAndFacingsPass() {
        for (String hex :
                List.of("０,０", "+1,-1", "0,0,", " 0,0", "0, 0", "0,0 ", "00,1", "1,-0x1", "1;1")) {
            Refusal r = RULES.checkIntent(move(hex));
            assertThat(r).as(hex).isNotNull();
            assertThat(r.code()).isEqualTo("INVALID_FIELD");
        }
        for (String facing : List.of(" 1", "1 ", "+1", "６", "01", "6", "-1", "1.0")) {
            Refusal r = RULES.checkIntent(rotate(facing));
            assertThat(r).as(facing).isNotNull();
            assertThat(r.code()).isEqualTo("INVALID_FIELD");
        }
        for (String hex : List.of("0,0", "-1,2", "3,-3", "10,-10")) {
            assertThat(RULES.checkIntent(move(hex))).as(hex).isNull();
        }
        for (int f = 0; f < 6; f++) {
            assertThat(RULES.checkIntent(rotate(Integer.toString(f)))).isNull();
        }
        // a hex the engine itself writes passes
        assertThat(RULES.checkIntent(move(new Hex(-2, 1).toString()))).isNull();
    }
}
