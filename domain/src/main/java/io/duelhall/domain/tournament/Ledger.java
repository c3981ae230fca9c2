package io.duelhall.domain.tournament;

import io.duelhall.domain.rng.Sha256CounterRandom;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A tournament's state as its events fold it: the rules, the entrants (in entry order), who has
 * left, forbidden pairs, the rounds with their results, the bracket's seeds once cut. Immutable:
 * every change returns a new ledger. Pairing and standings are pure functions of it and the seed.
 */
public record Ledger(
        TournamentRules rules,
        List<Entry> entries,
        Set<String> withdrawn,
        List<List<String>> forbidden,
        List<PlayedRound> rounds,
        int field,
        List<String> bracketSeeds) {
    public Ledger {
        entries = List.copyOf(entries);
        withdrawn = Set.copyOf(withdrawn);
        forbidden = List.copyOf(forbidden);
        rounds = List.copyOf(rounds);
        bracketSeeds = bracketSeeds == null ? null : List.copyOf(bracketSeeds);
    }

    public static Ledger open(TournamentRules rules) {
        return new Ledger(rules, List.of(), Set.of(), List.of(), List.of(), 0, null);
    }

    public boolean started() {
        return field > 0;
    }

    public Entry entry(String id) {
        for (Entry e : entries) {
            if (e.id().equals(id)) {
                return e;
            }
        }
        return null;
    }

    public Ledger enter(Entry e) {
        List<Entry> es = new ArrayList<>(entries);
        es.add(e);
        return new Ledger(rules, es, withdrawn, forbidden, rounds, field, bracketSeeds);
    }

    /**
     * Before the start an entry is taken back; after, the entrant leaves with results kept. In a
     * double-elimination bracket their open table, if any, is settled as their loss (their opponent
     * goes on); a single-elimination bracket leaves it to its match, as it always has.
     */
    public Ledger withdraw(String id) {
        if (!started()) {
            List<Entry> es = new ArrayList<>(entries);
            es.removeIf(e -> e.id().equals(id));
            return new Ledger(rules, es, withdrawn, forbidden, rounds, field, bracketSeeds);
        }
        Ledger l = this;
        PlayedRound c = current();
        if (c != null
                && inBracket(c.number())
                && rules.bracketFormat() == Format.DOUBLE_ELIMINATION) {
            Table t = Rulings.openTable(this, id);
            if (t != null) {
                int bo = rules.bestOf();
                l =
                        result(
                                c.number(),
                                t.number(),
                                t.a().equals(id) ? Result.winB(bo) : Result.winA(bo));
            }
        }
        Set<String> w = new HashSet<>(l.withdrawn);
        w.add(id);
        return new Ledger(l.rules, l.entries, w, l.forbidden, l.rounds, l.field, l.bracketSeeds);
    }

    public Ledger reenter(String id) {
        Set<String> w = new HashSet<>(withdrawn);
        w.remove(id);
        return new Ledger(rules, entries, w, forbidden, rounds, field, bracketSeeds);
    }

    public Ledger forbid(String a, String b) {
        List<List<String>> f = new ArrayList<>(forbidden);
        f.add(List.of(a, b));
        return new Ledger(rules, entries, withdrawn, f, rounds, field, bracketSeeds);
    }

    public Ledger start() {
        return new Ledger(
                rules, entries, withdrawn, forbidden, rounds, entries.size(), bracketSeeds);
    }

    /**
     * The current round's pairing taken back (a REPAIR_ROUND ruling, before any of its tables had a
     * result): the round is due again and is paired anew.
     */
    public Ledger unpaired() {
        List<PlayedRound> rs = new ArrayList<>(rounds);
        rs.remove(rs.size() - 1);
        return new Ledger(rules, entries, withdrawn, forbidden, rs, field, bracketSeeds);
    }

    public Ledger paired(Pairing p, List<String> seeds) {
        List<PlayedRound> rs = new ArrayList<>(rounds);
        rs.add(new PlayedRound(p, Map.of()));
        return new Ledger(
                rules,
                entries,
                withdrawn,
                forbidden,
                rs,
                field,
                seeds != null ? seeds : bracketSeeds);
    }

    public Ledger result(int round, int table, Result result) {
        List<PlayedRound> rs = new ArrayList<>(rounds);
        rs.set(round - 1, rs.get(round - 1).withResult(table, result));
        return new Ledger(rules, entries, withdrawn, forbidden, rs, field, bracketSeeds);
    }

    /** A pod's places (aligned with its seats). */
    public Ledger placed(int round, int pod, List<Integer> places) {
        List<PlayedRound> rs = new ArrayList<>(rounds);
        rs.set(round - 1, rs.get(round - 1).withPlaces(pod, places));
        return new Ledger(rules, entries, withdrawn, forbidden, rs, field, bracketSeeds);
    }

    /** The rounds as standings count them: a pod as the pairwise meetings of its seats. */
    List<PlayedRound> scoring() {
        return rules.seatsPerTable() > 2 ? Pods.meetings(rounds, rules.seatsPerTable()) : rounds;
    }

    /** The entrant's pod in the current round, or null. */
    public Pod podOf(String entry) {
        PlayedRound c = current();
        if (c == null) {
            return null;
        }
        for (Pod p : c.pairing().pods()) {
            if (p.has(entry)) {
                return p;
            }
        }
        return null;
    }

    public PlayedRound current() {
        return rounds.isEmpty() ? null : rounds.get(rounds.size() - 1);
    }

    public int swissRounds() {
        if (rules.rounds() > 0) {
            return rules.rounds();
        }
        return Math.max(1, Elimination.rounds(field));
    }

    /** The rounds this tournament plays, fixed by the field at the start. */
    public int totalRounds() {
        return switch (rules.format()) {
            case SWISS ->
                    swissRounds()
                            + (rules.topCut() > 0
                                    ? bracketRounds(Math.min(rules.topCut(), field))
                                    : 0);
            case SINGLE_ELIMINATION, DOUBLE_ELIMINATION -> bracketRounds(field);
            case ROUND_ROBIN -> RoundRobin.rounds(field);
        };
    }

    /** The most rounds a bracket of {@code seeds} entrants plays. */
    private int bracketRounds(int seeds) {
        return rules.bracketFormat() == Format.DOUBLE_ELIMINATION
                ? DoubleElimination.rounds(seeds)
                : Elimination.rounds(seeds);
    }

    /** The round of the tournament the bracket starts at (1 for an elimination). */
    private int bracketFrom() {
        return rules.format() == Format.SWISS ? swissRounds() : 0;
    }

    /** Whether round {@code round} (1-based) is a bracket round. */
    public boolean inBracket(int round) {
        return bracketSeeds != null && (rules.format() != Format.SWISS || round > swissRounds());
    }

    public int active() {
        return (int) entries.stream().filter(e -> !withdrawn.contains(e.id())).count();
    }

    /** Started, and the last round is finished with no round left to play. */
    public boolean over() {
        if (!started()) {
            return false;
        }
        PlayedRound c = current();
        if (c != null && !c.finished()) {
            return false;
        }
        if (bracketSeeds != null) {
            int from = bracketFrom();
            if (rules.bracketFormat() == Format.DOUBLE_ELIMINATION) {
                return DoubleElimination.over(
                                bracketSeeds, rounds.subList(from, rounds.size()), withdrawn)
                        || active() < 2;
            }
            // a bracket cut smaller than planned (entrants left during the Swiss) ends sooner
            if (rounds.size() - from >= Elimination.rounds(bracketSeeds.size())) {
                return true;
            }
        }
        return rounds.size() >= totalRounds() || active() < 2;
    }

    /** The next round's pairing, and the bracket's seeds when it is the bracket's first round. */
    public record Next(Pairing pairing, List<String> bracketSeeds) {}

    public Next pairNext(byte[] seed) {
        int round = rounds.size() + 1;
        switch (rules.format()) {
            case SWISS -> {
                if (rules.seatsPerTable() > 2) {
                    return new Next(
                            Pods.pair(
                                    entries,
                                    rounds,
                                    withdrawn,
                                    forbidden,
                                    seed,
                                    round,
                                    rules.seatsPerTable(),
                                    rules.podMinimumSeats()),
                            null);
                }
                if (rules.topCut() == 0 || round <= swissRounds()) {
                    return new Next(
                            Swiss.pair(
                                    entries,
                                    rounds,
                                    withdrawn,
                                    forbidden,
                                    seed,
                                    round,
                                    rules.bestOf()),
                            null);
                }
                List<String> seeds = bracketSeeds;
                if (seeds == null) {
                    List<Standing> after =
                            Standings.compute(
                                    entries,
                                    rounds.subList(0, swissRounds()),
                                    withdrawn,
                                    rules.tieBreaks(),
                                    rules.bestOf());
                    seeds =
                            after.stream()
                                    .filter(s -> !s.dropped())
                                    .limit(rules.topCut())
                                    .map(Standing::entry)
                                    .toList();
                }
                return new Next(
                        bracket(seeds, rounds.subList(swissRounds(), rounds.size()), round),
                        bracketSeeds == null ? seeds : null);
            }
            case SINGLE_ELIMINATION, DOUBLE_ELIMINATION -> {
                List<String> seeds = bracketSeeds;
                if (seeds == null) {
                    List<Entry> in =
                            entries.stream().filter(e -> !withdrawn.contains(e.id())).toList();
                    List<Entry> drawn =
                            new ArrayList<>(
                                    new Sha256CounterRandom(seed, "tournament/elimination/seeds")
                                            .shuffle(in));
                    drawn.sort(Comparator.comparingInt(Entry::rating).reversed());
                    seeds = drawn.stream().map(Entry::id).toList();
                }
                return new Next(bracket(seeds, rounds, round), bracketSeeds == null ? seeds : null);
            }
            case ROUND_ROBIN -> {
                return new Next(RoundRobin.pair(entries, withdrawn, seed, round), null);
            }
        }
        throw new IllegalStateException("unknown format " + rules.format());
    }

    /** The bracket's next round (its round {@code played.size() + 1}) as round {@code round}. */
    private Pairing bracket(List<String> seeds, List<PlayedRound> played, int round) {
        int k = played.size() + 1;
        return rules.bracketFormat() == Format.DOUBLE_ELIMINATION
                ? DoubleElimination.pair(seeds, played, withdrawn, k, round)
                : Elimination.pair(seeds, played, withdrawn, k, round);
    }

    /**
     * The standings: by the tie-break chain; once a bracket is played, its entrants come first,
     * further in the bracket first (then by seed), the others after them in Swiss order.
     */
    public List<Standing> standings() {
        List<Standing> base =
                Standings.compute(entries, scoring(), withdrawn, rules.tieBreaks(), rules.bestOf());
        if (bracketSeeds == null) {
            return base;
        }
        int from = rules.format() == Format.SWISS ? swissRounds() : 0;
        List<PlayedRound> bracket = new ArrayList<>();
        for (PlayedRound r : rounds.subList(Math.min(from, rounds.size()), rounds.size())) {
            if (!r.finished()) {
                break;
            }
            bracket.add(r);
        }
        Map<String, Standing> byId = new LinkedHashMap<>();
        for (Standing s : base) {
            byId.put(s.entry(), s);
        }
        List<String> order =
                new ArrayList<>(
                        rules.bracketFormat() == Format.DOUBLE_ELIMINATION
                                ? DoubleElimination.finish(bracketSeeds, bracket, withdrawn)
                                : Elimination.finish(bracketSeeds, bracket));
        if (rules.format() == Format.SWISS) {
            List<Standing> swiss =
                    Standings.compute(
                            entries,
                            rounds.subList(0, Math.min(swissRounds(), rounds.size())),
                            withdrawn,
                            rules.tieBreaks(),
                            rules.bestOf());
            Set<String> cut = new HashSet<>(order);
            for (Standing s : swiss) {
                if (!cut.contains(s.entry())) {
                    order.add(s.entry());
                }
            }
        }
        List<Standing> out = new ArrayList<>();
        for (String id : order) {
            Standing s = byId.get(id);
            out.add(
                    new Standing(
                            out.size() + 1,
                            s.entry(),
                            s.points(),
                            s.wins(),
                            s.losses(),
                            s.draws(),
                            s.tieBreaks(),
                            s.dropped()));
        }
        return out;
    }

    /** The entrant's table in the current round, or null (a bye, none yet, or ended). */
    public Table tableOf(String entry) {
        PlayedRound c = current();
        if (c == null) {
            return null;
        }
        for (Table t : c.pairing().tables()) {
            if (t.has(entry)) {
                return t;
            }
        }
        return null;
    }

    /**
     * The part of a double-elimination bracket a table of round {@code round} belongs to ({@code
     * WINNERS}, {@code LOSERS}, {@code GRAND_FINAL} or {@code RESET}); null outside one.
     */
    public String bracketPart(int round, Table table) {
        if (!inBracket(round) || rules.bracketFormat() != Format.DOUBLE_ELIMINATION) {
            return null;
        }
        int from = bracketFrom();
        List<PlayedRound> bracket = rounds.subList(from, round - 1);
        for (DoubleElimination.Meeting m :
                DoubleElimination.meetings(bracketSeeds, bracket, round - from)) {
            if (table.has(m.x() == null ? "" : m.x()) || table.has(m.y() == null ? "" : m.y())) {
                return m.part().name();
            }
        }
        return null;
    }

    /** Entrants by id, for look-ups. */
    public Map<String, Entry> byId() {
        Map<String, Entry> m = new HashMap<>();
        for (Entry e : entries) {
            m.put(e.id(), e);
        }
        return m;
    }
}
