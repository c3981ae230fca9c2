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

    public static Refusal problem(Ledger l, Ruling r) {
        if (r.kind() == null) {
            return Refusal.malformed("INVALID_FIELD", "kind is required.");
        }
        if (r.reason() == null || r.reason().isBlank() || r.reason().length() > 500) {
            return Refusal.malformed("INVALID_FIELD", "reason must be 1 to 500 characters.");
        }
        if (l.rules().seatsPerTable() > 2
                && (r.kind() == Ruling.Kind.MATCH_LOSS
                        || r.kind() == Ruling.Kind.GAME_LOSS
                        || r.kind() == Ruling.Kind.RESULT_CORRECTION)) {
            return Refusal.rules(
                    "RULING_NOT_SUPPORTED",
                    null,
                    r.kind() + " is not offered in pods yet: the pod's match places its seats.");
        }
        switch (r.kind()) {
            case TIME_EXTENSION, REPAIR_ROUND -> {
                return Refusal.rules(
                        "RULING_NOT_SUPPORTED", null, r.kind() + " is not offered yet.");
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
        if (r.kind() == Ruling.Kind.GAME_LOSS && l.rules().bestOf() != 1) {
            return Refusal.rules(
                    "RULING_NOT_SUPPORTED",
                    null,
                    "A game loss within a best-of-3 is not offered yet.");
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

    private static Refusal correctionProblem(Ledger l, Ruling r) {
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
                return loses(l, r.entry());
            }
            case DISQUALIFICATION -> {
                return loses(l, r.entry()).withdraw(r.entry());
            }
            case DROP -> {
                return l.withdraw(r.entry());
            }
            case RESULT_CORRECTION -> {
                return l.result(r.round(), r.table(), r.result());
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
