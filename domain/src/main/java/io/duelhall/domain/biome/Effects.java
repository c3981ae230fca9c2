package io.duelhall.domain.biome;

import io.duelhall.domain.Seat;
import io.duelhall.domain.biome.BiomeEvent.*;
import java.util.ArrayList;
import java.util.List;

/** What a card's or a skill's effect blocks do, as events (B-D-EFFECT-1). */
final class Effects {
    private final Turns turns;

    Effects(Turns turns) {
        this.turns = turns;
    }

    /**
     * Applies {@code effects} of an action of {@code owner} to the still valid {@code targets};
     * {@code card} is the modification that attaches (MOD), or null. Stops once the match is over.
     */
    void apply(
            DecisionInProgress c,
            Seat owner,
            List<BiomeCard.Effect> effects,
            List<TargetRef> targets,
            int x,
            CardRef card) {
        boolean attached = false;
        for (BiomeCard.Effect e : effects) {
            int n = e.amount() == BiomeCard.Effect.X ? x : e.amount();
            for (TargetRef t : recipients(c.state, owner, e.scope(), targets)) {
                if (c.over()) {
                    return;
                }
                switch (e.kind()) {
                    case "DAMAGE" -> damage(c, t, n);
                    case "BOOST" -> {
                        Agent a = agent(c, t);
                        if (a != null) {
                            c.emit(
                                    new AgentBoosted(
                                            t.seat(),
                                            a.id(),
                                            a.boostPower() + n,
                                            a.boostDefense() + e.amount2()));
                        }
                    }
                    case "MOD" -> {
                        Agent a = agent(c, t);
                        if (a != null && card != null && !attached) {
                            attached = true;
                            c.emit(
                                    new ModificationAttached(
                                            t.seat(),
                                            card,
                                            a.id(),
                                            a.power() + n,
                                            a.defense() + e.amount2()));
                        }
                    }
                    case "DRAW" -> {
                        if (TargetRef.PLAYER.equals(t.kind())) {
                            for (int i = 0; i < n && !c.over(); i++) {
                                turns.draw(c, t.seat());
                            }
                        }
                    }
                    case "REPAIR" -> {
                        Sector s = sector(c, t);
                        if (s != null && n > 0) {
                            int after = Math.min(s.max(), s.durability() + n);
                            c.emit(
                                    new SectorRepaired(
                                            t.seat(), s.biome(), after - s.durability(), after));
                        }
                    }
                    case "ENERGY" -> {
                        if (TargetRef.PLAYER.equals(t.kind())) {
                            int now = c.side(t.seat()).energy();
                            c.emit(new EnergyGained(t.seat(), n, now + n));
                        }
                    }
                    case "LOCK" -> {
                        Agent a = agent(c, t);
                        if (a != null && !a.locked()) {
                            c.emit(new AgentLocked(t.seat(), a.id()));
                        }
                    }
                    default -> {}
                }
            }
        }
    }

    private static List<TargetRef> recipients(
            BiomeState s, Seat owner, String scope, List<TargetRef> targets) {
        List<TargetRef> out = new ArrayList<>();
        Seat enemy = owner.opponent();
        switch (scope) {
            case "TARGET" -> out.addAll(targets);
            case "SELF" -> out.add(TargetRef.player(owner));
            case "ENEMY" -> out.add(TargetRef.player(enemy));
            case "OWN_AGENTS" ->
                    s.side(owner).agents().forEach(a -> out.add(TargetRef.agent(owner, a.id())));
            case "ENEMY_AGENTS" ->
                    s.side(enemy).agents().forEach(a -> out.add(TargetRef.agent(enemy, a.id())));
            case "OWN_SECTORS" ->
                    s.side(owner).sectors().stream()
                            .filter(x -> !x.lost())
                            .forEach(x -> out.add(TargetRef.sector(owner, x.biome())));
            default -> {}
        }
        return out;
    }

    private static Agent agent(DecisionInProgress c, TargetRef t) {
        return TargetRef.AGENT.equals(t.kind()) && c.side(t.seat()) != null
                ? c.side(t.seat()).agent(t.id())
                : null;
    }

    private static Sector sector(DecisionInProgress c, TargetRef t) {
        Sector s =
                TargetRef.SECTOR.equals(t.kind()) && c.side(t.seat()) != null
                        ? c.side(t.seat()).sector(t.id())
                        : null;
        return s == null || s.lost() ? null : s;
    }

    /** Damage to an agent (terminated at damage ≥ defense) or to a sector (B-D-SECTOR-1). */
    void damage(DecisionInProgress c, TargetRef t, int n) {
        if (n <= 0) {
            return;
        }
        Agent a = agent(c, t);
        if (a != null) {
            c.emit(new AgentDamaged(t.seat(), a.id(), n, a.damage() + n));
            Agent after = c.side(t.seat()).agent(a.id());
            if (after.damage() >= after.totalDefense()) {
                turns.terminate(c, t.seat(), after);
            }
            return;
        }
        Sector s = sector(c, t);
        if (s != null) {
            turns.damageSector(c, t.seat(), s.biome(), n);
        }
    }
}
