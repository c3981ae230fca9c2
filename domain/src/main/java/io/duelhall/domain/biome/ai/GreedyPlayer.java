package io.duelhall.domain.biome.ai;

import io.duelhall.domain.Seat;
import io.duelhall.domain.biome.Agent;
import io.duelhall.domain.biome.BiomeCard;
import io.duelhall.domain.biome.BiomeMove;
import io.duelhall.domain.biome.BiomeRuleset;
import io.duelhall.domain.biome.BiomeState;
import io.duelhall.domain.biome.Block;
import io.duelhall.domain.biome.CardRef;
import io.duelhall.domain.biome.Sector;
import io.duelhall.domain.biome.Side;
import io.duelhall.domain.biome.Steps;
import io.duelhall.domain.biome.TargetRef;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A rule-of-thumb player: converts a card a turn while its reserve is small, deploys the dearest
 * agent it can, kills enemy agents with damage skills, advances everything into the enemy's weakest
 * biome, attacks with all, blocks where a block saves a sector or a defender survives, boosts
 * unblocked attackers; passes otherwise. It picks among the legal moves only.
 */
final class GreedyPlayer implements Player {
    public static final String NAME = "greedy";
    static final int RESERVE_TARGET = 5;
    private final BiomeRuleset rules;

    public GreedyPlayer(BiomeRuleset rules) {
        this.rules = rules;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public BiomeRuleset rules() {
        return rules;
    }

    @Override
    public BiomeMove move(BiomeState s, Seat seat) {
        List<BiomeMove> legal = rules.legal(s, seat);
        if (legal.isEmpty()) {
            return null;
        }
        if (s.pending() != null) {
            return legal.get(0);
        }
        BiomeMove pass = new BiomeMove.Pass(seat);
        boolean mine = s.active() == seat;
        String step = s.step();
        Side me = s.side(seat);
        if (mine && Steps.primary(step) && s.queue().isEmpty()) {
            Optional<BiomeMove> m = primary(s, seat, me, legal);
            if (m.isPresent()) {
                return m.get();
            }
        }
        if (Steps.ADVANCE.equals(step)) {
            Optional<BiomeMove> m = advance(s, seat, legal, mine);
            if (m.isPresent()) {
                return m.get();
            }
        }
        if (Steps.ATTACK.equals(step) && mine) {
            Optional<BiomeMove> m =
                    legal.stream()
                            .filter(x -> x instanceof BiomeMove.Attack)
                            .max(
                                    Comparator.comparingInt(
                                            x -> ((BiomeMove.Attack) x).attackers().size()));
            if (m.isPresent()) {
                return m.get();
            }
        }
        if (Steps.DEFEND.equals(step) && !mine && !s.defended() && s.queue().isEmpty()) {
            Optional<BiomeMove> m = defend(s, seat, legal);
            if (m.isPresent()) {
                return m.get();
            }
        }
        if (Steps.DEFEND.equals(step) && mine && s.defended() && s.queue().isEmpty()) {
            // boost an unblocked attacker: more damage to the sector
            for (BiomeMove x : legal) {
                if (x instanceof BiomeMove.Play p
                        && card(s, seat, p.card()).id().equals("overclock")
                        && !p.targets().isEmpty()
                        && s.attackers().contains(p.targets().get(0).id())
                        && s.blocks().stream()
                                .noneMatch(b -> b.attacker().equals(p.targets().get(0).id()))) {
                    return x;
                }
            }
        }
        return pass;
    }

    private BiomeCard card(BiomeState s, Seat seat, String handId) {
        CardRef ref = s.side(seat).inHand(handId);
        return rules.catalog().card(ref.card());
    }

    private Optional<BiomeMove> primary(BiomeState s, Seat seat, Side me, List<BiomeMove> legal) {
        if (!s.converted() && me.reserve().size() < RESERVE_TARGET && me.hand().size() >= 2) {
            Optional<BiomeMove> c =
                    legal.stream()
                            .filter(x -> x instanceof BiomeMove.Convert)
                            .max(
                                    Comparator.comparingInt(
                                            x ->
                                                    card(s, seat, ((BiomeMove.Convert) x).card())
                                                            .cost()));
            if (c.isPresent()) {
                return c;
            }
        }
        Optional<BiomeMove> anomaly =
                legal.stream().filter(x -> x instanceof BiomeMove.Anomaly).findFirst();
        if (anomaly.isPresent()) {
            return anomaly;
        }
        BiomeMove best = null;
        int bestScore = 0;
        for (BiomeMove x : legal) {
            if (!(x instanceof BiomeMove.Play p)) {
                continue;
            }
            BiomeCard c = card(s, seat, p.card());
            int score =
                    switch (c.type()) {
                        case BiomeCard.AGENT -> 10 + c.power() + c.defense();
                        case BiomeCard.GEAR -> 6;
                        case BiomeCard.REACTIVE -> 5;
                        case BiomeCard.MODIFICATION -> 4;
                        default -> skillScore(s, seat, c, p);
                    };
            if (score > bestScore) {
                bestScore = score;
                best = x;
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * A damage skill that terminates an enemy agent, or hits the weakest enemy sector; others are
     * kept.
     */
    private int skillScore(BiomeState s, Seat seat, BiomeCard c, BiomeMove.Play p) {
        if (c.effects().isEmpty()
                || !c.effects().get(0).kind().equals("DAMAGE")
                || p.targets().isEmpty()) {
            return 0;
        }
        int amount =
                c.effects().get(0).amount() == BiomeCard.Effect.X
                        ? (p.x() == null ? 0 : p.x())
                        : c.effects().get(0).amount();
        int score = 0;
        for (TargetRef t : p.targets()) {
            if (TargetRef.AGENT.equals(t.kind())) {
                Agent a = s.side(t.seat()).agent(t.id());
                if (a != null && a.lethal() <= amount) {
                    score += 8 + a.totalPower() - (c.has("X") ? amount - a.lethal() : 0);
                }
            } else if (TargetRef.SECTOR.equals(t.kind())) {
                score += 7;
            }
        }
        return score;
    }

    /**
     * Attacking: everything into the enemy's weakest standing sector. Defending: into the biome the
     * enemy is in.
     */
    private Optional<BiomeMove> advance(
            BiomeState s, Seat seat, List<BiomeMove> legal, boolean mine) {
        String biome;
        Seat enemy = seat.opponent();
        if (mine) {
            biome =
                    s.side(enemy).sectors().stream()
                            .filter(x -> !x.lost() && !s.side(seat).sector(x.biome()).lost())
                            .min(Comparator.comparingInt(Sector::durability))
                            .map(Sector::biome)
                            .orElse(null);
        } else {
            biome =
                    s.side(enemy).agents().stream()
                            .filter(a -> a.biome() != null)
                            .max(Comparator.comparingInt(Agent::totalPower))
                            .map(Agent::biome)
                            .orElse(null);
        }
        if (biome == null) {
            return Optional.empty();
        }
        BiomeMove withGear = null;
        BiomeMove plain = null;
        for (BiomeMove x : legal) {
            if (x instanceof BiomeMove.Advance a && a.biome().equals(biome)) {
                if (!a.gear().isEmpty() && withGear == null) {
                    withGear = x;
                } else if (a.gear().isEmpty() && plain == null) {
                    plain = x;
                }
            }
        }
        return Optional.ofNullable(withGear != null ? withGear : plain);
    }

    /**
     * One block per attacker, strongest attackers first: where the defender survives or the sector
     * would fall.
     */
    private Optional<BiomeMove> defend(BiomeState s, Seat seat, List<BiomeMove> legal) {
        Side me = s.side(seat);
        Side them = s.side(seat.opponent());
        List<Agent> attackers = new ArrayList<>();
        s.attackers()
                .forEach(
                        id -> {
                            Agent a = them.agent(id);
                            if (a != null) {
                                attackers.add(a);
                            }
                        });
        attackers.sort(Comparator.comparingInt(Agent::totalPower).reversed());
        List<Block> blocks = new ArrayList<>();
        List<String> used = new ArrayList<>();
        for (Agent a : attackers) {
            int incoming =
                    attackers.stream()
                            .filter(x -> x.biome().equals(a.biome()))
                            .mapToInt(Agent::totalPower)
                            .sum();
            Sector sector = me.sector(a.biome());
            boolean danger = sector != null && incoming >= sector.durability();
            Agent pick = null;
            for (Agent d : me.agents()) {
                if (used.contains(d.id())
                        || d.locked()
                        || d.biome() == null
                        || !d.biome().equals(a.biome())) {
                    continue;
                }
                boolean survives = d.lethal() > a.totalPower();
                if (survives || danger) {
                    if (pick == null || d.lethal() > pick.lethal()) {
                        pick = d;
                    }
                }
            }
            if (pick != null) {
                used.add(pick.id());
                blocks.add(new Block(pick.id(), a.id()));
            }
        }
        if (blocks.isEmpty()) {
            return Optional.empty();
        }
        BiomeMove.Defend d = new BiomeMove.Defend(seat, blocks);
        if (rules.decide(s, d).accepted()) {
            return Optional.of(d);
        }
        return legal.stream().filter(x -> x instanceof BiomeMove.Defend).findFirst();
    }
}
