package io.duelhall.command.tournament;

import io.duelhall.command.tournament.TournamentEvents.Created;
import io.duelhall.command.tournament.TournamentEvents.Ended;
import io.duelhall.command.tournament.TournamentEvents.EntryAdded;
import io.duelhall.command.tournament.TournamentEvents.EntryWithdrawn;
import io.duelhall.command.tournament.TournamentEvents.PairedTable;
import io.duelhall.command.tournament.TournamentEvents.RoundPaired;
import io.duelhall.command.tournament.TournamentEvents.RulingMade;
import io.duelhall.command.tournament.TournamentEvents.Started;
import io.duelhall.command.tournament.TournamentEvents.TableResultRecorded;
import io.duelhall.command.tournament.TournamentEvents.TournamentEvent;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.rng.Sha256;
import io.duelhall.domain.tournament.Entry;
import io.duelhall.domain.tournament.Ledger;
import io.duelhall.domain.tournament.Pairing;
import io.duelhall.domain.tournament.Pod;
import io.duelhall.domain.tournament.Rulings;
import io.duelhall.domain.tournament.Series;
import io.duelhall.domain.tournament.Table;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A tournament folded from its events: the aggregate keeps one, and the read side folds the same
 * from the store. Everything a pairing or a standing needs is the domain's {@link Ledger}; the rest
 * is who is who (accounts, seat requests, the organiser), the tables' matches and the rulings.
 */
public final class TournamentState {
    public enum Status {
        REGISTERING,
        RUNNING,
        ENDED
    }

    Created created;
    Ledger ledger;
    Status status = Status.REGISTERING;
    final Map<String, EntryAdded> entries = new LinkedHashMap<>();
    final Map<String, String> entryByAccount = new HashMap<>();
    final List<RoundPaired> rounds = new ArrayList<>();
    final List<RulingMade> rulings = new ArrayList<>();
    final Map<String, String> judges = new LinkedHashMap<>();
    final Map<String, Series> series = new HashMap<>();
    String revealedSeed;

    /** How many times each round was paired (more than once after a REPAIR_ROUND ruling). */
    final Map<Integer, Integer> pairedTimes = new HashMap<>();

    /**
     * The match id a table of round {@code round} gets when the round is paired now: {@code
     * <tournamentId>-r<round>-t<table>}, and when the round is paired for the k-th time (k ≥ 2, a
     * REPAIR_ROUND ruling) {@code -p<k>} after it, so a re-paired table never reuses a match.
     */
    public String tableMatchId(int round, int table) {
        int before = pairedTimes.getOrDefault(round, 0);
        String base = matchId(created.tournamentId(), round, table);
        return before == 0 ? base : base + "-p" + (before + 1);
    }

    /**
     * The match of game {@code game} of a table of the round as paired now: game 1's is the table's
     * match id, a later game's adds {@code -g<game>}.
     */
    public String gameMatchId(int round, int table, int game) {
        PairedTable t = tableOfMatch(round, table);
        String first = t != null ? t.matchId() : matchId(created.tournamentId(), round, table);
        return game <= 1 ? first : first + "-g" + game;
    }

    /** A pod's seats (indexes) that took a match loss, by "round/pod": placed last. */
    final Map<String, java.util.Set<Integer>> podLosses = new HashMap<>();

    /** The seats of a pod that took a match loss (indexes in seat order), empty when none. */
    public java.util.Set<Integer> podLosses(int round, int pod) {
        return podLosses.getOrDefault(round + "/" + pod, java.util.Set.of());
    }

    public void apply(TournamentEvent event) {
        if (event instanceof Created c) {
            created = c;
            ledger = Ledger.open(c.rules());
        } else if (event instanceof EntryAdded e) {
            entries.put(e.entryId(), e);
            entryByAccount.put(e.accountId(), e.entryId());
            ledger = ledger.enter(new Entry(e.entryId(), e.name(), e.rating()));
        } else if (event instanceof EntryWithdrawn w) {
            if (status == Status.REGISTERING) {
                EntryAdded gone = entries.remove(w.entryId());
                entryByAccount.remove(gone.accountId());
            }
            ledger = ledger.withdraw(w.entryId());
        } else if (event instanceof TournamentEvents.EntryReturned r) {
            ledger = ledger.reenter(r.entryId());
        } else if (event instanceof Started) {
            status = Status.RUNNING;
            ledger = ledger.start();
        } else if (event instanceof RoundPaired r) {
            rounds.add(r);
            pairedTimes.merge(r.round(), 1, Integer::sum);
            ledger = ledger.paired(pairing(r), r.bracketSeeds());
        } else if (event instanceof TableResultRecorded t) {
            ledger =
                    t.places() != null
                            ? ledger.placed(t.round(), t.table(), t.places())
                            : ledger.result(t.round(), t.table(), t.result());
        } else if (event instanceof RulingMade r) {
            rulings.add(r);
            if (r.ruling().kind() == io.duelhall.domain.tournament.Ruling.Kind.MATCH_LOSS
                    && ledger.rules().seatsPerTable() > 2) {
                io.duelhall.domain.tournament.Pod pod = ledger.podOf(r.ruling().entry());
                if (pod != null) {
                    podLosses
                            .computeIfAbsent(
                                    ledger.current().number() + "/" + pod.number(),
                                    k -> new java.util.TreeSet<>())
                            .add(pod.seats().indexOf(r.ruling().entry()));
                }
            }
            if (r.ruling().kind() == io.duelhall.domain.tournament.Ruling.Kind.REPAIR_ROUND
                    && !rounds.isEmpty()) {
                RoundPaired voided = rounds.remove(rounds.size() - 1);
                series.keySet().removeIf(k -> k.startsWith(voided.round() + "/"));
            }
            ledger = Rulings.apply(ledger, r.ruling());
        } else if (event instanceof TournamentEvents.PairingForbidden f) {
            ledger = ledger.forbid(f.entryA(), f.entryB());
        } else if (event instanceof TournamentEvents.GameRecorded g) {
            series.put(g.round() + "/" + g.table(), series(g.round(), g.table()).plus(g.winner()));
        } else if (event instanceof TournamentEvents.JudgeNamed j) {
            judges.put(j.accountId(), j.name());
        } else if (event instanceof Ended e) {
            status = Status.ENDED;
            revealedSeed = e.seed();
        }
    }

    static Pairing pairing(RoundPaired r) {
        List<Table> tables = new ArrayList<>();
        List<Pod> pods = new ArrayList<>();
        for (PairedTable t : r.tables()) {
            if (t.seats() != null) {
                pods.add(new Pod(t.table(), t.seats()));
            } else {
                tables.add(new Table(t.table(), t.a(), t.b()));
            }
        }
        return new Pairing(r.round(), tables, r.byes(), pods);
    }

    /** A paired table's entrants in seat order (A, B, …). */
    public static List<String> seatsOf(PairedTable t) {
        return t.seats() != null ? t.seats() : List.of(t.a(), t.b());
    }

    /** Whether the table of round {@code round} has its result. */
    public boolean settled(int round, int table) {
        var r = ledger.rounds().get(round - 1);
        return r.results().containsKey(table) || r.places().containsKey(table);
    }

    /** Whether a ruling disqualified the entrant. */
    public boolean disqualified(String entryId) {
        return rulings.stream()
                .anyMatch(
                        r ->
                                r.ruling().kind()
                                                == io.duelhall.domain.tournament.Ruling.Kind
                                                        .DISQUALIFICATION
                                        && entryId.equals(r.ruling().entry()));
    }

    public boolean exists() {
        return created != null;
    }

    public Created created() {
        return created;
    }

    public Ledger ledger() {
        return ledger;
    }

    public Status status() {
        return status;
    }

    public Map<String, EntryAdded> entries() {
        return entries;
    }

    public String entryOf(String accountId) {
        return entryByAccount.get(accountId);
    }

    public List<RoundPaired> rounds() {
        return rounds;
    }

    public List<RulingMade> rulings() {
        return rulings;
    }

    /** The judges by account id, with their names. */
    public Map<String, String> judges() {
        return judges;
    }

    public String revealedSeed() {
        return revealedSeed;
    }

    byte[] seed() {
        return HexFormat.of().parseHex(created.seed());
    }

    /** The match id of a table: the tournament's id, the round and the table. */
    static String matchId(String tournamentId, int round, int table) {
        return tournamentId + "-r" + round + "-t" + table;
    }

    /**
     * The match of game {@code game} of a table: game 1's is the table's match id as ever, a later
     * game's adds {@code -g<game>}.
     */
    static String matchId(String tournamentId, int round, int table, int game) {
        String first = matchId(tournamentId, round, table);
        return game <= 1 ? first : first + "-g" + game;
    }

    /** The games a table has played so far (none in a best-of-1). */
    public Series series(int round, int table) {
        Series s = series.get(round + "/" + table);
        return s != null ? s : Series.start(created.rules().bestOf());
    }

    /**
     * The game a table plays now (its last when the table has a result): its number, match and
     * which entrant sits first.
     */
    public record Game(int number, String matchId, String first, String second) {}

    public Game gameOf(PairedTable t, int round) {
        Series s = series(round, t.table());
        boolean settled = settled(round, t.table());
        int n = settled ? Math.max(1, s.games().size()) : s.nextGame();
        String id = n == 1 ? t.matchId() : t.matchId() + "-g" + n;
        return Series.firstSeatFirst(n)
                ? new Game(n, id, t.a(), t.b())
                : new Game(n, id, t.b(), t.a());
    }

    /** The paired table of a match id of this tournament, or null. */
    public PairedTable tableOfMatch(int round, int table) {
        if (round < 1 || round > rounds.size()) {
            return null;
        }
        for (PairedTable t : rounds.get(round - 1).tables()) {
            if (t.table() == table) {
                return t;
            }
        }
        return null;
    }

    /**
     * The seat token of an entrant at a table's match: derived from the tournament's secret table
     * key, so it is handed out again on request and never stored.
     */
    public String seatToken(String matchId, String entryId) {
        byte[] in =
                (created.tableKey() + "\n" + matchId + "\n" + entryId)
                        .getBytes(StandardCharsets.UTF_8);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(Sha256.of(in));
    }

    /** The seat request an entrant's matches are played with. */
    public JoinRequest seatOf(String entryId) {
        return entries.get(entryId).seat();
    }
}
