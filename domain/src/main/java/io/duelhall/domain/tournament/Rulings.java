package io.duelhall.domain.tournament;

import io.duelhall.domain.Refusal;

/**
 * What a ruling does to a ledger. {@link #problem} says why a ruling cannot be applied (null when
 * it can); {@link #apply} folds one that could. A match loss or a disqualification settles the
 * entrant's open table as a loss; a drop or a disqualification makes the entrant leave with their
 * results kept; a result correction replaces a table's result, and a round already paired after it
 * stands (the correction counts in everything computed afterwards).
 */
public final class Rulings {
    private Rulings() {}

    /**
     * Why an entrant cannot come back now (null when they can): only one who left by dropping (a
     * disqualified entrant never returns), while a Swiss round is still to be paired (not in a
     * bracket, a top cut or a round robin, whose tables are fixed by seeds and schedule). They come
     * back with their results and their byes as they were: a bye is counted for good, so leaving
     * and returning earns none (T-BYE-1), and they are paired again from the next round on.
     */
    public static Refusal returnProblem(Ledger l, String entry, boolean disqualified) {
        if (l.entry(entry) == null) {
            return new Refusal(
                    Refusal.Category.NOT_FOUND,
                    "UNKNOWN_ENTRY",
                    null,
                    "No entry " + entry + " in this tournament.",
                    null);
        }
        if (!l.withdrawn().contains(entry)) {
            return Refusal.conflict(
                    "ALREADY_ENTERED", null, "This player has entered this tournament already.");
        }
        if (disqualified) {
            return Refusal.conflict(
                    "ENTRANT_DISQUALIFIED",
                    null,
                    "Entry "
                            + entry
                            + " was disqualified: a disqualified entrant does not return.");
        }
        if (!l.started()
                || l.over()
                || l.rules().format() != Format.SWISS
                || l.rounds().size() >= l.swissRounds()) {
            return Refusal.conflict(
                    "REENTRY_CLOSED",
                    null,
                    "A dropped entrant may come back while a Swiss round is still to be paired.");
        }
        return null;
    }

    public static Refusal problem(Ledger l, Ruling r) {
        if (r.kind() == null) {
            return Refusal.malformed("INVALID_FIELD", "kind is required.");
        }
        if (r.reason() == null || r.reason().isBlank() || r.reason().length() > 500) {
            return Refusal.malformed("INVALID_FIELD", "reason must be 1 to 500 characters.");
        }
        if (l.rules().seatsPerTable() > 2 && r.kind() == Ruling.Kind.GAME_LOSS) {
            return Refusal.rules(
                    "RULING_NOT_SUPPORTED",
                    null,
                    "A pod plays one game: rule a MATCH_LOSS (the entrant is placed last).");
        }
        switch (r.kind()) {
            case TIME_EXTENSION -> {
                return extensionProblem(l, r);
            }
            case REPAIR_ROUND -> {
                return repairProblem(l);
            }
            case RESULT_CORRECTION -> {
                return correctionProblem(l, r);
            }
            default -> {
                // about an entrant
            }
        }
        if (r.entry() == null) {
            return Refusal.malformed("MISSING_FIELD", "entryId is required for " + r.kind() + ".");
        }
        if (l.entry(r.entry()) == null) {
            return new Refusal(
                    Refusal.Category.NOT_FOUND,
                    "UNKNOWN_ENTRY",
                    null,
                    "No entry " + r.entry() + " in this tournament.",
                    null);
        }
        if (r.kind() == Ruling.Kind.WARNING) {
            return null;
        }
        if (!l.started()) {
            return Refusal.conflict(
                    "TOURNAMENT_NOT_RUNNING", null, "The tournament has not started.");
        }
        if (l.withdrawn().contains(r.entry())) {
            return Refusal.conflict(
                    "ENTRANT_DROPPED", null, "Entry " + r.entry() + " has left the tournament.");
        }
        if (r.kind() == Ruling.Kind.MATCH_LOSS && l.rules().seatsPerTable() > 2) {
            Pod pod = l.podOf(r.entry());
            if (pod == null || l.current().places().containsKey(pod.number())) {
                return Refusal.conflict(
                        "NO_OPEN_TABLE",
                        null,
                        "Entry " + r.entry() + " has no pod without places in this round.");
            }
            return null;
        }
        if ((r.kind() == Ruling.Kind.MATCH_LOSS || r.kind() == Ruling.Kind.GAME_LOSS)
                && openTable(l, r.entry()) == null) {
            return Refusal.conflict(
                    "NO_OPEN_TABLE",
                    null,
                    "Entry " + r.entry() + " has no table without a result in this round.");
        }
        return null;
    }

    /**
     * A time extension (issue 41): a table (or pod) of the current round, still without its result,
     * and {@link io.duelhall.domain.ClockExtensions#MIN_SECONDS} to {@link
     * io.duelhall.domain.ClockExtensions#MAX_SECONDS} seconds. Whether the table's match runs and a
     * clock runs in it is the match's to say ({@link io.duelhall.domain.ClockExtensions#problem}):
     * the ledger knows only results.
     */
    private static Refusal extensionProblem(Ledger l, Ruling r) {
        if (r.table() == null || r.seconds() == null) {
            return Refusal.malformed(
                    "MISSING_FIELD", "TIME_EXTENSION needs table and seconds (or minutes).");
        }
        if (!io.duelhall.domain.ClockExtensions.inRange(r.seconds())) {
            return io.duelhall.domain.ClockExtensions.outOfRange();
        }
        if (!l.started() || l.current() == null || l.over()) {
            return Refusal.conflict("TOURNAMENT_NOT_RUNNING", null, "No round is being played.");
        }
        PlayedRound c = l.current();
        if (r.round() != null && r.round() != c.number()) {
            return Refusal.conflict(
                    "ROUND_OVER",
                    null,
                    "A time extension is for a table of the current round, " + c.number() + ".");
        }
        boolean table = c.pairing().tables().stream().anyMatch(t -> t.number() == r.table());
        boolean pod = c.pairing().pods().stream().anyMatch(p -> p.number() == r.table());
        if (!table && !pod) {
            return new Refusal(
                    Refusal.Category.NOT_FOUND,
                    "UNKNOWN_TABLE",
                    null,
                    "No table " + r.table() + " in round " + c.number() + ".",
                    null);
        }
        if (c.results().containsKey(r.table()) || c.places().containsKey(r.table())) {
            return Refusal.conflict("TABLE_ENDED", null, "Table " + r.table() + " has its result.");
        }
        return null;
    }

    private static Refusal correctionProblem(Ledger l, Ruling r) {
        if (l.rules().seatsPerTable() > 2) {
            return podCorrectionProblem(l, r);
        }
        if (r.round() == null || r.table() == null || r.result() == null) {
            return Refusal.malformed(
                    "MISSING_FIELD", "RESULT_CORRECTION needs round, table and result.");
        }
        if (r.round() < 1 || r.round() > l.rounds().size()) {
            return new Refusal(
                    Refusal.Category.NOT_FOUND, "UNKNOWN_TABLE", null, "No such round.", null);
        }
        PlayedRound pr = l.rounds().get(r.round() - 1);
        if (pr.pairing().tables().stream().noneMatch(t -> t.number() == r.table())) {
            return new Refusal(
                    Refusal.Category.NOT_FOUND, "UNKNOWN_TABLE", null, "No such table.", null);
        }
        boolean bracket =
                l.bracketSeeds() != null
                        && (l.rules().format() != Format.SWISS || r.round() > l.swissRounds());
        if (bracket && r.round() < l.rounds().size()) {
            return Refusal.conflict(
                    "BRACKET_ADVANCED",
                    null,
                    "The bracket has moved past round " + r.round() + "; its result stands.");
        }
        if (bracket && r.result().winner() == null) {
            return Refusal.rules("DRAW_IN_BRACKET", null, "An elimination table needs a winner.");
        }
        return null;
    }

    /**
     * A pod's correction: round, pod and {@code places}, a ranking of the pod's seats (1 first, a
     * shared place counting everyone in it: 1, 2, 2, 4), and no 2-seat result.
     */
    private static Refusal podCorrectionProblem(Ledger l, Ruling r) {
        if (r.round() == null || r.table() == null || r.places() == null) {
            return Refusal.malformed(
                    "MISSING_FIELD",
                    "A pod's RESULT_CORRECTION needs round, table and result {\"places\"}.");
        }
        if (r.round() < 1 || r.round() > l.rounds().size()) {
            return new Refusal(
                    Refusal.Category.NOT_FOUND, "UNKNOWN_TABLE", null, "No such round.", null);
        }
        Pod pod = null;
        for (Pod p : l.rounds().get(r.round() - 1).pairing().pods()) {
            if (p.number() == r.table()) {
                pod = p;
            }
        }
        if (pod == null) {
            return new Refusal(
                    Refusal.Category.NOT_FOUND, "UNKNOWN_TABLE", null, "No such pod.", null);
        }
        if (!isRanking(r.places(), pod.seats().size())) {
            return Refusal.malformed(
                    "INVALID_FIELD",
                    "places must rank the pod's "
                            + pod.seats().size()
                            + " seats in seat order: 1 first, a shared place counting everyone"
                            + " in it (1, 2, 2, 4).");
        }
        return null;
    }

    /** Whether {@code places} ranks {@code n} seats: each is 1 + the number placed better. */
    public static boolean isRanking(java.util.List<Integer> places, int n) {
        if (places == null || places.size() != n) {
            return false;
        }
        for (Integer p : places) {
            if (p == null) {
                return false;
            }
            int better = 0;
            for (Integer q : places) {
                if (q < p) {
                    better++;
                }
            }
            if (p != better + 1) {
                return false;
            }
        }
        return true;
    }

    /**
     * A pod's places as its match made them, with the seats that took a match loss moved below
     * everyone else (sharing the last place); the others keep their order: 1, 2, 3, 4 with a loss
     * for the first seat is 4, 1, 2, 3.
     */
    public static java.util.List<Integer> withLosses(
            java.util.List<Integer> places, java.util.Set<Integer> losers) {
        int n = places.size();
        java.util.List<Integer> out = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (losers.contains(i)) {
                out.add(n - losers.size() + 1);
                continue;
            }
            int better = 0;
            for (int j = 0; j < n; j++) {
                if (!losers.contains(j) && places.get(j) < places.get(i)) {
                    better++;
                }
            }
            out.add(better + 1);
        }
        return out;
    }

    /**
     * Why the current round cannot be paired again: it must be a Swiss round (a bracket's and a
     * round robin's pairings are fixed by their seeds and schedule) none of whose tables has a
     * result yet. (Whether a table's match has begun is the server's to check: the ledger knows
     * only results.)
     */
    private static Refusal repairProblem(Ledger l) {
        if (!l.started() || l.current() == null) {
            return Refusal.conflict(
                    "TOURNAMENT_NOT_RUNNING", null, "No round has been paired yet.");
        }
        if (l.rules().format() != Format.SWISS || l.current().number() > l.swissRounds()) {
            return Refusal.rules(
                    "RULING_NOT_SUPPORTED",
                    null,
                    "Only a Swiss round is paired again: a bracket or a round robin is fixed by"
                            + " its seeds and schedule.");
        }
        if (!l.current().results().isEmpty() || !l.current().places().isEmpty()) {
            return Refusal.conflict(
                    "ROUND_BEGUN",
                    null,
                    "Round "
                            + l.current().number()
                            + " has results already: it is paired again only before any of its"
                            + " matches began.");
        }
        return null;
    }

    /** The entrant's table in the current round that has no result yet, or null. */
    static Table openTable(Ledger l, String entry) {
        Table t = l.tableOf(entry);
        if (t == null || l.current().results().containsKey(t.number())) {
            return null;
        }
        return t;
    }

    public static Ledger apply(Ledger l, Ruling r) {
        switch (r.kind()) {
            case MATCH_LOSS, GAME_LOSS -> {
                // a best-of-3's game loss records the game (GameRecorded follows the ruling); a
                // pod's match loss places the entrant last when the pod's match places the others
                return l.rules().seatsPerTable() > 2
                                || (r.kind() == Ruling.Kind.GAME_LOSS && l.rules().bestOf() > 1)
                        ? l
                        : loses(l, r.entry());
            }
            case DISQUALIFICATION -> {
                return loses(l, r.entry()).withdraw(r.entry());
            }
            case DROP -> {
                return l.withdraw(r.entry());
            }
            case REPAIR_ROUND -> {
                return l.unpaired();
            }
            case RESULT_CORRECTION -> {
                return r.places() != null
                        ? l.placed(r.round(), r.table(), r.places())
                        : l.result(r.round(), r.table(), r.result());
            }
            default -> {
                return l;
            }
        }
    }

    /** The entrant's open table, if any, settled as their loss. */
    private static Ledger loses(Ledger l, String entry) {
        Table t = openTable(l, entry);
        if (t == null) {
            return l;
        }
        int bo = l.rules().bestOf();
        return l.result(
                l.current().number(),
                t.number(),
                t.a().equals(entry) ? Result.winB(bo) : Result.winA(bo));
    }
}
