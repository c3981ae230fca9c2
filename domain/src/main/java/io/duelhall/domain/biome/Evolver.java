package io.duelhall.domain.biome;

import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.biome.BiomeEvent.*;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * evolve(state, event) → state: only assigns what the event says. Total: an event whose hidden
 * parts are blank (as a spectator receives it) moves face-down cards instead, so the same fold
 * serves the public stream.
 */
final class Evolver {
    /** A face-down card: in a deck or a hand, seen by nobody this state belongs to. */
    static final CardRef FACE_DOWN = new CardRef("?", null);

    private Evolver() {}

    static BiomeState evolve(BiomeState s, MatchEvent event) {
        if (!(event instanceof BiomeEvent e)) {
            return s; // core events (IntentAccepted, SeatTokenIssued, ClockSet) change nothing here
        }
        if (e instanceof MatchCreated c) {
            BiomeState.Builder b = BiomeState.EMPTY.edit();
            b.matchId = c.matchId();
            b.status = MatchStatus.WAITING;
            b.options = c.options();
            b.engineVersion = c.engineVersion();
            b.catalogVersion = c.catalogVersion();
            b.seedCommitment = c.seedCommitment();
            b.serverSeed = c.serverSeed();
            return b.build();
        }
        if (e instanceof PlayerJoined j) {
            return s.withSide(
                    j.seat(), Side.joined(j.name(), j.accountId(), j.deck(), j.clientSeed()));
        }
        if (e instanceof MatchStarted m) {
            BiomeState t = s;
            for (Seat seat : s.seats()) {
                t = edit(t, seat, b -> b.sectors = m.sectors());
            }
            return state(
                    t,
                    b -> {
                        b.status = MatchStatus.LIVE;
                        b.firstSeat = m.firstSeat();
                        b.active = m.firstSeat();
                    });
        }
        if (e instanceof DeckShuffled d) {
            return edit(
                    s,
                    d.seat(),
                    b ->
                            b.deck =
                                    d.order() != null
                                            ? d.order()
                                            : Collections.nCopies(d.size(), FACE_DOWN));
        }
        if (e instanceof CardDrawn d) {
            return edit(
                    s,
                    d.seat(),
                    b -> {
                        b.deck = rest(b.deck);
                        b.hand = plus(b.hand, d.card() == null ? FACE_DOWN : d.card());
                    });
        }
        if (e instanceof TurnStarted t) {
            BiomeState rested = s;
            for (Seat seat :
                    s.seats()) { // B-D-AGENT-1: an agent is fresh only in the turn it arrived
                rested =
                        edit(
                                rested,
                                seat,
                                b -> b.agents = b.agents.stream().map(Agent::rested).toList());
            }
            return state(
                    rested,
                    b -> {
                        b.active = t.seat();
                        b.turn = t.turn();
                        b.step = "START";
                        b.priority = null;
                        b.passes = 0;
                        b.converted = false;
                        b.anomaly = false;
                        b.attacked = false;
                        b.defended = false;
                        b.attackers = List.of();
                        b.blocks = List.of();
                        b.ordered = List.of();
                        b.pending = null;
                    });
        }
        if (e instanceof AgentsRefreshed r) {
            return edit(
                    s,
                    r.seat(),
                    b -> {
                        b.energy = r.energy();
                        b.agents = b.agents.stream().map(Agent::refreshed).toList();
                    });
        }
        if (e instanceof StepBegan st) {
            return state(
                    s,
                    b -> {
                        b.step = st.step();
                        b.priority = st.active();
                        b.passes = 0;
                    });
        }
        if (e instanceof PriorityPassed p) {
            return state(
                    s,
                    b -> {
                        b.priority = p.to();
                        b.passes = p.passes();
                    });
        }
        if (e instanceof CardConverted k) {
            return state(
                    edit(
                            s,
                            k.seat(),
                            b -> {
                                b.hand = fromHand(b.hand, k.card());
                                b.reserve = plus(b.reserve, k.card());
                                b.energy = k.energy();
                            }),
                    b -> {
                        b.converted = true;
                        b.passes = 0;
                    });
        }
        if (e instanceof EnergySpent x) {
            return edit(s, x.seat(), b -> b.energy = x.energy());
        }
        if (e instanceof EnergyGained x) {
            return edit(s, x.seat(), b -> b.energy = x.energy());
        }
        if (e instanceof ActionQueued q) {
            QueueEntry entry = q.entry();
            BiomeState t =
                    QueueEntry.CARD.equals(entry.kind())
                            ? edit(s, q.seat(), b -> b.hand = fromHand(b.hand, entry.card()))
                            : s;
            return state(
                    t,
                    b -> {
                        b.queue = plus(b.queue, entry);
                        b.nextEntry = entry.id() + 1;
                        b.priority = q.priority();
                        b.passes = 0;
                        if (QueueEntry.ATTACK.equals(entry.kind())) {
                            b.attacked = true;
                        }
                        if (QueueEntry.DEFEND.equals(entry.kind())) {
                            b.defended = true;
                        }
                    });
        }
        if (e instanceof ActionExecuted || e instanceof ActionCancelled) {
            BiomeState t = s;
            if (e instanceof ActionCancelled c && c.card() != null) {
                t = edit(t, c.seat(), b -> b.cache = plus(b.cache, c.card()));
            }
            return state(
                    t,
                    b -> {
                        b.queue =
                                b.queue.isEmpty()
                                        ? b.queue
                                        : b.queue.subList(0, b.queue.size() - 1);
                        b.priority = b.active;
                        b.passes = 0;
                    });
        }
        if (e instanceof AnomalyPlayed a) {
            return state(
                    edit(s, a.seat(), b -> b.hand = fromHand(b.hand, a.card())),
                    b -> {
                        b.anomaly = true;
                        b.passes = 0;
                    });
        }
        if (e instanceof AgentLocked l) {
            return editAgent(s, l.seat(), l.agent(), a -> a.locked(true));
        }
        if (e instanceof AgentDeployed d) {
            return edit(s, d.seat(), b -> b.agents = plus(b.agents, d.agent()));
        }
        if (e instanceof GearPlaced g) {
            return edit(s, g.seat(), b -> b.gear = plus(b.gear, g.card()));
        }
        if (e instanceof ReactivePlaced r) {
            return edit(s, r.seat(), b -> b.reactives = plus(b.reactives, r.card()));
        }
        if (e instanceof ModificationAttached m) {
            return editAgent(
                    s,
                    m.seat(),
                    m.agent(),
                    a ->
                            a.with(
                                    m.power(),
                                    m.defense(),
                                    a.boostPower(),
                                    a.boostDefense(),
                                    a.damage(),
                                    a.locked(),
                                    a.fresh(),
                                    a.biome(),
                                    a.gear(),
                                    plus(a.mods(), m.card())));
        }
        if (e instanceof CardCached c) {
            return edit(s, c.seat(), b -> b.cache = plus(b.cache, c.card()));
        }
        if (e instanceof AgentAdvanced a) {
            Set<String> ids = ids(a.gear());
            BiomeState t =
                    edit(
                            s,
                            a.seat(),
                            b ->
                                    b.gear =
                                            b.gear.stream()
                                                    .filter(g -> !ids.contains(g.id()))
                                                    .toList());
            return editAgent(
                    t,
                    a.seat(),
                    a.agent(),
                    x ->
                            x.with(
                                    a.power(),
                                    a.defense(),
                                    x.boostPower(),
                                    x.boostDefense(),
                                    x.damage(),
                                    x.locked(),
                                    x.fresh(),
                                    a.biome(),
                                    concat(x.gear(), a.gear()),
                                    x.mods()));
        }
        if (e instanceof AttackersDeclared d) {
            BiomeState t = s;
            for (String id : d.attackers()) {
                t = editAgent(t, d.seat(), id, a -> a.locked(true));
            }
            return state(t, b -> b.attackers = d.attackers());
        }
        if (e instanceof DefendersDeclared d) {
            return state(
                    s,
                    b -> {
                        b.blocks = d.blocks();
                        b.pending =
                                unordered(b.attackers, d.blocks(), b.ordered).isEmpty()
                                        ? null
                                        : BiomeState.ORDER_DEFENDERS;
                    });
        }
        if (e instanceof DefendersOrdered o) {
            return state(
                    s,
                    b -> {
                        List<Block> others =
                                b.blocks.stream()
                                        .filter(x -> !x.attacker().equals(o.attacker()))
                                        .toList();
                        List<Block> mine =
                                o.defenders().stream()
                                        .map(d -> new Block(d, o.attacker()))
                                        .toList();
                        b.blocks = concat(others, mine);
                        b.ordered = plus(b.ordered, o.attacker());
                        if (unordered(b.attackers, b.blocks, b.ordered).isEmpty()) {
                            b.pending = null;
                            b.priority = b.active;
                            b.passes = 0;
                        }
                    });
        }
        if (e instanceof AgentDamaged d) {
            return editAgent(s, d.seat(), d.agent(), a -> a.damaged(d.damage()));
        }
        if (e instanceof AgentBoosted d) {
            return editAgent(
                    s, d.seat(), d.agent(), a -> a.boosted(d.boostPower(), d.boostDefense()));
        }
        if (e instanceof AgentTerminated t) {
            return edit(
                    s,
                    t.seat(),
                    b -> {
                        b.agents =
                                b.agents.stream()
                                        .filter(a -> !a.id().equals(t.agent().id()))
                                        .toList();
                        List<CardRef> c = new ArrayList<>(b.cache);
                        c.add(t.agent());
                        c.addAll(t.attachments());
                        b.cache = c;
                    });
        }
        if (e instanceof SectorDamaged d) {
            return editSector(s, d.seat(), d.biome(), x -> x.withDurability(d.durability()));
        }
        if (e instanceof SectorRepaired d) {
            return editSector(s, d.seat(), d.biome(), x -> x.withDurability(d.durability()));
        }
        if (e instanceof BiomeLost l) {
            return editSector(s, l.seat(), l.biome(), Sector::asLost);
        }
        if (e instanceof AgentsRetreated r) {
            Set<String> ids = new HashSet<>(r.agents());
            return edit(
                    s,
                    r.seat(),
                    b ->
                            b.agents =
                                    b.agents.stream()
                                            .map(a -> ids.contains(a.id()) ? a.at(null) : a)
                                            .toList());
        }
        if (e instanceof TurnReset) {
            BiomeState t = s;
            for (Seat seat : s.seats()) {
                t = edit(t, seat, b -> b.agents = b.agents.stream().map(Agent::reset).toList());
            }
            return state(
                    t,
                    b -> {
                        b.attackers = List.of();
                        b.blocks = List.of();
                        b.ordered = List.of();
                        b.priority = null;
                        b.step = "RESET";
                    });
        }
        if (e instanceof TurnTimedOut t) {
            return edit(s, t.seat(), b -> b.timeouts = t.timeouts());
        }
        if (e instanceof TurnEnded) {
            return s;
        }
        if (e instanceof MatchEnded m) {
            return state(
                    s,
                    b -> {
                        b.status = MatchStatus.ENDED;
                        b.serverSeed = m.serverSeed() != null ? m.serverSeed() : s.serverSeed();
                        b.step = BiomeState.OVER;
                        b.priority = null;
                        b.pending = null;
                        b.winner = m.winner();
                        b.losers = m.losers();
                        b.endReason = m.reason();
                    });
        }
        return s;
    }

    /** Attackers blocked by two or more defenders whose order is not given yet. */
    static List<String> unordered(
            List<String> attackers, List<Block> blocks, List<String> ordered) {
        List<String> out = new ArrayList<>();
        for (String a : attackers) {
            long n = blocks.stream().filter(b -> b.attacker().equals(a)).count();
            if (n >= 2 && !ordered.contains(a)) {
                out.add(a);
            }
        }
        return out;
    }

    private static BiomeState state(BiomeState s, Consumer<BiomeState.Builder> f) {
        BiomeState.Builder b = s.edit();
        f.accept(b);
        return b.build();
    }

    private static BiomeState edit(BiomeState s, Seat seat, Consumer<Side.Builder> f) {
        Side side = seat == null ? null : s.side(seat);
        if (side == null) {
            return s;
        }
        Side.Builder b = side.edit();
        f.accept(b);
        return s.withSide(seat, b.build());
    }

    private static BiomeState editAgent(
            BiomeState s, Seat seat, String id, UnaryOperator<Agent> f) {
        return edit(
                s,
                seat,
                b ->
                        b.agents =
                                b.agents.stream()
                                        .map(a -> a.id().equals(id) ? f.apply(a) : a)
                                        .toList());
    }

    private static BiomeState editSector(
            BiomeState s, Seat seat, String biome, UnaryOperator<Sector> f) {
        return edit(
                s,
                seat,
                b ->
                        b.sectors =
                                b.sectors.stream()
                                        .map(x -> x.biome().equals(biome) ? f.apply(x) : x)
                                        .toList());
    }

    static <T> List<T> plus(List<T> list, T item) {
        List<T> out = new ArrayList<>(list);
        out.add(item);
        return out;
    }

    static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    private static <T> List<T> rest(List<T> list) {
        return list.isEmpty() ? list : list.subList(1, list.size());
    }

    /**
     * The card leaves the hand: by its id, or, in a hand seen face down, one face-down card in its
     * place.
     */
    static List<CardRef> fromHand(List<CardRef> hand, CardRef card) {
        if (card == null) {
            return hand;
        }
        for (int i = 0; i < hand.size(); i++) {
            if (hand.get(i).id().equals(card.id())) {
                List<CardRef> out = new ArrayList<>(hand);
                out.remove(i);
                return out;
            }
        }
        int at = hand.indexOf(FACE_DOWN);
        if (at < 0) {
            return hand;
        }
        List<CardRef> out = new ArrayList<>(hand);
        out.remove(at);
        return out;
    }

    static Set<String> ids(List<CardRef> cards) {
        Set<String> out = new HashSet<>();
        cards.forEach(c -> out.add(c.id()));
        return out;
    }
}
