package io.duelhall.domain.search;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.Decision;
import io.duelhall.domain.GameState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatKnowledge;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.rng.Sha256;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Whole matches of any ruleset between AI players, in memory, each player given only its seat's
 * knowledge (as the server gives it): created with {@code seats} seats, every seat taken with the
 * roster's seat request, then decisions until the end. Everything comes from {@code seed}, so a
 * match between players with budgets in iterations is reproducible. Used by the arena (bench) and
 * the regression tests.
 */
public final class Arena {
    /** A match that has not ended after this many decisions is given up (counted as drawn). */
    public static final int MAX_DECISIONS = 20_000;

    private final Ruleset rules;
    private final AiPlayer.Roster roster;
    private final boolean mirror;

    public Arena(Ruleset rules, AiPlayer.Roster roster) {
        this(rules, roster, false);
    }

    /**
     * {@code mirror}: every seat takes seat A's seat request (the same starter deck), so a deck
     * stronger than the other cannot decide the match for whoever sits behind it.
     */
    public Arena(Ruleset rules, AiPlayer.Roster roster, boolean mirror) {
        this.rules = rules;
        this.roster = roster;
        this.mirror = mirror;
    }

    /**
     * One match's result: each seat's place (1 first; seats that drew share a place), its decisions
     * and the time they took.
     */
    public record Game(
            long seed,
            Map<Seat, Integer> places,
            Map<Seat, Integer> decisions,
            Map<Seat, Long> nanos,
            boolean finished,
            int events) {
        /** A seat's score in a 2-seat match: 1 won, 0.5 drew, 0 lost. */
        public double score(Seat seat) {
            int mine = places.get(seat);
            int better = 0;
            int same = 0;
            for (Map.Entry<Seat, Integer> e : places.entrySet()) {
                if (e.getKey() != seat) {
                    if (e.getValue() < mine) {
                        better++;
                    } else if (e.getValue() == mine) {
                        same++;
                    }
                }
            }
            int others = places.size() - 1;
            return (others - better - same + 0.5 * same) / others;
        }
    }

    /**
     * A player that is handed the truth beside its seat's knowledge: a measurement only, never a
     * player the server seats (its AI seats are {@link AiPlayer}s and see what their seat sees).
     * The arena's {@code --oracle} plays one to bound what any fair player could gain from knowing
     * what its seat cannot see (docs/benchmarks.md, the arena).
     */
    public interface Seeing extends AiPlayer {
        /**
         * The move of the seat {@code knowledge} is for, in the match {@code truth} (its state and
         * every raw event, unredacted).
         */
        Intent choose(SeatKnowledge knowledge, Position truth);
    }

    /** A match as it stands: the truth and every raw event. */
    public record Position(GameState state, List<MatchEvent> events) {}

    /**
     * A match of {@code seats} seats from {@code seed}, created and every seat taken with the
     * roster's seat request: the truth when the first decision is owed.
     */
    public Position open(long seed, List<Seat> seats) {
        int n = seats.size();
        List<MatchEvent> events = new ArrayList<>();
        GameState s = rules.initial();
        Decision opened =
                rules.open(
                        "arena-" + seed,
                        new MatchOptions(0, null, null, null, null, n == 2 ? null : n, null),
                        Sha256.of(("arena:" + seed).getBytes(StandardCharsets.UTF_8)));
        s = fold(s, opened, events);
        for (Seat seat : seats) {
            JoinRequest req =
                    roster.seatRequest(
                            rules,
                            mirror ? Seat.A : seat,
                            "P" + seat,
                            "arena-" + seed + "-" + seat);
            s = fold(s, rules.join(s, req), events);
        }
        return new Position(s, events);
    }

    /** {@code position} after {@code intent}; throws when the rules refuse it. */
    public Position after(Position position, Intent intent) {
        List<MatchEvent> events = new ArrayList<>(position.events());
        GameState s = fold(position.state(), rules.decide(position.state(), intent), events);
        return new Position(s, events);
    }

    public Game play(long seed, Map<Seat, AiPlayer> players) {
        int n = players.size();
        Position start = open(seed, new ArrayList<>(players.keySet()));
        List<MatchEvent> events = new ArrayList<>(start.events());
        GameState s = start.state();
        Map<Seat, List<MatchEvent>> seen = new EnumMap<>(Seat.class);
        for (Seat seat : players.keySet()) {
            List<MatchEvent> mine = new ArrayList<>();
            for (MatchEvent e : events) {
                mine.add(rules.redact(e, Viewer.seat(seat)));
            }
            seen.put(seat, mine);
        }
        Map<Seat, Integer> decisions = new EnumMap<>(Seat.class);
        Map<Seat, Long> nanos = new EnumMap<>(Seat.class);
        int made = 0;
        while (s.status() == MatchStatus.LIVE && made < MAX_DECISIONS) {
            Seat seat = rules.toAct(s);
            if (seat == null || !players.containsKey(seat)) {
                break;
            }
            long version = events.size() - 1;
            SeatKnowledge k =
                    new SeatKnowledge(
                            seat,
                            version,
                            rules.view(s, Viewer.seat(seat), version),
                            seen.get(seat));
            AiPlayer p = players.get(seat);
            long t0 = System.nanoTime();
            Intent intent =
                    p instanceof Seeing o
                            ? o.choose(k, new Position(s, Collections.unmodifiableList(events)))
                            : p.choose(k);
            nanos.merge(seat, System.nanoTime() - t0, Long::sum);
            decisions.merge(seat, 1, Integer::sum);
            made++;
            if (intent == null) {
                throw new IllegalStateException(seat + " owes a decision but chose nothing");
            }
            Decision d = rules.decide(s, intent.by(seat));
            if (!d.accepted()) {
                throw new IllegalStateException(
                        p.name()
                                + " chose an intent the rules refuse: "
                                + intent
                                + " -> "
                                + d.refusal());
            }
            int from = events.size();
            s = fold(s, d, events);
            for (Seat o : players.keySet()) {
                for (int i = from; i < events.size(); i++) {
                    seen.get(o).add(rules.redact(events.get(i), Viewer.seat(o)));
                }
            }
        }
        Map<Seat, Integer> places = new EnumMap<>(Seat.class);
        boolean finished = s.status() == MatchStatus.ENDED;
        Lifecycle.Ended end = null;
        for (MatchEvent e : events) {
            if (e instanceof Lifecycle.Ended x) {
                end = x;
            }
        }
        if (finished && end != null && !end.placings().isEmpty()) {
            int place = 1;
            for (List<Seat> tied : end.placings()) {
                for (Seat t : tied) {
                    places.put(t, place);
                }
                place += tied.size();
            }
        }
        for (Seat seat : players.keySet()) {
            if (places.containsKey(seat)) {
                continue;
            }
            if (!finished || end == null) {
                places.put(seat, 1);
            } else if (seat == end.winner()) {
                places.put(seat, 1);
            } else if (end.losers().contains(seat)) {
                places.put(seat, end.winner() == null ? 1 + (n - end.losers().size()) : 2);
            } else {
                places.put(seat, end.winner() == null ? 1 : 2);
            }
        }
        return new Game(seed, places, decisions, nanos, finished, events.size());
    }

    private GameState fold(GameState s, Decision d, List<MatchEvent> events) {
        if (!d.accepted()) {
            throw new IllegalStateException("refused: " + d.refusal());
        }
        for (MatchEvent e : d.events()) {
            s = rules.evolve(s, e);
            events.add(e);
        }
        return s;
    }
}
