package io.duelhall.domain.voidlit;

import java.util.List;

/**
 * A Unit on the Field. {@code fatigued}: played this turn and not Swift (L-FATIGUE-1); {@code
 * attacked}: attacked this turn (L-D-ATTACK-1).
 */
public record Unit(
        String id,
        String card,
        int attack,
        int health,
        int maxHealth,
        List<String> keywords,
        List<CardRef> upgrades,
        boolean fatigued,
        boolean attacked) {
    public Unit {
        keywords = List.copyOf(keywords);
        upgrades = List.copyOf(upgrades);
    }

    public boolean has(String keyword) {
        return keywords.contains(keyword);
    }

    public boolean ready() {
        return !fatigued && !attacked && attack > 0;
    }

    Unit withHealth(int h) {
        return new Unit(id, card, attack, h, maxHealth, keywords, upgrades, fatigued, attacked);
    }

    Unit withStats(int a, int h, int max) {
        return new Unit(id, card, a, h, max, keywords, upgrades, fatigued, attacked);
    }

    Unit rested() {
        return new Unit(id, card, attack, health, maxHealth, keywords, upgrades, false, false);
    }

    Unit afterAttack() {
        return new Unit(id, card, attack, health, maxHealth, keywords, upgrades, fatigued, true);
    }

    Unit equipped(CardRef upgrade, int a, int h, int max, List<String> kw) {
        List<CardRef> ups = new java.util.ArrayList<>(upgrades);
        ups.add(upgrade);
        return new Unit(id, card, a, h, max, kw, ups, fatigued, attacked);
    }
}
