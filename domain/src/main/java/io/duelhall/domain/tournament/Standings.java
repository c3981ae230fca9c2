package io.duelhall.domain.tournament;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Standings from the results: match points 3/1/0 (a bye is a won match of {@code bestOf / 2 + 1}
 * games to none), then the tie-break chain in order; entrants still tied keep their entry order.
 * Rounds without a result for a table leave that table out.
 */
final class Standings {
    private Standings() {}

    /** One entrant's meeting: the opponent (null for a bye) and the games from its side. */
    record Meeting(String opponent, int won, int lost, int drawn) {
        int matchPoints() {
            return won > lost ? 3 : won == lost ? 1 : 0;
        }
    }

    /** Every entrant's meetings, in round order. */
    static Map<String, List<Meeting>> meetings(
            List<Entry> entries, List<PlayedRound> rounds, int bestOf) {
        Map<String, List<Meeting>> out = new HashMap<>();
        for (Entry e : entries) {
            out.put(e.id(), new ArrayList<>());
        }
        for (PlayedRound r : rounds) {
            for (Table t : r.pairing().tables()) {
                Result res = r.results().get(t.number());
                if (res == null) {
                    continue;
                }
                out.get(t.a()).add(new Meeting(t.b(), res.winsA(), res.winsB(), res.draws()));
                out.get(t.b()).add(new Meeting(t.a(), res.winsB(), res.winsA(), res.draws()));
            }
            for (String bye : r.pairing().byes()) {
                out.get(bye).add(new Meeting(null, bestOf / 2 + 1, 0, 0));
            }
        }
        return out;
    }

    public static List<Standing> compute(
            List<Entry> entries,
            List<PlayedRound> rounds,
            Set<String> withdrawn,
            List<TieBreak> chain,
            int bestOf) {
        Map<String, List<Meeting>> meetings = meetings(entries, rounds, bestOf);
        Map<String, Integer> points = new HashMap<>();
        Map<String, Ratio> mwp = new HashMap<>();
        Map<String, Ratio> gwp = new HashMap<>();
        for (Entry e : entries) {
            List<Meeting> ms = meetings.get(e.id());
            int mp = 0;
            int gp = 0;
            int games = 0;
            for (Meeting m : ms) {
                mp += m.matchPoints();
                gp += 3 * m.won() + m.drawn();
                games += m.won() + m.lost() + m.drawn();
            }
            points.put(e.id(), mp);
            mwp.put(e.id(), percent(mp, ms.size()));
            gwp.put(e.id(), percent(gp, games));
        }
        Map<String, Map<TieBreak, Ratio>> values = new HashMap<>();
        for (Entry e : entries) {
            Map<TieBreak, Ratio> v = new EnumMap<>(TieBreak.class);
            List<Meeting> ms = meetings.get(e.id());
            for (TieBreak tb : chain) {
                switch (tb) {
                    case OPPONENTS_MATCH_WIN -> v.put(tb, meanOverOpponents(ms, mwp));
                    case GAME_WIN -> v.put(tb, gwp.get(e.id()));
                    case OPPONENTS_GAME_WIN -> v.put(tb, meanOverOpponents(ms, gwp));
                    case BUCHHOLZ -> {
                        long sum = 0;
                        for (Meeting m : ms) {
                            if (m.opponent() != null) {
                                sum += points.get(m.opponent());
                            }
                        }
                        v.put(tb, Ratio.of(sum, 1));
                    }
                    case SONNEBORN_BERGER -> {
                        long twice = 0;
                        for (Meeting m : ms) {
                            if (m.opponent() != null) {
                                twice +=
                                        (m.won() > m.lost() ? 2L : m.won() == m.lost() ? 1L : 0L)
                                                * points.get(m.opponent());
                            }
                        }
                        v.put(tb, Ratio.of(twice, 2));
                    }
                    case HEAD_TO_HEAD -> {
                        // set below, within each group still tied
                    }
                }
            }
            values.put(e.id(), v);
        }
        // groups of entrants still tied, refined step by step
        List<List<String>> groups = new ArrayList<>();
        List<String> all = new ArrayList<>(entries.stream().map(Entry::id).toList());
        groups.add(all);
        groups = refine(groups, id -> Ratio.of(points.get(id), 1));
        for (TieBreak tb : chain) {
            if (tb == TieBreak.HEAD_TO_HEAD) {
                List<List<String>> next = new ArrayList<>();
                for (List<String> g : groups) {
                    Map<String, Ratio> h2h = new HashMap<>();
                    Set<String> members = Set.copyOf(g);
                    for (String id : g) {
                        long mp = 0;
                        for (Meeting m : meetings.get(id)) {
                            if (m.opponent() != null && members.contains(m.opponent())) {
                                mp += m.matchPoints();
                            }
                        }
                        h2h.put(id, Ratio.of(mp, 1));
                        values.get(id).put(tb, h2h.get(id));
                    }
                    next.addAll(refine(List.of(g), h2h::get));
                }
                groups = next;
            } else {
                groups = refine(groups, id -> values.get(id).get(tb));
            }
        }
        List<Standing> out = new ArrayList<>();
        for (List<String> g : groups) {
            for (String id : g) {
                int w = 0;
                int l = 0;
                int d = 0;
                for (Meeting m : meetings.get(id)) {
                    switch (m.matchPoints()) {
                        case 3 -> w++;
                        case 1 -> d++;
                        default -> l++;
                    }
                }
                out.add(
                        new Standing(
                                out.size() + 1,
                                id,
                                points.get(id),
                                w,
                                l,
                                d,
                                values.get(id),
                                withdrawn.contains(id)));
            }
        }
        return out;
    }

    /** Sorts each group by the key, highest first (stable), and splits it where the key changes. */
    private static List<List<String>> refine(
            List<List<String>> groups, java.util.function.Function<String, Ratio> key) {
        List<List<String>> out = new ArrayList<>();
        for (List<String> g : groups) {
            if (g.size() == 1) {
                out.add(g);
                continue;
            }
            List<String> sorted = new ArrayList<>(g);
            sorted.sort(Comparator.comparing(key).reversed());
            List<String> run = new ArrayList<>();
            Ratio last = null;
            for (String id : sorted) {
                Ratio k = key.apply(id);
                if (last != null && k.compareTo(last) != 0) {
                    out.add(run);
                    run = new ArrayList<>();
                }
                run.add(id);
                last = k;
            }
            out.add(run);
        }
        return out;
    }

    /** Points over 3 × count, floored at one third; one third when there is nothing to count. */
    static Ratio percent(long points, long count) {
        if (count == 0) {
            return Ratio.ONE_THIRD;
        }
        return Ratio.of(points, 3 * count).atLeast(Ratio.ONE_THIRD);
    }

    /** The mean of the opponents' values (byes left out); zero without opponents. */
    private static Ratio meanOverOpponents(List<Meeting> ms, Map<String, Ratio> of) {
        Ratio sum = Ratio.ZERO;
        int n = 0;
        for (Meeting m : ms) {
            if (m.opponent() != null) {
                sum = sum.plus(of.get(m.opponent()));
                n++;
            }
        }
        return n == 0 ? Ratio.ZERO : sum.dividedBy(n);
    }
}
