package io.duelhall.domain.biome;

import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import java.util.ArrayList;
import java.util.List;

/**
 * Who owes a decision and every move the rules accept from a seat now (a concession, always
 * accepted, left out).
 */
final class BiomeMoves {
    /** X values offered for a void-energy cost beyond this are left out (movesNote). */
    static final int MAX_X_LISTED = 6;

    private final Catalog catalog;

    public BiomeMoves(Catalog catalog) {
        this.catalog = catalog;
    }

    /**
     * The seat that owes the next decision: the attacking seat's order of defenders, else the seat
     * with priority.
     */
    public static Seat toAct(BiomeState s) {
        if (s.status() != MatchStatus.LIVE) {
            return null;
        }
        return s.pending() != null ? s.active() : s.priority();
    }

    /**
     * Every target list an action aimed by {@code spec} (up to {@code count}) could name now:
     * singles, then pairs.
     */
    static List<List<TargetRef>> targetLists(BiomeState s, Seat seat, String spec, int count) {
        List<List<TargetRef>> out = new ArrayList<>();
        if (BiomeCard.NONE.equals(spec)) {
            out.add(List.of());
            return out;
        }
        List<TargetRef> all = new ArrayList<>();
        for (Seat who : List.of(seat, seat.opponent())) {
            all.add(TargetRef.player(who));
            s.side(who).agents().forEach(a -> all.add(TargetRef.agent(who, a.id())));
            s.side(who).sectors().forEach(x -> all.add(TargetRef.sector(who, x.biome())));
        }
        List<TargetRef> ok = all.stream().filter(t -> Checks.valid(s, seat, spec, t)).toList();
        ok.forEach(t -> out.add(List.of(t)));
        if (count >= 2) {
            for (int i = 0; i < ok.size(); i++) {
                for (int j = i + 1; j < ok.size(); j++) {
                    out.add(List.of(ok.get(i), ok.get(j)));
                }
            }
        }
        return out;
    }

    public List<BiomeMove> legal(BiomeState s, Seat seat) {
        if (seat == null || toAct(s) != seat || s.side(seat) == null) {
            return List.of();
        }
        List<BiomeMove> out = new ArrayList<>();
        if (s.pending() != null) {
            String attacker = Evolver.unordered(s.attackers(), s.blocks(), s.ordered()).get(0);
            List<String> defenders =
                    s.blocks().stream()
                            .filter(b -> b.attacker().equals(attacker))
                            .map(Block::defender)
                            .toList();
            for (List<String> p : permutations(defenders, 24)) {
                out.add(new BiomeMove.OrderDefenders(seat, attacker, p));
            }
            return out;
        }
        out.add(new BiomeMove.Pass(seat));
        Side side = s.side(seat);
        boolean unqueuedOk = Checks.unqueued(s, seat, false, "") == null;
        if (unqueuedOk && !s.converted()) {
            side.hand().forEach(c -> out.add(new BiomeMove.Convert(seat, c.id())));
        }
        for (CardRef ref : side.hand()) {
            BiomeCard card = catalog.card(ref.card());
            if (card.type().equals(BiomeCard.ANOMALY)) {
                if (unqueuedOk && !s.anomaly()) {
                    for (List<TargetRef> t : targetLists(s, seat, card.target(), card.targets())) {
                        add(out, s, new BiomeMove.Anomaly(seat, ref.id(), t));
                    }
                }
                continue;
            }
            if (!Steps.speeds(s, seat).contains(card.speed())) {
                continue;
            }
            List<Integer> xs = new ArrayList<>();
            if (card.has("X")) {
                for (int x = 0; x <= Math.min(MAX_X_LISTED, side.energy() - card.cost()); x++) {
                    xs.add(x);
                }
            } else {
                xs.add(null);
            }
            List<Integer> modes = new ArrayList<>();
            if (card.has("PICK")) {
                for (int m = 0; m < card.effects().size(); m++) {
                    modes.add(m);
                }
            } else {
                modes.add(null);
            }
            for (List<TargetRef> t : targetLists(s, seat, card.target(), card.targets())) {
                for (Integer x : xs) {
                    for (Integer m : modes) {
                        add(out, s, new BiomeMove.Play(seat, ref.id(), t, x, m));
                    }
                }
            }
        }
        for (Agent a : side.agents()) {
            BiomeCard card = catalog.card(a.card());
            if (card.skill() != null
                    && !a.locked()
                    && Steps.speeds(s, seat).contains(card.skill().speed())) {
                for (List<TargetRef> t :
                        targetLists(s, seat, card.skill().target(), card.skill().targets())) {
                    add(out, s, new BiomeMove.Activate(seat, a.id(), t));
                }
            }
        }
        if (Steps.ADVANCE.equals(s.step())) {
            for (Agent a : side.agents()) {
                for (Sector x : side.sectors()) {
                    add(out, s, new BiomeMove.Advance(seat, a.id(), x.biome(), List.of()));
                    for (CardRef g : side.gear()) {
                        add(
                                out,
                                s,
                                new BiomeMove.Advance(seat, a.id(), x.biome(), List.of(g.id())));
                    }
                }
            }
        }
        if (Steps.ATTACK.equals(s.step())) {
            List<String> can =
                    side.agents().stream()
                            .map(Agent::id)
                            .filter(id -> Checks.couldAttack(s, seat, id))
                            .toList();
            if (!can.isEmpty()) {
                add(out, s, new BiomeMove.Attack(seat, can));
                if (can.size() > 1) {
                    can.forEach(id -> add(out, s, new BiomeMove.Attack(seat, List.of(id))));
                }
            }
        }
        if (Steps.DEFEND.equals(s.step())) {
            List<Block> all = new ArrayList<>();
            List<String> used = new ArrayList<>();
            for (Agent d : side.agents()) {
                for (String attacker : s.attackers()) {
                    Block b = new Block(d.id(), attacker);
                    if (Checks.canBlock(s, seat, b)) {
                        add(out, s, new BiomeMove.Defend(seat, List.of(b)));
                        if (!used.contains(d.id())) {
                            used.add(d.id());
                            all.add(b);
                        }
                    }
                }
            }
            if (all.size() > 1) {
                add(out, s, new BiomeMove.Defend(seat, all));
            }
        }
        return out;
    }

    /** Adds the move when the rules accept it now (the same checks decide runs). */
    private void add(List<BiomeMove> out, BiomeState s, BiomeMove m) {
        boolean ok;
        if (m instanceof BiomeMove.Play p) {
            ok = Checks.play(catalog, s, p.seat(), p).refusal() == null;
        } else if (m instanceof BiomeMove.Activate a) {
            ok = Checks.activate(catalog, s, a.seat(), a).refusal() == null;
        } else if (m instanceof BiomeMove.Anomaly a) {
            ok = Checks.anomaly(catalog, s, a.seat(), a).refusal() == null;
        } else if (m instanceof BiomeMove.Advance a) {
            ok = Checks.advance(s, a.seat(), a) == null;
        } else if (m instanceof BiomeMove.Attack a) {
            ok = Checks.attack(s, a.seat(), a) == null;
        } else if (m instanceof BiomeMove.Defend d) {
            ok = Checks.defend(s, d.seat(), d) == null;
        } else {
            ok = true;
        }
        if (ok) {
            out.add(m);
        }
    }

    static List<List<String>> permutations(List<String> items, int limit) {
        List<List<String>> out = new ArrayList<>();
        permute(new ArrayList<>(), new ArrayList<>(items), out, limit);
        return out;
    }

    private static void permute(
            List<String> head, List<String> rest, List<List<String>> out, int limit) {
        if (out.size() >= limit) {
            return;
        }
        if (rest.isEmpty()) {
            out.add(List.copyOf(head));
            return;
        }
        for (int i = 0; i < rest.size(); i++) {
            List<String> h = new ArrayList<>(head);
            h.add(rest.get(i));
            List<String> r = new ArrayList<>(rest);
            r.remove(i);
            permute(h, r, out, limit);
        }
    }

    /** What {@link #legal} leaves out. */
    static String note(BiomeState s, Seat seat) {
        if (toAct(s) != seat) {
            return null;
        }
        return "Listed: advances with no gear or one gear, attacks with all or one agent, single blocks and one block"
                + " per defender, X up to "
                + MAX_X_LISTED
                + ", orders of up to 24; other combinations are legal too.";
    }
}
