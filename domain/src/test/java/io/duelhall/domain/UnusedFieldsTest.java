package io.duelhall.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 45, finding 7: an intent that carried fields its type does not read ({@code END_TURN} with
 * another seat's {@code cards}, an {@code ability} on a type without abilities) was accepted and
 * stored in the signed record. Every ruleset now says which fields each of its types takes; the
 * core refuses the others with {@code 400 UNUSED_FIELD} before the rules decide.
 */
class UnusedFieldsTest {
    static List<Ruleset> rulesets() {
        return List.of(
                io.duelhall.domain.voidexa.Fixtures.RULES,
                new io.duelhall.domain.voidlit.VoidlitRuleset(),
                new io.duelhall.domain.biome.BiomeRuleset(),
                new io.duelhall.domain.casket.CasketRuleset());
    }

    @Test
    void everyTypeOfEveryRulesetSaysWhatItTakes() {
        assertThat(rulesets()).hasSizeGreaterThanOrEqualTo(4);
        for (Ruleset r : rulesets()) {
            for (IntentSpec t : r.vocabulary()) {
                assertThat(t.optional()).as(r.id() + " " + t.type()).isNotNull();
            }
        }
    }

    @Test
    void aFieldATypeDoesNotTakeIsRefused() {
        for (Ruleset r : rulesets()) {
            for (IntentSpec t : r.vocabulary()) {
                for (String field : List.of("card", "ability", "targets", "cards", "choices.zz")) {
                    if (t.takes(field)) {
                        continue;
                    }
                    Intent i = withOnly(t, field);
                    Refusal refusal = r.checkIntent(i);
                    assertThat(refusal).as(r.id() + " " + t.type() + " with " + field).isNotNull();
                    assertThat(refusal.code()).isEqualTo("UNUSED_FIELD");
                    assertThat(refusal.category()).isEqualTo(Refusal.Category.MALFORMED);
                }
                // what the type needs, and nothing else, passes the words check
                Intent needed = withOnly(t, null);
                Refusal words = r.checkIntent(needed);
                assertThat(words == null || !"UNUSED_FIELD".equals(words.code()))
                        .as(r.id() + " " + t.type() + " with what it needs: " + words)
                        .isTrue();
            }
        }
    }

    /** An intent of type {@code t} with the fields it needs (dummy values) and {@code extra}. */
    static Intent withOnly(IntentSpec t, String extra) {
        List<String> fields = new java.util.ArrayList<>(t.needs());
        if (extra != null) {
            fields.add(extra);
        }
        String card = fields.contains("card") ? "c-1" : null;
        Integer ability = fields.contains("ability") ? 0 : null;
        List<Target> targets = List.of();
        List<String> cards = fields.contains("cards") ? List.of("c-2") : List.of();
        Map<String, String> choices = new java.util.TreeMap<>();
        for (String f : fields) {
            if (f.startsWith("choices.")) {
                choices.put(f.substring("choices.".length()), "1");
            }
        }
        if (fields.contains("targets")) {
            targets = List.of(new Target("NO_SUCH_KIND", Seat.B, null, "x"));
        }
        return new Intent(Seat.A, t.type(), card, ability, targets, cards, choices);
    }
}
