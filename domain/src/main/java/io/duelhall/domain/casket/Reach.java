package io.duelhall.domain.casket;

import io.duelhall.domain.Seat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Where a casket can MOVE now within its SP pool (no overspending), each hex with its cheapest path
 * (C-MAP-1, C-D-MOVE-1): what a board shows and sends back as a MOVE's targets.
 */
final class Reach {
    /** A hex within reach: the SP it costs and the path to send (the start left out). */
    public record Step(String hex, int cost, List<String> path) {}

    private Reach() {}

    static List<Step> of(Catalog catalog, CasketState s, Seat seat) {
        Pilot p = s.pilot(seat);
        ArenaMap map = catalog.map(s.map());
        if (p == null || map == null || p.at() == null || p.sp() <= 0) {
            return List.of();
        }
        int extra = (p.destroyed(Component.LEGS) ? 1 : 0) + p.wounds(catalog, "move");
        // C-D-LOS-2 (casket-1.2.0 on): only hexes in sight of where the turn began, on the way too
        Hex anchor =
                CasketRuleset.pathSight(s.engineVersion()) && p.turnStart() != null
                        ? p.turnStart()
                        : null;
        Map<Hex, Integer> cost = new HashMap<>();
        Map<Hex, Hex> from = new HashMap<>();
        PriorityQueue<Hex> todo =
                new PriorityQueue<>(
                        Comparator.<Hex>comparingInt(cost::get)
                                .thenComparingInt(Hex::q)
                                .thenComparingInt(Hex::r));
        cost.put(p.at(), 0);
        todo.add(p.at());
        while (!todo.isEmpty()) {
            Hex h = todo.poll();
            for (Hex n : h.neighbours()) {
                if (!map.passable(n)
                        || s.occupant(n) != null
                        || (anchor != null && !map.lineOfSight(anchor, n))) {
                    continue;
                }
                int c = cost.get(h) + map.enterCost(n) + extra;
                if (c <= p.sp() && c < cost.getOrDefault(n, Integer.MAX_VALUE)) {
                    todo.remove(n);
                    cost.put(n, c);
                    from.put(n, h);
                    todo.add(n);
                }
            }
        }
        List<Step> out = new ArrayList<>();
        cost.keySet().stream()
                .filter(h -> !h.equals(p.at()) && map.lineOfSight(p.at(), h))
                .sorted(Comparator.comparingInt(Hex::q).thenComparingInt(Hex::r))
                .forEach(
                        h -> {
                            List<String> path = new ArrayList<>();
                            for (Hex x = h; !x.equals(p.at()); x = from.get(x)) {
                                path.add(0, x.toString());
                            }
                            out.add(new Step(h.toString(), cost.get(h), List.copyOf(path)));
                        });
        return out;
    }
}
