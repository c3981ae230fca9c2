package io.duelhall.domain.biome;

import io.duelhall.domain.Seat;
import io.duelhall.domain.biome.BiomeEvent.*;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The turn's steps, priority, the queue's execution, draws and the end of the match, as events. */
final class Turns {
    /** B-D-END-1: a seat that has lost this many biomes loses. */
    static final int BIOMES_TO_LOSE = 2;

    final Effects effects = new Effects(this);
    final Battle battle = new Battle(this);

    static byte[] matchSeed(BiomeState s) {
        return BiomeDraws.matchSeed(
                s.serverSeed(), s.side(Seat.A).clientSeed(), s.side(Seat.B).clientSeed());
    }

    /** One draw; from an empty deck the seat loses (B-D-END-2). False when the match ended. */
    boolean draw(DecisionInProgress c, Seat seat) {
        Side side = c.side(seat);
        if (side.deck().isEmpty()) {
            end(c, seat.opponent(), "DECKED_OUT", List.of(seat));
            return false;
        }
        c.emit(
                new CardDrawn(
                        seat, side.deck().get(0), side.hand().size() + 1, side.deck().size() - 1));
        return true;
    }

    /**
     * B-PHASE-1, start: refresh (agents unlocked, energy set), draw 2 (1 on the first turn),
     * maintenance.
     */
    void startTurn(DecisionInProgress c, Seat seat) {
        int turn = c.state.turn() + 1;
        c.emit(new TurnStarted(seat, turn));
        c.emit(new AgentsRefreshed(seat, Side.BASE_ENERGY + c.side(seat).reserve().size()));
        int draws = turn == 1 && seat == c.state.firstSeat() ? 1 : 2;
        for (int i = 0; i < draws; i++) {
            if (!draw(c, seat)) {
                return;
            }
        }
        beginStep(c, Steps.MAINTENANCE);
    }

    /**
     * A window opens with the active seat's priority; at maintenance and end its reactive cards
     * react (B-D-REACT-1).
     */
    void beginStep(DecisionInProgress c, String step) {
        Seat active = c.state.active();
        c.emit(new StepBegan(active, Steps.phase(step), step));
        String trigger =
                Steps.MAINTENANCE.equals(step) ? "START" : Steps.END.equals(step) ? "END" : null;
        if (trigger == null) {
            return;
        }
        for (CardRef r : c.side(active).reactives()) {
            if (c.catalog.card(r.card()).has(trigger)) {
                c.emit(
                        new ActionQueued(
                                active,
                                new QueueEntry(
                                        c.state.nextEntry(),
                                        active,
                                        QueueEntry.REACTIVE,
                                        r,
                                        r.id(),
                                        List.of(),
                                        Map.of(),
                                        List.of()),
                                active));
            }
        }
    }

    /**
     * B-QUEUE-1: a pass gives priority to the other seat; the second pass in a row executes the top
     * of the queue (then the active seat has priority again), or, with the queue empty, ends the
     * step.
     */
    void pass(DecisionInProgress c, Seat seat) {
        if (c.state.passes() == 0) {
            c.emit(new PriorityPassed(seat, seat.opponent(), 1));
            return;
        }
        c.emit(new PriorityPassed(seat, null, 2));
        if (!c.state.queue().isEmpty()) {
            execute(c);
        } else {
            endStep(c);
        }
    }

    /** Queues an action of {@code seat}; the opponent may answer it. */
    void queue(
            DecisionInProgress c,
            Seat seat,
            String kind,
            CardRef card,
            String source,
            List<TargetRef> targets,
            Map<String, String> choices,
            List<String> cards) {
        c.emit(
                new ActionQueued(
                        seat,
                        new QueueEntry(
                                c.state.nextEntry(),
                                seat,
                                kind,
                                card,
                                source,
                                targets,
                                choices,
                                cards),
                        seat.opponent()));
    }

    /** B-QUEUE-1, B-QUEUE-2: the last action in executes; its targets are checked again. */
    void execute(DecisionInProgress c) {
        QueueEntry e = c.state.top();
        Seat owner = e.seat();
        BiomeState s = c.state;
        switch (e.kind()) {
            case QueueEntry.ADVANCE -> {
                Agent a = s.side(owner).agent(e.source());
                String biome = e.targets().isEmpty() ? null : e.targets().get(0).id();
                Sector own = s.side(owner).sector(biome);
                if (a == null || a.biome() != null || a.locked() || own == null || own.lost()) {
                    c.emit(
                            new ActionCancelled(
                                    owner,
                                    e.id(),
                                    e.kind(),
                                    null,
                                    "the agent can no longer advance there"));
                    break;
                }
                List<CardRef> gear = new ArrayList<>();
                List<TargetRef> unaffected = new ArrayList<>();
                int power = a.power();
                int defense = a.defense();
                for (String g : e.cards()) {
                    CardRef ref = s.side(owner).looseGear(g);
                    if (ref == null) {
                        unaffected.add(new TargetRef("GEAR", owner, g));
                        continue;
                    }
                    BiomeCard card = c.catalog.card(ref.card());
                    gear.add(ref);
                    power += card.power();
                    defense += card.defense();
                }
                c.emit(new ActionExecuted(owner, e.id(), e.kind(), unaffected));
                c.emit(new AgentAdvanced(owner, a.id(), biome, gear, power, defense));
            }
            case QueueEntry.ATTACK -> {
                List<String> valid =
                        e.cards().stream().filter(id -> Checks.couldAttack(s, owner, id)).toList();
                if (valid.isEmpty()) {
                    c.emit(
                            new ActionCancelled(
                                    owner,
                                    e.id(),
                                    e.kind(),
                                    null,
                                    "no attacker can attack any more"));
                    break;
                }
                c.emit(
                        new ActionExecuted(
                                owner,
                                e.id(),
                                e.kind(),
                                e.cards().stream()
                                        .filter(id -> !valid.contains(id))
                                        .map(id -> TargetRef.agent(owner, id))
                                        .toList()));
                c.emit(new AttackersDeclared(owner, valid));
            }
            case QueueEntry.DEFEND -> {
                List<Block> blocks = new ArrayList<>();
                List<TargetRef> unaffected = new ArrayList<>();
                for (int i = 0; i < e.cards().size(); i++) {
                    Block b = new Block(e.cards().get(i), e.targets().get(i).id());
                    if (Checks.canBlock(s, owner, b)) {
                        blocks.add(b);
                    } else {
                        unaffected.add(TargetRef.agent(owner, b.defender()));
                    }
                }
                if (blocks.isEmpty()) {
                    c.emit(
                            new ActionCancelled(
                                    owner,
                                    e.id(),
                                    e.kind(),
                                    null,
                                    "no defender can block any more"));
                    break;
                }
                c.emit(new ActionExecuted(owner, e.id(), e.kind(), unaffected));
                c.emit(new DefendersDeclared(owner, blocks));
            }
            default -> executeCard(c, e);
        }
        checkEnd(c);
    }

    /**
     * A card, a skill or a reactive skill: targets re-checked, cancelled with none left
     * (B-QUEUE-2).
     */
    private void executeCard(DecisionInProgress c, QueueEntry e) {
        Seat owner = e.seat();
        BiomeCard card = c.catalog.card(e.card().card());
        boolean skill = QueueEntry.SKILL.equals(e.kind());
        String spec = skill ? card.skill().target() : card.target();
        List<BiomeCard.Effect> fx = skill ? card.skill().effects() : card.effects();
        if (card.has("PICK")) {
            fx = List.of(fx.get(Math.min(e.mode(), fx.size() - 1)));
        }
        List<TargetRef> valid =
                e.targets().stream().filter(t -> Checks.valid(c.state, owner, spec, t)).toList();
        if (!BiomeCard.NONE.equals(spec) && valid.isEmpty()) {
            boolean isCard = QueueEntry.CARD.equals(e.kind());
            c.emit(
                    new ActionCancelled(
                            owner, e.id(), e.kind(), isCard ? e.card() : null, "no valid target"));
            return;
        }
        List<TargetRef> unaffected = e.targets().stream().filter(t -> !valid.contains(t)).toList();
        c.emit(new ActionExecuted(owner, e.id(), e.kind(), unaffected));
        if (QueueEntry.CARD.equals(e.kind())) {
            switch (card.type()) {
                case BiomeCard.AGENT ->
                        c.emit(new AgentDeployed(owner, Agent.arrived(e.card(), card)));
                case BiomeCard.GEAR -> c.emit(new GearPlaced(owner, e.card()));
                case BiomeCard.REACTIVE -> c.emit(new ReactivePlaced(owner, e.card()));
                case BiomeCard.SKILL -> c.emit(new CardCached(owner, e.card()));
                default -> {}
            }
        }
        effects.apply(
                c,
                owner,
                fx,
                valid,
                e.x(),
                BiomeCard.MODIFICATION.equals(card.type()) ? e.card() : null);
    }

    /**
     * The step ends (both passed, the queue empty): the next step, the damage step, or the next
     * turn.
     */
    void endStep(DecisionInProgress c) {
        String step = c.state.step();
        boolean attackers = !c.state.attackers().isEmpty();
        if (Steps.ATTACK.equals(step) && !attackers) {
            Battle.retreat(c);
        }
        if (Steps.DEFEND.equals(step)) {
            battle.resolve(c);
            if (checkEnd(c)) {
                return;
            }
        }
        if (Steps.END.equals(step)) {
            Seat seat = c.state.active();
            c.emit(new TurnReset(seat, c.state.turn()));
            c.emit(new TurnEnded(seat, c.state.turn()));
            startTurn(c, seat.opponent());
            return;
        }
        beginStep(c, Steps.next(step, attackers));
    }

    void terminate(DecisionInProgress c, Seat seat, Agent a) {
        List<CardRef> attached = new ArrayList<>(a.gear());
        attached.addAll(a.mods());
        c.emit(new AgentTerminated(seat, a.ref(), attached));
    }

    /**
     * B-D-SECTOR-1: damage equal to or above the durability left loses the biome; else durability
     * goes down.
     */
    void damageSector(DecisionInProgress c, Seat seat, String biome, int n) {
        Sector s = c.side(seat).sector(biome);
        if (s == null || s.lost() || n <= 0) {
            return;
        }
        if (n >= s.durability()) {
            c.emit(new SectorDamaged(seat, biome, n, 0));
            c.emit(new BiomeLost(seat, biome, c.side(seat).biomesLost() + 1));
        } else {
            c.emit(new SectorDamaged(seat, biome, n, s.durability() - n));
        }
    }

    /**
     * B-D-END-1: a seat that lost two biomes loses; both at once is a draw. True when the match
     * ended.
     */
    boolean checkEnd(DecisionInProgress c) {
        if (c.over()) {
            return true;
        }
        List<Seat> losers = new ArrayList<>();
        for (Seat seat : List.of(Seat.A, Seat.B)) {
            if (c.side(seat).biomesLost() >= BIOMES_TO_LOSE) {
                losers.add(seat);
            }
        }
        if (losers.size() == 2) {
            end(c, null, "DRAW", List.of());
        } else if (losers.size() == 1) {
            end(c, losers.get(0).opponent(), "BIOMES", losers);
        }
        return c.over();
    }

    void end(DecisionInProgress c, Seat winner, String reason, List<Seat> losers) {
        if (!c.over()) {
            c.emit(new MatchEnded(winner, reason, losers, c.state.serverSeed()));
        }
    }
}
