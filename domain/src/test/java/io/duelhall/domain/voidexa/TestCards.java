package io.duelhall.domain.voidexa;

import io.duelhall.domain.voidexa.cards.Card;
import io.duelhall.domain.voidexa.cards.CardType;
import io.duelhall.domain.voidexa.cards.Effect;
import io.duelhall.domain.voidexa.cards.EffectKind;
import io.duelhall.domain.voidexa.cards.EffectTarget;
import io.duelhall.domain.voidexa.cards.Keyword;
import io.duelhall.domain.voidexa.cards.Rarity;
import io.duelhall.domain.voidexa.cards.Targeting;
import java.util.List;

/**
 * Test-only cards, built from the same effect blocks as the real catalog, for two rulings no card
 * of catalog voidexa-cards-2026.11.1 can reach:
 *
 * <ul>
 *   <li>V-REACT-1 cancellation: no real Reactive card can remove the responder's own drone or card,
 *       so a played card's target can never be gone when it resolves;
 *   <li>V-WIN-4 "the player who triggered the lethal effect loses": the only card that damages both
 *       ships in one resolution is Event Horizon, which is Unbound (both lose).
 * </ul>
 */
final class TestCards {
    /** Reactive: deal 10 damage to every drone, both sides. */
    static final Card SCUTTLE =
            new Card(
                    "test-scuttle",
                    "Test Scuttle",
                    CardType.DEFENSE,
                    Rarity.COMMON,
                    1,
                    0,
                    List.of(Keyword.REACTIVE),
                    "Reactive: deal 10 damage to every drone.",
                    Targeting.NONE,
                    null,
                    List.of(
                            new Effect(
                                    EffectKind.DAMAGE, 10, EffectTarget.ALL_DRONES, null, false)),
                    null,
                    null,
                    null,
                    null,
                    null,
                    "TEST",
                    "test only");

    /** Weapon: deal 5 damage to both ships, ignoring shields, in one resolution. */
    static final Card MUTUAL_STRIKE =
            new Card(
                    "test-mutual-strike",
                    "Test Mutual Strike",
                    CardType.WEAPON,
                    Rarity.COMMON,
                    1,
                    0,
                    List.of(),
                    "Deal 5 damage to both ships, ignoring shields.",
                    Targeting.NONE,
                    null,
                    List.of(new Effect(EffectKind.DAMAGE, 5, EffectTarget.BOTH_SHIPS, null, true)),
                    null,
                    null,
                    null,
                    null,
                    null,
                    "TEST",
                    "test only");

    static final VoidexaRuleset RULES = Fixtures.rulesWith(SCUTTLE, MUTUAL_STRIKE);

    private TestCards() {}
}
