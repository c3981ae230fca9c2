package io.duelhall.domain.tournament;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Double elimination from a seed list (seed 1 first), docs/tournaments.md "Double elimination": the
 * winners' bracket is the single-elimination bracket of {@link Elimination} (size 2^k, the standard
 * seed order, missing seeds empty); its round i is bracket round i. Whoever loses there drops to
 * the losers' bracket, whose round j is bracket round j + 1: j = 1 pairs the winners' round 1
 * losers as neighbours, an odd j pairs its survivors as neighbours, an even j pairs its survivor at
 * position p with the loser of winners' round j/2 + 1 at the mirrored position. The grand final
 * (bracket round 2k) is the winners' champion against the losers' champion; if the latter wins at a
 * table, a reset (round 2k + 1) decides. An empty side is a bye; a drawn table counts as a loss for
 * the worse seed; an entrant who has left before a pairing leaves their place empty. Each bracket
 * round is worked out from the seeds and the rounds played, nothing stored.
 */
final class DoubleElimination {
    private DoubleElimination() {}

    /** The most bracket rounds for {@code entrants} (reset included). */
    static int rounds(int entrants) {
        return entrants < 2 ? 0 : 2 * Elimination.rounds(entrants) + 1;
    }

    /** Which part of the bracket a meeting belongs to. */
    enum Part {
        WINNERS,
        LOSERS,
        GRAND_FINAL,
        RESET
    }

    /** A meeting of two places of the bracket (either may be empty: null). */
    record Meeting(Part part, String x, String y) {}

    /** The bracket between rounds: who stands where, and what has been played. */
    private static final class State {
        final List<String> seeds;
        final Map<String, Integer> seedOf = new HashMap<>();
        final int k;
        List<String> winners;
        List<String> losers = List.of();
        final Map<Integer, List<String>> droppedFrom = new HashMap<>();
        String grandFinalX;
        String grandFinalY;
        boolean resetDue;
        boolean decided;
        final Map<String, Integer> losses = new HashMap<>();
        final Map<String, Integer> lastRound = new HashMap<>();

        State(List<String> seeds) {
            this.seeds = seeds;
            for (int i = 0; i < seeds.size(); i++) {
                seedOf.put(seeds.get(i), i);
            }
            k = Elimination.rounds(seeds.size());
            winners = Elimination.slots(seeds, List.of(), 1);
        }

        /** The meetings of bracket round {@code t} (1-based). */
        List<Meeting> meetings(int t) {
            List<Meeting> out = new ArrayList<>();
            if (k == 0 || decided) {
                return out;
            }
            if (t <= k) {
                for (int i = 0; i + 1 < winners.size(); i += 2) {
                    out.add(new Meeting(Part.WINNERS, winners.get(i), winners.get(i + 1)));
                }
            }
            int j = t - 1;
            if (j >= 1 && j <= 2 * k - 2) {
                if (j % 2 == 1) {
                    List<String> in = j == 1 ? droppedFrom.get(1) : losers;
                    for (int i = 0; i + 1 < in.size(); i += 2) {
                        out.add(new Meeting(Part.LOSERS, in.get(i), in.get(i + 1)));
                    }
                } else {
                    List<String> down = droppedFrom.get(j / 2 + 1);
                    for (int i = 0; i < losers.size(); i++) {
                        out.add(
                                new Meeting(
                                        Part.LOSERS, losers.get(i), down.get(down.size() - 1 - i)));
                    }
                }
            }
            if (t == 2 * k) {
                String lb = k == 1 ? droppedFrom.get(1).get(0) : losers.get(0);
                out.add(new Meeting(Part.GRAND_FINAL, winners.get(0), lb));
            }
            if (t == 2 * k + 1 && resetDue) {
                out.add(new Meeting(Part.RESET, grandFinalX, grandFinalY));
            }
            return out;
        }

        /** Folds bracket round {@code t} as played. */
        void play(int t, PlayedRound played) {
            List<Meeting> ms = meetings(t);
            List<String> nextWinners = new ArrayList<>();
            List<String> dropped = new ArrayList<>();
            List<String> nextLosers = new ArrayList<>();
            for (Meeting m : ms) {
                String[] wl = outcome(m, played, t);
                switch (m.part()) {
                    case WINNERS -> {
                        nextWinners.add(wl[0]);
                        dropped.add(wl[1]);
                    }
                    case LOSERS -> nextLosers.add(wl[0]);
                    case GRAND_FINAL -> {
                        grandFinalX = m.x();
                        grandFinalY = m.y();
                        // a reset only when the losers' champion beat the winners' at a table
                        resetDue =
                                wl[1] != null
                                        && wl[1].equals(m.x())
                                        && m.y() != null
                                        && m.y().equals(wl[0]);
                        decided = !resetDue;
                    }
                    case RESET -> decided = true;
                }
            }
            if (t <= k) {
                winners = nextWinners;
                droppedFrom.put(t, dropped);
            }
            int j = t - 1;
            if (j >= 1 && j <= 2 * k - 2) {
                losers = nextLosers;
            }
        }

        /** Winner and loser of a meeting as played (null for an empty place or a bye's loser). */
        private String[] outcome(Meeting m, PlayedRound played, int t) {
            for (Table tb : played.pairing().tables()) {
                if ((m.x() != null && tb.has(m.x())) || (m.y() != null && tb.has(m.y()))) {
                    Result res = played.results().get(tb.number());
                    if (res == null) {
                        throw new IllegalStateException("round " + played.number() + " unfinished");
                    }
                    String w = res.winner();
                    String winner;
                    if (w == null) {
                        winner = seedOf.get(tb.a()) < seedOf.get(tb.b()) ? tb.a() : tb.b();
                    } else {
                        winner = w.equals("A") ? tb.a() : tb.b();
                    }
                    String loser = tb.opponentOf(winner);
                    losses.merge(loser, 1, Integer::sum);
                    lastRound.put(winner, t);
                    lastRound.put(loser, t);
                    return new String[] {winner, loser};
                }
            }
            for (String s : new String[] {m.x(), m.y()}) {
                if (s != null && played.pairing().byes().contains(s)) {
                    lastRound.put(s, t);
                    return new String[] {s, null};
                }
            }
            return new String[] {null, null};
        }

        /** Everyone still in the bracket: fewer than two losses, a place, and not left. */
        Set<String> alive(Set<String> withdrawn) {
            Set<String> in = new HashSet<>();
            List<String> places = new ArrayList<>(winners);
            places.addAll(losers);
            for (List<String> d : droppedFrom.values()) {
                places.addAll(d);
            }
            if (grandFinalX != null) {
                places.add(grandFinalX);
            }
            if (grandFinalY != null) {
                places.add(grandFinalY);
            }
            for (String s : places) {
                if (s != null && !withdrawn.contains(s) && losses.getOrDefault(s, 0) < 2) {
                    in.add(s);
                }
            }
            return in;
        }
    }

    private static State replay(List<String> seeds, List<PlayedRound> bracketRounds) {
        State s = new State(seeds);
        for (int t = 1; t <= bracketRounds.size(); t++) {
            s.play(t, bracketRounds.get(t - 1));
        }
        return s;
    }

    /** The meetings of bracket round {@code k} after the rounds before it, for views and tests. */
    static List<Meeting> meetings(List<String> seeds, List<PlayedRound> bracketRounds, int k) {
        return replay(seeds, bracketRounds.subList(0, k - 1)).meetings(k);
    }

    /** Bracket round {@code k} as round {@code round} of the tournament. */
    static Pairing pair(
            List<String> seeds,
            List<PlayedRound> bracketRounds,
            Set<String> withdrawn,
            int k,
            int round) {
        State s = replay(seeds, bracketRounds.subList(0, k - 1));
        List<Table> tables = new ArrayList<>();
        List<String> byes = new ArrayList<>();
        for (Meeting m : s.meetings(k)) {
            String x = m.x() != null && withdrawn.contains(m.x()) ? null : m.x();
            String y = m.y() != null && withdrawn.contains(m.y()) ? null : m.y();
            if (x != null && y != null) {
                boolean xFirst = s.seedOf.get(x) < s.seedOf.get(y);
                tables.add(new Table(tables.size() + 1, xFirst ? x : y, xFirst ? y : x));
            } else if (x != null || y != null) {
                byes.add(x != null ? x : y);
            }
        }
        return new Pairing(round, tables, byes);
    }

    /**
     * Over once the played bracket rounds are finished and at most one entrant is still in (the
     * champion), or every round the bracket can have is played.
     */
    static boolean over(
            List<String> seeds, List<PlayedRound> bracketRounds, Set<String> withdrawn) {
        State s = replay(seeds, bracketRounds);
        return s.decided
                || bracketRounds.size() >= rounds(seeds.size())
                || s.alive(withdrawn).size() <= 1;
    }

    /**
     * The bracket's final order: whoever is still in first, then the later their last bracket table
     * or bye the earlier, then by seed.
     */
    static List<String> finish(
            List<String> seeds, List<PlayedRound> bracketRounds, Set<String> withdrawn) {
        State s = replay(seeds, bracketRounds);
        Set<String> alive = s.alive(withdrawn);
        List<String> out = new ArrayList<>(seeds);
        out.sort(
                java.util.Comparator.comparing((String id) -> alive.contains(id) ? 0 : 1)
                        .thenComparing(
                                (String id) -> s.lastRound.getOrDefault(id, 0),
                                Collections.reverseOrder())
                        .thenComparing(s.seedOf::get));
        return out;
    }
}
