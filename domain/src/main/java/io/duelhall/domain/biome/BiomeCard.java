package io.duelhall.domain.biome;

import java.util.List;

/**
 * One card of the biome catalog, as {@code GET /api/rulesets/biome/cards} shows it (B-D-CAT-1).
 *
 * @param type AGENT, GEAR, SKILL, MODIFICATION, REACTIVE, ANOMALY or BIOME
 * @param speed 1, 2 or 3 (B-SPEED-1); 0 for an ANOMALY or a BIOME (they never use the queue)
 * @param power an agent's power, a gear's power bonus
 * @param defense an agent's defense, a gear's defense bonus, a biome's sector durability
 * @param target NONE, OWN_AGENT, ENEMY_AGENT, ANY_AGENT, OWN_SECTOR, ENEMY_SECTOR or PLAYER
 * @param targets how many targets it may name (1, or 2 for "*2"; 0 with NONE)
 * @param keywords X (X void energy in its cost), PICK (the effects are alternatives), START / END
 *     (a reactive's trigger)
 * @param skill an agent's activated skill, or null
 */
public record BiomeCard(
        String id,
        String name,
        String type,
        int cost,
        int speed,
        int power,
        int defense,
        String target,
        int targets,
        List<String> keywords,
        List<Effect> effects,
        Skill skill,
        String text) {
    public static final String AGENT = "AGENT";
    public static final String GEAR = "GEAR";
    public static final String SKILL = "SKILL";
    public static final String MODIFICATION = "MODIFICATION";
    public static final String REACTIVE = "REACTIVE";
    public static final String ANOMALY = "ANOMALY";
    public static final String BIOME = "BIOME";
    public static final String NONE = "NONE";

    public BiomeCard {
        keywords = List.copyOf(keywords);
        effects = List.copyOf(effects);
    }

    public boolean has(String keyword) {
        return keywords.contains(keyword);
    }

    /**
     * One effect block; {@code amount} -1 stands for X. Scope TARGET, SELF, ENEMY, OWN_AGENTS,
     * ENEMY_AGENTS, OWN_SECTORS.
     */
    public record Effect(String kind, int amount, int amount2, String scope) {
        public static final int X = -1;
    }

    /** An agent's activated skill: Speed, energy cost, what it targets, what it does. */
    public record Skill(int speed, int cost, String target, int targets, List<Effect> effects) {
        public Skill {
            effects = List.copyOf(effects);
        }
    }
}
