package io.duelhall.command.tournament;

import io.duelhall.command.tournament.TournamentEvents.Created;
import io.duelhall.command.tournament.TournamentEvents.Ended;
import io.duelhall.command.tournament.TournamentEvents.PairedTable;
import io.duelhall.command.tournament.TournamentEvents.RoundPaired;
import io.duelhall.command.tournament.TournamentEvents.TournamentEvent;
import io.duelhall.domain.rng.Sha256;
import io.duelhall.domain.tournament.Ledger;
import io.duelhall.domain.tournament.Pairing;
import io.duelhall.domain.tournament.Rulings;
import io.duelhall.domain.tournament.Series;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * Re-derives a tournament from its events as an outsider would from its record: the revealed seed
 * against the commitment made at creation, every round's pairing (tables, seats, byes, a bracket's
 * seeds) against what the domain pairs from the record up to that round, every ruling as applicable
 * when it was made, and the end as due. Names the first difference.
 */
public final class TournamentAudit {
    private TournamentAudit() {}

    /** {@code passed}, the rounds checked, and the first difference (null when none). */
    public record Report(
            boolean passed,
            int roundsChecked,
            String firstDifference,
            Integer event,
            Integer round) {
        public Report(boolean passed, int roundsChecked, String firstDifference) {
            this(passed, roundsChecked, firstDifference, null, null);
        }
    }

    /** The failure at event {@code i}, naming it and the round it concerns. */
    private static Report at(int i, TournamentEvent e, Report r) {
        Integer round =
                e instanceof RoundPaired p
                        ? Integer.valueOf(p.round())
                        : e instanceof TournamentEvents.TableResultRecorded t
                                ? Integer.valueOf(t.round())
                                : e instanceof TournamentEvents.GameRecorded g
                                        ? Integer.valueOf(g.round())
                                        : e instanceof TournamentEvents.RulingMade m
                                                ? m.ruling().round()
                                                : null;
        return new Report(r.passed(), r.roundsChecked(), r.firstDifference(), i, round);
    }

    public static Report check(List<TournamentEvent> events) {
        if (events.isEmpty() || !(events.get(0) instanceof Created c)) {
            return new Report(false, 0, "event 0 is not the tournament's creation");
        }
        byte[] seed = null;
        for (TournamentEvent e : events) {
            if (e instanceof Ended end) {
                seed = end.seed() == null ? null : HexFormat.of().parseHex(end.seed());
            }
        }
        if (seed == null) {
            return new Report(false, 0, "the seed is not revealed: the tournament has not ended");
        }
        if (!Sha256.hex(Sha256.of(seed)).equals(c.seedCommitment())) {
            return new Report(false, 0, "the revealed seed does not hash to the seed commitment");
        }
        TournamentState s = new TournamentState();
        int checked = 0;
        for (int i = 0; i < events.size(); i++) {
            TournamentEvent e = events.get(i);
            if (e instanceof RoundPaired r) {
                Ledger l = s.ledger();
                if (!l.started() || (l.current() != null && !l.current().finished()) || l.over()) {
                    return at(
                            i,
                            e,
                            new Report(
                                    false,
                                    checked,
                                    "event "
                                            + i
                                            + ": round "
                                            + r.round()
                                            + " paired when none was due"));
                }
                Ledger.Next due = l.pairNext(seed);
                Pairing recorded = TournamentState.pairing(r);
                if (!due.pairing().equals(recorded)
                        || !Objects.equals(due.bracketSeeds(), r.bracketSeeds())) {
                    return at(
                            i,
                            e,
                            new Report(
                                    false,
                                    checked,
                                    "event "
                                            + i
                                            + ": round "
                                            + r.round()
                                            + " is paired "
                                            + describe(recorded)
                                            + " but the record derives "
                                            + describe(due.pairing())
                                            + (Objects.equals(due.bracketSeeds(), r.bracketSeeds())
                                                    ? ""
                                                    : " (bracket seeds "
                                                            + r.bracketSeeds()
                                                            + " against "
                                                            + due.bracketSeeds()
                                                            + ")")));
                }
                for (PairedTable t : r.tables()) {
                    String id = s.tableMatchId(r.round(), t.table());
                    if (!id.equals(t.matchId())) {
                        return at(
                                i,
                                e,
                                new Report(
                                        false,
                                        checked,
                                        "event "
                                                + i
                                                + ": table "
                                                + t.table()
                                                + " names match "
                                                + t.matchId()));
                    }
                }
                checked++;
            } else if (e instanceof TournamentEvents.RulingMade m
                    && Rulings.problem(s.ledger(), m.ruling()) != null) {
                return at(
                        i,
                        e,
                        new Report(
                                false,
                                checked,
                                "event "
                                        + i
                                        + ": a ruling the state did not allow ("
                                        + Rulings.problem(s.ledger(), m.ruling()).code()
                                        + ")"));
            } else if (e instanceof TournamentEvents.EntryReturned back
                    && Rulings.returnProblem(
                                    s.ledger(), back.entryId(), s.disqualified(back.entryId()))
                            != null) {
                return at(
                        i,
                        e,
                        new Report(
                                false,
                                checked,
                                "event "
                                        + i
                                        + ": a return the state did not allow ("
                                        + Rulings.returnProblem(
                                                        s.ledger(),
                                                        back.entryId(),
                                                        s.disqualified(back.entryId()))
                                                .code()
                                        + ")"));
            } else if (e instanceof TournamentEvents.GameRecorded g) {
                String bad = gameProblem(s, c.tournamentId(), g);
                if (bad != null) {
                    return at(i, e, new Report(false, checked, "event " + i + ": " + bad));
                }
            } else if (e instanceof TournamentEvents.TableResultRecorded t
                    && placesProblem(s, t) != null) {
                return at(
                        i,
                        e,
                        new Report(false, checked, "event " + i + ": " + placesProblem(s, t)));
            } else if (e instanceof TournamentEvents.TableResultRecorded t
                    && c.rules().bestOf() > 1) {
                Series games = s.series(t.round(), t.table());
                if (!games.decided() || !games.result().equals(t.result())) {
                    return at(
                            i,
                            e,
                            new Report(
                                    false,
                                    checked,
                                    "event "
                                            + i
                                            + ": round "
                                            + t.round()
                                            + " table "
                                            + t.table()
                                            + " is recorded "
                                            + t.result()
                                            + " but its games make "
                                            + (games.decided()
                                                    ? games.result()
                                                    : "no result yet")));
                }
            } else if (e instanceof Ended && !s.ledger().over()) {
                return at(
                        i,
                        e,
                        new Report(
                                false,
                                checked,
                                "event " + i + ": the tournament ended before its last round"));
            }
            s.apply(e);
        }
        return new Report(true, checked, null);
    }

    /**
     * Why a table's result does not fit its table: places for a 2-seat table or none for a pod, or
     * places that are not a ranking of the pod's seats (1 first, a shared place counting everyone
     * in it: 1, 2, 2, 4); null when it fits.
     */
    private static String placesProblem(TournamentState s, TournamentEvents.TableResultRecorded t) {
        PairedTable table = s.tableOfMatch(t.round(), t.table());
        if (table == null) {
            return "a result for round " + t.round() + " table " + t.table() + ", never paired";
        }
        if ((table.seats() == null) != (t.places() == null)) {
            return "round "
                    + t.round()
                    + " table "
                    + t.table()
                    + (table.seats() == null ? " is a table of 2 seats but" : " is a pod but")
                    + " its result is "
                    + (t.places() == null ? t.result() : "places " + t.places());
        }
        if (t.places() == null) {
            return null;
        }
        List<Integer> p = t.places();
        boolean ranking = p.size() == table.seats().size();
        for (int i = 0; ranking && i < p.size(); i++) {
            int better = 0;
            for (int q : p) {
                if (q < p.get(i)) {
                    better++;
                }
            }
            ranking = p.get(i) == better + 1;
        }
        return ranking
                ? null
                : "round "
                        + t.round()
                        + " pod "
                        + t.table()
                        + " is placed "
                        + p
                        + ", not a ranking of its "
                        + table.seats().size()
                        + " seats";
    }

    /** Why a game of a best-of-3 table is not the one its table was playing, or null. */
    private static String gameProblem(
            TournamentState s, String tournamentId, TournamentEvents.GameRecorded g) {
        if (s.created().rules().bestOf() < 2 || s.tableOfMatch(g.round(), g.table()) == null) {
            return "a game of no best-of-3 table (round " + g.round() + " table " + g.table() + ")";
        }
        if (s.ledger().rounds().get(g.round() - 1).results().containsKey(g.table())) {
            return "a game of round " + g.round() + " table " + g.table() + " after its result";
        }
        Series before = s.series(g.round(), g.table());
        String id = s.gameMatchId(g.round(), g.table(), g.game());
        if (g.game() != before.nextGame() || !id.equals(g.matchId())) {
            return "round "
                    + g.round()
                    + " table "
                    + g.table()
                    + " records game "
                    + g.game()
                    + " ("
                    + g.matchId()
                    + ") where game "
                    + before.nextGame()
                    + " was due";
        }
        Series after = before.plus(g.winner());
        String next = after.decided() ? null : s.gameMatchId(g.round(), g.table(), g.game() + 1);
        if (!Objects.equals(next, g.nextMatchId())) {
            return "round "
                    + g.round()
                    + " table "
                    + g.table()
                    + " names the next game "
                    + g.nextMatchId()
                    + " where its games say "
                    + next;
        }
        return null;
    }

    private static String describe(Pairing p) {
        StringBuilder b = new StringBuilder("[");
        for (var t : p.tables()) {
            b.append(b.length() > 1 ? ", " : "")
                    .append(t.number())
                    .append(": ")
                    .append(t.a())
                    .append(" v ")
                    .append(t.b());
        }
        if (!p.byes().isEmpty()) {
            b.append("; bye ").append(p.byes());
        }
        return b.append(']').toString();
    }
}
