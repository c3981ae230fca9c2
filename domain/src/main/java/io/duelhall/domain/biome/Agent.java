package io.duelhall.domain.biome;

import java.util.List;

/**
 * An agent in play. {@code power}/{@code defense} include its gear and modifications; {@code
 * boostPower} and {@code boostDefense} are temporary (removed at the reset), as is {@code damage}.
 * {@code biome} is null in the staging area. {@code locked}: it attacked, used its skill or was
 * locked (it cannot defend, B-D-LOCK-1); {@code fresh}: it arrived this turn and cannot advance
 * (B-D-AGENT-1).
 */
public record Agent(
        String id,
        String card,
        int power,
        int defense,
        int boostPower,
        int boostDefense,
        int damage,
        boolean locked,
        boolean fresh,
        String biome,
        List<CardRef> gear,
        List<CardRef> mods) {
    public Agent {
        gear = List.copyOf(gear);
        mods = List.copyOf(mods);
    }

    static Agent arrived(CardRef ref, BiomeCard card) {
        return new Agent(
                ref.id(),
                ref.card(),
                card.power(),
                card.defense(),
                0,
                0,
                0,
                false,
                true,
                null,
                List.of(),
                List.of());
    }

    public int totalPower() {
        return Math.max(0, power + boostPower);
    }

    public int totalDefense() {
        return defense + boostDefense;
    }

    /** Damage that terminates it now. */
    public int lethal() {
        return Math.max(0, totalDefense() - damage);
    }

    public CardRef ref() {
        return new CardRef(id, card);
    }

    Agent with(
            int newPower,
            int newDefense,
            int bp,
            int bd,
            int dmg,
            boolean lock,
            boolean fr,
            String where,
            List<CardRef> g,
            List<CardRef> m) {
        return new Agent(id, card, newPower, newDefense, bp, bd, dmg, lock, fr, where, g, m);
    }

    Agent locked(boolean lock) {
        return with(
                power, defense, boostPower, boostDefense, damage, lock, fresh, biome, gear, mods);
    }

    Agent refreshed() {
        return with(
                power, defense, boostPower, boostDefense, damage, false, false, biome, gear, mods);
    }

    /** No longer fresh: a new turn began (B-D-AGENT-1). */
    Agent rested() {
        return with(
                power, defense, boostPower, boostDefense, damage, locked, false, biome, gear, mods);
    }

    Agent damaged(int dmg) {
        return with(
                power, defense, boostPower, boostDefense, dmg, locked, fresh, biome, gear, mods);
    }

    Agent boosted(int bp, int bd) {
        return with(power, defense, bp, bd, damage, locked, fresh, biome, gear, mods);
    }

    Agent at(String where) {
        return with(
                power, defense, boostPower, boostDefense, damage, locked, fresh, where, gear, mods);
    }

    Agent reset() {
        return with(power, defense, 0, 0, 0, locked, fresh, biome, gear, mods);
    }
}
