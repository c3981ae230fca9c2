package io.duelhall.domain.biome;

import io.duelhall.domain.Seat;
import io.duelhall.domain.biome.BiomeEvent.*;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Seed 004, battle step 4 (damage), then the retreat: B-D-DAMAGE-1, B-D-DAMAGE-2, B-D-SECTOR-1. */
final class Battle {
    private final Turns turns;

    Battle(Turns turns) {
        this.turns = turns;
    }

    /**
     * Every attacker still attacking deals its power: unblocked, to the defending seat's sector of
     * its biome; blocked, to its defenders in the order given, each assigned terminal damage before
     * the next, the rest to the last (B-D-DAMAGE-1). Each defender deals its power to the attacker
     * it blocks. All at once, then terminations, then sectors. Then every agent still in a biome
     * retreats.
     */
    void resolve(DecisionInProgress c) {
        BiomeState s = c.state;
        Seat attacker = s.active();
        Seat defender = attacker.opponent();
        Map<String, Integer> dealt = new LinkedHashMap<>();
        Map<String, Integer> sectors = new LinkedHashMap<>();
        for (String id : s.attackers()) {
            Agent a = s.side(attacker).agent(id);
            if (a == null || a.biome() == null) {
                continue;
            }
            List<Block> blocks = s.blocks().stream().filter(b -> b.attacker().equals(id)).toList();
            if (blocks.isEmpty()) {
                sectors.merge(a.biome(), a.totalPower(), Integer::sum);
                continue;
            }
            List<Agent> defenders = new ArrayList<>();
            for (Block b : blocks) {
                Agent d = s.side(defender).agent(b.defender());
                if (d != null && a.biome().equals(d.biome())) {
                    defenders.add(d);
                }
            }
            int left = a.totalPower();
            for (int i = 0; i < defenders.size(); i++) {
                Agent d = defenders.get(i);
                int give = i == defenders.size() - 1 ? left : Math.min(left, d.lethal());
                left -= give;
                dealt.merge(d.id(), give, Integer::sum);
                dealt.merge(a.id(), d.totalPower(), Integer::sum);
            }
        }
        List<Agent> hit = new ArrayList<>();
        for (Map.Entry<String, Integer> e : dealt.entrySet()) {
            Seat owner = c.state.ownerOf(e.getKey());
            Agent a = owner == null ? null : c.side(owner).agent(e.getKey());
            if (a != null && e.getValue() > 0) {
                c.emit(new AgentDamaged(owner, a.id(), e.getValue(), a.damage() + e.getValue()));
                hit.add(a);
            }
        }
        for (Agent a : hit) {
            Seat owner = c.state.ownerOf(a.id());
            Agent now = owner == null ? null : c.side(owner).agent(a.id());
            if (now != null && now.damage() >= now.totalDefense()) {
                turns.terminate(c, owner, now);
            }
        }
        for (Map.Entry<String, Integer> e : sectors.entrySet()) {
            turns.damageSector(c, defender, e.getKey(), e.getValue());
        }
        retreat(c);
    }

    /**
     * Seed 004: every agent still in a biome retreats to its owner's staging area, with its gear.
     */
    static void retreat(DecisionInProgress c) {
        for (Seat seat : List.of(c.state.active(), c.state.active().opponent())) {
            List<String> ids =
                    c.side(seat).agents().stream()
                            .filter(a -> a.biome() != null)
                            .map(Agent::id)
                            .toList();
            if (!ids.isEmpty()) {
                c.emit(new AgentsRetreated(seat, ids));
            }
        }
    }
}
