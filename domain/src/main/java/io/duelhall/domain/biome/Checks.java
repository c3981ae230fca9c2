package io.duelhall.domain.biome;

import io.duelhall.domain.Refusal;
import io.duelhall.domain.Seat;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/**
 * Whether a move is allowed now, checked before anything changes; the first failure is the refusal.
 */
final class Checks {
    private Checks() {}

    /** A checked play or activation: what enters the queue, and what it costs. */
    record Ok(Refusal refusal, CardRef ref, BiomeCard card, int cost) {
        static Ok no(Refusal r) {
            return new Ok(r, null, null, 0);
        }
    }

    /**
     * B-QUEUE-1: only the seat with priority acts (the attacking seat's order of defenders first,
     * B-D-ORDER-1).
     */
    static Refusal priority(BiomeState s, Seat seat) {
        if (s.pending() != null) {
            return Refusal.conflict(
                    "ORDER_PENDING",
                    "B-D-ORDER-1",
                    "Seat " + s.active() + " orders the defenders of its attackers first.");
        }
        if (s.priority() != seat) {
            return Refusal.forbidden(
                    "NOT_YOUR_PRIORITY",
                    "B-QUEUE-1",
                    s.priority() == null
                            ? "Nobody may act now."
                            : "Seat " + s.priority() + " has priority: players answer in turns.");
        }
        return null;
    }

    /** B-SPEED-1, as seed 004 lists it per step. */
    static Refusal speed(BiomeState s, Seat seat, int speed) {
        if (Steps.speeds(s, seat).contains(speed)) {
            return null;
        }
        String why =
                switch (speed) {
                    case 1 ->
                            !Steps.primary(s.step())
                                    ? "Speed 1 only in the primary phases, not in " + s.step() + "."
                                    : seat != s.active()
                                            ? "Speed 1 is the active seat's only."
                                            : "Speed 1 needs an empty queue.";
                    case 2 ->
                            "Speed 2 only in the primary phases and the advance, attack and defend steps, not in "
                                    + s.step()
                                    + ".";
                    default -> "No Speed " + speed + " action is allowed in " + s.step() + ".";
                };
        return Refusal.rules("SPEED_NOT_ALLOWED", "B-SPEED-1", why);
    }

    /** B-D-TARGET-1: NONE takes no target; otherwise 1 to {@code count} distinct valid targets. */
    static Refusal targets(
            BiomeState s, Seat owner, String spec, int count, List<TargetRef> targets) {
        if (BiomeCard.NONE.equals(spec)) {
            return targets.isEmpty()
                    ? null
                    : Refusal.rules("INVALID_TARGET", "B-D-TARGET-1", "This takes no target.");
        }
        if (targets.isEmpty()) {
            return Refusal.rules("MISSING_TARGET", "B-D-TARGET-1", "Pick a target (" + spec + ").");
        }
        if (targets.size() > count) {
            return Refusal.rules(
                    "TOO_MANY_TARGETS",
                    "B-D-TARGET-1",
                    "At most " + count + " target(s) (" + spec + ").");
        }
        if (new HashSet<>(targets).size() != targets.size()) {
            return Refusal.rules("INVALID_TARGET", "B-D-TARGET-1", "Name each target once.");
        }
        for (TargetRef t : targets) {
            if (!valid(s, owner, spec, t)) {
                return Refusal.rules(
                        "INVALID_TARGET",
                        "B-D-TARGET-1",
                        "Not a valid target (" + spec + "): " + t + ".");
            }
        }
        return null;
    }

    /**
     * Whether {@code t} meets {@code spec} for an action of {@code owner} now (also checked on
     * execution, B-QUEUE-2).
     */
    static boolean valid(BiomeState s, Seat owner, String spec, TargetRef t) {
        if (t == null || t.kind() == null || t.seat() == null || s.side(t.seat()) == null) {
            return false;
        }
        Seat enemy = owner.opponent();
        return switch (spec) {
            case "OWN_AGENT" -> isAgent(s, t) && t.seat() == owner;
            case "ENEMY_AGENT" -> isAgent(s, t) && t.seat() == enemy;
            case "ANY_AGENT" -> isAgent(s, t);
            case "OWN_SECTOR" -> isSector(s, t) && t.seat() == owner;
            case "ENEMY_SECTOR" -> isSector(s, t) && t.seat() == enemy;
            case "PLAYER" -> TargetRef.PLAYER.equals(t.kind());
            default -> false;
        };
    }

    private static boolean isAgent(BiomeState s, TargetRef t) {
        return TargetRef.AGENT.equals(t.kind()) && s.side(t.seat()).agent(t.id()) != null;
    }

    private static boolean isSector(BiomeState s, TargetRef t) {
        Sector x = TargetRef.SECTOR.equals(t.kind()) ? s.side(t.seat()).sector(t.id()) : null;
        return x != null && !x.lost();
    }

    /** B-D-CHOICE-1: X for an X card (0 or more), a mode for a PICK card; no choice otherwise. */
    static Refusal choices(BiomeCard card, Integer x, Integer mode) {
        if (card.has("X") ? x == null || x < 0 : x != null) {
            return Refusal.rules(
                    x == null ? "MISSING_CHOICE" : "INVALID_CHOICE",
                    "B-D-CHOICE-1",
                    card.has("X")
                            ? card.name()
                                    + " needs choices.x: how much void energy X is (0 or more)."
                            : card.name() + " has no X in its cost.");
        }
        if (card.has("PICK")
                ? mode == null || mode < 0 || mode >= card.effects().size()
                : mode != null) {
            return Refusal.rules(
                    mode == null ? "MISSING_CHOICE" : "INVALID_CHOICE",
                    "B-D-CHOICE-1",
                    card.has("PICK")
                            ? card.name()
                                    + " needs choices.mode: 0 to "
                                    + (card.effects().size() - 1)
                                    + "."
                            : card.name() + " has no \"pick one\".");
        }
        return null;
    }

    static Refusal energy(Side side, int cost, String what) {
        return side.energy() >= cost
                ? null
                : Refusal.rules(
                        "NOT_ENOUGH_ENERGY",
                        "B-D-ENERGY-1",
                        what + " costs " + cost + " energy; you have " + side.energy() + ".");
    }

    /** PLAY: a queued card of the hand at its Speed. */
    static Ok play(Catalog catalog, BiomeState s, Seat seat, BiomeMove.Play p) {
        Refusal r = priority(s, seat);
        if (r != null) {
            return Ok.no(r);
        }
        Side side = s.side(seat);
        CardRef ref = side.inHand(p.card());
        if (ref == null) {
            return Ok.no(
                    Refusal.rules(
                            "CARD_NOT_IN_HAND",
                            null,
                            "Card " + p.card() + " is not in your hand."));
        }
        BiomeCard card = catalog.card(ref.card());
        if (card.type().equals(BiomeCard.ANOMALY)) {
            return Ok.no(
                    Refusal.rules(
                            "NOT_QUEUED",
                            "B-QUEUE-2",
                            "An anomaly is played with ANOMALY, without the queue."));
        }
        r = speed(s, seat, card.speed());
        if (r == null) {
            r = choices(card, p.x(), p.mode());
        }
        if (r == null) {
            r = targets(s, seat, card.target(), card.targets(), p.targets());
        }
        int cost = card.cost() + (p.x() == null ? 0 : p.x());
        if (r == null) {
            r = energy(side, cost, card.name() + (p.x() == null ? "" : " with X = " + p.x()));
        }
        return r != null ? Ok.no(r) : new Ok(null, ref, card, cost);
    }

    /** ACTIVATE: an unlocked agent of the seat with a skill, at the skill's Speed (B-D-SKILL-1). */
    static Ok activate(Catalog catalog, BiomeState s, Seat seat, BiomeMove.Activate a) {
        Refusal r = priority(s, seat);
        if (r != null) {
            return Ok.no(r);
        }
        Agent agent = s.side(seat).agent(a.agent());
        if (agent == null) {
            return Ok.no(
                    Refusal.rules(
                            "AGENT_NOT_FOUND",
                            null,
                            "Agent " + a.agent() + " is not one of yours."));
        }
        BiomeCard card = catalog.card(agent.card());
        BiomeCard.Skill skill = card.skill();
        if (skill == null) {
            return Ok.no(
                    Refusal.rules(
                            "NO_SKILL", "B-D-SKILL-1", card.name() + " has no skill to activate."));
        }
        if (agent.locked()) {
            return Ok.no(
                    Refusal.rules(
                            "AGENT_LOCKED",
                            "B-D-SKILL-1",
                            "A locked agent cannot activate its skill."));
        }
        r = speed(s, seat, skill.speed());
        if (r == null) {
            r = targets(s, seat, skill.target(), skill.targets(), a.targets());
        }
        if (r == null) {
            r = energy(s.side(seat), skill.cost(), card.name() + "'s skill");
        }
        return r != null ? Ok.no(r) : new Ok(null, agent.ref(), card, skill.cost());
    }

    /**
     * CONVERT and ANOMALY (B-QUEUE-2): the active seat, a primary phase, an empty queue, once each
     * a turn.
     */
    static Refusal unqueued(BiomeState s, Seat seat, boolean already, String what) {
        Refusal r = priority(s, seat);
        if (r != null) {
            return r;
        }
        if (seat != s.active() || !Steps.primary(s.step())) {
            return Refusal.rules(
                    "NOT_IN_PRIMARY", "B-QUEUE-2", what + " only in your own primary phases.");
        }
        if (!s.queue().isEmpty()) {
            return Refusal.rules(
                    "QUEUE_NOT_EMPTY", "B-D-CONVERT-1", what + " needs an empty queue.");
        }
        if (already) {
            return Refusal.rules(
                    "ONCE_PER_TURN", "B-QUEUE-2", what + " once a turn: you have this turn.");
        }
        return null;
    }

    static Ok anomaly(Catalog catalog, BiomeState s, Seat seat, BiomeMove.Anomaly a) {
        Refusal r = unqueued(s, seat, s.anomaly(), "Playing an anomaly");
        if (r != null) {
            return Ok.no(r);
        }
        CardRef ref = s.side(seat).inHand(a.card());
        BiomeCard card = ref == null ? null : catalog.card(ref.card());
        if (card == null || !card.type().equals(BiomeCard.ANOMALY)) {
            return Ok.no(
                    Refusal.rules(
                            "NOT_AN_ANOMALY",
                            "B-QUEUE-2",
                            "Card " + a.card() + " is not an anomaly in your hand."));
        }
        r = targets(s, seat, card.target(), card.targets(), a.targets());
        if (r == null) {
            r = energy(s.side(seat), card.cost(), card.name());
        }
        return r != null ? Ok.no(r) : new Ok(null, ref, card, card.cost());
    }

    /**
     * Seed 004, advance: in the advance step, an unlocked agent of the staging area that is not
     * fresh (B-D-AGENT-1).
     */
    static Refusal advance(BiomeState s, Seat seat, BiomeMove.Advance a) {
        Refusal r = priority(s, seat);
        if (r != null) {
            return r;
        }
        if (!Steps.ADVANCE.equals(s.step())) {
            return Refusal.rules(
                    "NOT_ADVANCE_STEP",
                    "B-PHASE-1",
                    "Agents advance in the battle phase's advance step.");
        }
        Side side = s.side(seat);
        Agent agent = side.agent(a.agent());
        if (agent == null || agent.biome() != null) {
            return Refusal.rules(
                    "AGENT_NOT_IN_STAGING",
                    "B-D-ADVANCE-1",
                    "Agent " + a.agent() + " is not in your staging area.");
        }
        if (agent.locked() || agent.fresh()) {
            return Refusal.rules(
                    agent.locked() ? "AGENT_LOCKED" : "AGENT_FRESH",
                    "B-D-AGENT-1",
                    "A locked agent, or one that arrived this turn, cannot advance.");
        }
        for (QueueEntry q : s.queue()) {
            if (QueueEntry.ADVANCE.equals(q.kind())
                    && (a.agent().equals(q.source())
                            || a.gear().stream().anyMatch(q.cards()::contains))) {
                return Refusal.rules(
                        "ALREADY_ADVANCING",
                        "B-D-ADVANCE-1",
                        "That agent or gear is already advancing (in the queue).");
            }
        }
        Sector own = side.sector(a.biome());
        if (own == null || own.lost()) {
            return Refusal.rules(
                    "INVALID_TARGET",
                    "B-D-ADVANCE-1",
                    "Advance into a biome whose sector you still hold.");
        }
        if (new HashSet<>(a.gear()).size() != a.gear().size()) {
            return Refusal.rules("INVALID_TARGET", "B-D-ADVANCE-1", "Name each gear once.");
        }
        for (String g : a.gear()) {
            if (side.looseGear(g) == null) {
                return Refusal.rules(
                        "GEAR_NOT_IN_STAGING",
                        "B-D-ADVANCE-1",
                        "Gear " + g + " is not unattached in your staging area.");
            }
        }
        return null;
    }

    /**
     * Whether an agent of {@code seat} could attack now: in a biome, unlocked, the enemy sector
     * there not lost.
     */
    static boolean couldAttack(BiomeState s, Seat seat, String id) {
        Agent a = s.side(seat).agent(id);
        if (a == null || a.biome() == null || a.locked()) {
            return false;
        }
        Sector enemy = s.side(seat.opponent()).sector(a.biome());
        return enemy != null && !enemy.lost();
    }

    /** Seed 004, attack: the active seat, the attack step, an empty queue, once a turn. */
    static Refusal attack(BiomeState s, Seat seat, BiomeMove.Attack a) {
        Refusal r = priority(s, seat);
        if (r != null) {
            return r;
        }
        if (!Steps.ATTACK.equals(s.step()) || seat != s.active()) {
            return Refusal.rules(
                    "NOT_ATTACK_STEP",
                    "B-PHASE-1",
                    "The active seat declares attackers in the attack step.");
        }
        if (!s.queue().isEmpty()) {
            return Refusal.rules(
                    "QUEUE_NOT_EMPTY",
                    "B-D-BATTLE-1",
                    "Attackers are declared when the queue is empty.");
        }
        if (s.attacked()) {
            return Refusal.rules(
                    "ALREADY_ATTACKED", "B-D-BATTLE-1", "Attackers are declared once a turn.");
        }
        if (a.attackers().isEmpty()
                || new HashSet<>(a.attackers()).size() != a.attackers().size()) {
            return Refusal.rules(
                    "INVALID_TARGET", "B-D-BATTLE-1", "Name one or more attackers, each once.");
        }
        for (String id : a.attackers()) {
            if (!couldAttack(s, seat, id)) {
                return Refusal.rules(
                        "CANNOT_ATTACK",
                        "B-D-BATTLE-1",
                        "Agent "
                                + id
                                + " cannot attack: it must be yours, unlocked, in a biome whose enemy sector stands.");
            }
        }
        return null;
    }

    /**
     * Whether the block is possible now: an unlocked defender of {@code seat} in the attacker's
     * biome.
     */
    static boolean canBlock(BiomeState s, Seat seat, Block b) {
        Agent d = s.side(seat).agent(b.defender());
        Agent a = b.attacker() == null ? null : s.side(seat.opponent()).agent(b.attacker());
        return d != null
                && a != null
                && !d.locked()
                && d.biome() != null
                && d.biome().equals(a.biome())
                && s.attackers().contains(b.attacker());
    }

    /**
     * Seed 004, defend: the defending seat, the defend step, an empty queue, once a turn; locked
     * agents cannot defend.
     */
    static Refusal defend(BiomeState s, Seat seat, BiomeMove.Defend d) {
        Refusal r = priority(s, seat);
        if (r != null) {
            return r;
        }
        if (!Steps.DEFEND.equals(s.step()) || seat == s.active()) {
            return Refusal.rules(
                    "NOT_DEFEND_STEP",
                    "B-PHASE-1",
                    "The defending seat declares defenders in the defend step.");
        }
        if (!s.queue().isEmpty()) {
            return Refusal.rules(
                    "QUEUE_NOT_EMPTY",
                    "B-D-BATTLE-1",
                    "Defenders are declared when the queue is empty.");
        }
        if (s.defended()) {
            return Refusal.rules(
                    "ALREADY_DEFENDED", "B-D-BATTLE-1", "Defenders are declared once a turn.");
        }
        List<String> defenders = new ArrayList<>();
        d.blocks().forEach(b -> defenders.add(b.defender()));
        if (d.blocks().isEmpty() || new HashSet<>(defenders).size() != defenders.size()) {
            return Refusal.rules(
                    "INVALID_TARGET", "B-D-BATTLE-1", "Each defender blocks one attacker.");
        }
        for (Block b : d.blocks()) {
            Agent a = s.side(seat).agent(b.defender());
            if (a != null && a.locked()) {
                return Refusal.rules("AGENT_LOCKED", "B-D-LOCK-1", "Locked agents can't defend.");
            }
            if (!canBlock(s, seat, b)) {
                return Refusal.rules(
                        "CANNOT_DEFEND",
                        "B-D-BATTLE-1",
                        "Agent "
                                + b.defender()
                                + " cannot block "
                                + b.attacker()
                                + ": a defender is yours, in the attacker's biome.");
            }
        }
        return null;
    }

    /**
     * Seed 004: the attacking seat orders the defenders of each attacker blocked by several
     * (B-D-ORDER-1).
     */
    static Refusal order(BiomeState s, Seat seat, BiomeMove.OrderDefenders o) {
        if (s.pending() == null) {
            return Refusal.conflict("NO_ORDER_OWED", "B-D-ORDER-1", "No defenders to order now.");
        }
        if (seat != s.active()) {
            return Refusal.forbidden(
                    "NOT_YOUR_DECISION", "B-D-ORDER-1", "The attacking seat orders the defenders.");
        }
        if (!Evolver.unordered(s.attackers(), s.blocks(), s.ordered()).contains(o.attacker())) {
            return Refusal.rules(
                    "INVALID_TARGET",
                    "B-D-ORDER-1",
                    "Agent " + o.attacker() + " is not an attacker with defenders to order.");
        }
        List<String> blockers =
                s.blocks().stream()
                        .filter(b -> b.attacker().equals(o.attacker()))
                        .map(Block::defender)
                        .sorted()
                        .toList();
        if (!o.defenders().stream().sorted().toList().equals(blockers)) {
            return Refusal.rules(
                    "INVALID_ORDER",
                    "B-D-ORDER-1",
                    "Name each of its defenders once: " + blockers + ".");
        }
        return null;
    }
}
