package io.duelhall.domain.voidlit;

import java.util.List;

/**
 * One card of the voidlit catalog, as {@code GET /api/rulesets/voidlit/cards} shows it.
 *
 * @param parallel the Parallel it belongs to, or {@code UNIVERSAL}
 * @param type UNIT, EFFECT, RELIC or UPGRADE
 * @param attack a Unit's attack, an Upgrade's attack bonus; 0 otherwise
 * @param health a Unit's health, an Upgrade's health bonus; 0 otherwise
 * @param target what the play names: NONE, ENEMY_ANY (an enemy Unit or the enemy player),
 *     ENEMY_UNIT, OWN_UNIT
 * @param keywords GUARD (L-D-GUARD-1), SWIFT (no Fatigue, L-D-SWIFT-1)
 * @param effects the blocks that resolve when it is played (a Relic's: at the start of each own
 *     turn)
 */
public record VoidlitCard(
        String id,
        String name,
        String parallel,
        String type,
        String rarity,
        int cost,
        int attack,
        int health,
        String target,
        List<String> keywords,
        List<Effect> effects,
        String text) {
    public static final String UNIVERSAL = "UNIVERSAL";
    public static final String UNIT = "UNIT";
    public static final String EFFECT = "EFFECT";
    public static final String RELIC = "RELIC";
    public static final String UPGRADE = "UPGRADE";
    public static final String LEGENDARY = "LEGENDARY";

    public VoidlitCard {
        keywords = List.copyOf(keywords);
        effects = List.copyOf(effects);
    }

    public boolean has(String keyword) {
        return keywords.contains(keyword);
    }

    /**
     * One effect block: {@code kind} DAMAGE, HEAL, DRAW, BUFF (+amount attack, +amount2 health) or
     * ENERGY; {@code scope} TARGET (what the play names), ENEMY_PLAYER, SELF, BOTH_PLAYERS,
     * ENEMY_UNITS, OWN_UNITS, THIS_UNIT.
     */
    public record Effect(String kind, int amount, int amount2, String scope) {}
}
