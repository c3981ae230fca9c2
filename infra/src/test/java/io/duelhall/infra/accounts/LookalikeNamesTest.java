package io.duelhall.infra.accounts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.duelhall.domain.RefusedException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 45, finding 6: a Cyrillic {@code е}, a Greek {@code Ζ}, a dotless {@code ı} or a stray
 * combining mark made a new account that looked like an existing one. Names are now one by their
 * UTS #39 confusable skeleton (ICU4J), and a name mixing scripts is refused. The HTTP side (409
 * NAME_TAKEN, 400 INVALID_NAME, old accounts keeping their log-in) is in {@code
 * IdentitiesHttpTest}.
 */
class LookalikeNamesTest {
    @Test
    void lookalikesShareTheSkeletonOfTheNameTheyImitate() {
        String ada = Accounts.skeleton("Adelaide");
        for (String lookalike :
                List.of(
                        "Adelaide",
                        "adelaide",
                        "Ａｄｅｌａｉｄｅ", // fullwidth
                        "AdeIaide", // a capital I for the l
                        "Ad\u0435laide", // Cyrillic е
                        "Adelaıde", // dotless ı
                        "Adel\u0430ide", // Cyrillic а
                        "Adelaide ")) {
            assertThat(Accounts.skeleton(lookalike)).as(lookalike).isEqualTo(ada);
        }
        assertThat(Accounts.skeleton("\u0396eta")).isEqualTo(Accounts.skeleton("Zeta")); // Greek Ζ
        assertThat(Accounts.skeleton("rn")).isEqualTo(Accounts.skeleton("m"));
        // a whole name in another script whose every letter looks Latin
        assertThat(Accounts.skeleton("\u0410\u0412\u0415")).isEqualTo(Accounts.skeleton("ABE"));
        // ("ADELAIDE" is the same name as "Adelaide" by its key, case folded: name_key)
        assertThat(Accounts.skeleton("Adelaida")).isNotEqualTo(ada);
    }

    @Test
    void mixedScriptsAndStrayMarksAreRefused() {
        for (String name :
                List.of(
                        "Ad\u0435laide", // Latin with one Cyrillic letter
                        "\u0396eta", // Greek Ζ in a Latin name
                        "Ada\u0335", // a stroke that joins no letter
                        "Ada\u0301\u0301", // a repeated accent
                        "A\u0338da", // a combining solidus overlay
                        "Ada\u0663")) { // Latin with an Arabic-Indic digit
            assertThatThrownBy(() -> Accounts.checkName(name))
                    .as(name)
                    .isInstanceOf(RefusedException.class)
                    .satisfies(
                            e ->
                                    assertThat(((RefusedException) e).refusal().code())
                                            .isEqualTo("INVALID_NAME"));
        }
    }

    @Test
    void ordinaryNamesOfEveryScriptStayFine() {
        for (String name :
                List.of(
                        "Zoë Ñandú",
                        "Ada Lovelace",
                        "Straße",
                        "Ådne_99",
                        "李小龍",
                        "Ken 健二",
                        "山田 たろう",
                        "Дмитрий",
                        "Σωκράτης",
                        "देवनागरी",
                        "Ade\u0301le", // an accent typed apart, composed into é
                        "x-ray.2")) {
            Accounts.checkName(name);
        }
    }
}
