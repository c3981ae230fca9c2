package io.duelhall.query;

import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.projections.history.PlayerHistoryProjection;
import io.duelhall.projections.history.PlayerHistoryProjection.PlayerMatch;
import io.duelhall.projections.list.MatchListProjection;
import io.duelhall.projections.list.MatchListProjection.MatchSummary;
import io.duelhall.projections.ratings.RatingProjection;
import io.duelhall.projections.ratings.RatingProjection.PlayerRating;
import io.duelhall.query.log.MatchLogs;
import io.duelhall.query.stream.MatchStreams;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Lists served from the read models (eventually consistent: a change shows once its processor has
 * handled it): live and recent matches, a player's history, the Glicko-2 leaderboard.
 */
@RestController
@RequestMapping(path = "/api", produces = "application/json")
class ListingController {
    private static final Set<String> STATUSES = Set.of("WAITING", "LIVE", "ENDED");

    private final MatchListProjection matches;
    private final PlayerHistoryProjection history;
    private final RatingProjection ratings;
    private final MatchStreams streams;
    private final PublicRecords delays;
    private final MatchLogs logs;
    private final io.duelhall.domain.Rulesets rulesets;

    public ListingController(
            MatchListProjection matches,
            PlayerHistoryProjection history,
            RatingProjection ratings,
            MatchStreams streams,
            PublicRecords delays,
            MatchLogs logs,
            io.duelhall.domain.Rulesets rulesets) {
        this.rulesets = rulesets;
        this.delays = delays;
        this.logs = logs;
        this.matches = matches;
        this.history = history;
        this.ratings = ratings;
        this.streams = streams;
    }

    /**
     * A summary of {@code GET /api/matches} (API.md) plus {@code spectators}: the spectator streams
     * ({@code /stream} without a seat token) open on this server now.
     */
    public record ListedMatch(
            String matchId,
            String ruleset,
            List<MatchListProjection.Player> players,
            int turn,
            String status,
            io.duelhall.domain.Seat winner,
            String winnerName,
            String reason,
            java.time.Instant createdAt,
            java.time.Instant updatedAt,
            int spectators) {
        static ListedMatch of(MatchSummary m, int spectators) {
            return new ListedMatch(
                    m.matchId(),
                    m.ruleset(),
                    m.players(),
                    m.turn(),
                    m.status(),
                    m.winner(),
                    m.winnerName(),
                    m.reason(),
                    m.createdAt(),
                    m.updatedAt(),
                    spectators);
        }
    }

    /**
     * {@code GET /api/matches/{id}/spectators}: the spectator streams open on this server now
     * (issue 19).
     */
    public record Spectators(String matchId, int spectators) {}

    public record PlayerHistory(String player, PlayerRating rating, List<PlayerMatch> matches) {}

    /**
     * {@code draws}: rated matches the player drew (a ruleset with draws, e.g. both at 0 Health at
     * once).
     */
    public record Ranked(
            int rank,
            String name,
            double rating,
            double rd,
            double volatility,
            int games,
            int wins,
            int losses,
            int draws) {}

    /**
     * Matches with the given status (all without one), most recently active first. A match with a
     * spectator delay is listed as it stood that long ago (its turn, status and result), like
     * everything public about it.
     */
    @GetMapping("/matches")
    public List<ListedMatch> matches(
            @RequestParam(name = "status", required = false) String status,
            @RequestParam(name = "limit", defaultValue = "50") int limit) {
        String s =
                status == null || status.isBlank() ? null : status.trim().toUpperCase(Locale.ROOT);
        if (s != null && !STATUSES.contains(s)) {
            throw new RefusedException(
                    Refusal.malformed(
                            "INVALID_PARAMETER", "status must be LIVE, WAITING or ENDED."));
        }
        int n = limit(limit);
        Map<String, PublicRecords.Delayed> delayed = delays.delayed();
        List<MatchSummary> rows =
                new ArrayList<>(
                        matches.find(s, n + delayed.size()).stream()
                                .filter(m -> !delayed.containsKey(m.matchId()))
                                .toList());
        delayed.values().stream()
                .filter(d -> !d.waitingByInvitation())
                .map(PublicRecords.Delayed::summary)
                .filter(m -> s == null || s.equals(m.status()))
                .forEach(rows::add);
        rows.sort(
                Comparator.comparing(MatchSummary::updatedAt)
                        .reversed()
                        .thenComparing(MatchSummary::matchId));
        return rows.stream()
                .limit(n)
                .map(m -> ListedMatch.of(m, streams.spectators(m.matchId())))
                .toList();
    }

    /**
     * How many watch a match now: the addresses with a spectator stream ({@code /stream} without a
     * seat token) open on this server, as {@code spectators} in the list. The match page shows it.
     * 404 for a match that does not exist.
     */
    @GetMapping("/matches/{matchId}/spectators")
    public Spectators spectators(@PathVariable("matchId") String matchId) {
        logs.load(matchId); // MATCH_NOT_FOUND for an unknown id
        return new Spectators(matchId, streams.spectators(matchId));
    }

    @GetMapping("/players/{name}/matches")
    public PlayerHistory player(
            @PathVariable String name,
            @RequestParam(name = "limit", defaultValue = "50") int limit) {
        if (name.isBlank() || name.length() > 40) {
            throw new RefusedException(
                    Refusal.malformed("INVALID_PARAMETER", "A player name is 1 to 40 characters."));
        }
        int n = limit(limit);
        Map<String, PublicRecords.Delayed> delayed = delays.delayed();
        List<PlayerMatch> rows = new ArrayList<>();
        for (PlayerMatch m : history.find(name, n + delayed.size())) {
            PublicRecords.Delayed d = delayed.get(m.matchId());
            if (d == null) {
                rows.add(m);
            } else {
                PublicRecords.historyRow(m, d).ifPresent(rows::add);
            }
        }
        PlayerRating rating =
                hiddenEnds(delayed)
                        .flatMap(h -> ratings.without(h))
                        .map(all -> all.stream().filter(r -> r.name().equals(name)).findFirst())
                        .orElseGet(() -> ratings.find(name))
                        .orElse(null);
        return new PlayerHistory(name, rating, rows.stream().limit(n).toList());
    }

    /**
     * A player's rating by placing (issue 40): Plackett–Luce (OpenSkill, Weng–Lin) for matches of 3
     * to 6 seats, per seat count; {@code ordinal} = mu − 3·sigma, the rating the board shows (it
     * grows as a player proves themselves, not only as they win); {@code firsts}: matches won
     * outright.
     */
    public record PlacingRanked(
            int rank,
            String name,
            int seats,
            double mu,
            double sigma,
            double ordinal,
            int games,
            int firsts) {}

    /**
     * {@code GET /api/leaderboard}: Glicko-2 over two-seat (and, pairwise, multi-seat) rated
     * matches; with {@code ?seats=3..6}, the leaderboard by placing of matches of that many seats,
     * highest mu first. A match whose end is not public yet (a spectator delay) counts in neither.
     */
    @GetMapping("/leaderboard")
    public List<?> leaderboard(
            @RequestParam(name = "limit", defaultValue = "100") int limit,
            @RequestParam(name = "seats", required = false) Integer seats,
            @RequestParam(name = "ruleset", required = false) String ruleset) {
        int n = limit(limit);
        if (ruleset != null) {
            return rulesetBoard(ruleset, seats == null ? 2 : seats, n);
        }
        if (seats != null && seats != 2) {
            if (seats < 3 || seats > 6) {
                throw new RefusedException(
                        Refusal.malformed(
                                "OUT_OF_RANGE",
                                "seats must be 2 (the Glicko-2 board, as without it) or 3 to 6 (by placing)."));
            }
            List<io.duelhall.projections.ratings.PlacingRatings.PlacingRating> board =
                    hiddenEnds(delays.delayed())
                            .flatMap(h -> ratings.placingWithout(h, seats))
                            .map(all -> all.stream().limit(n).toList())
                            .orElseGet(() -> ratings.placingBoard(seats, n));
            List<PlacingRanked> out = new ArrayList<>();
            for (var r : board) {
                out.add(
                        new PlacingRanked(
                                out.size() + 1,
                                r.name(),
                                r.seats(),
                                r.mu(),
                                r.sigma(),
                                r.mu() - 3 * r.sigma(),
                                r.games(),
                                r.firsts()));
            }
            return out;
        }
        List<PlayerRating> board =
                hiddenEnds(delays.delayed())
                        .flatMap(h -> ratings.without(h))
                        .map(all -> all.stream().limit(n).toList())
                        .orElseGet(() -> ratings.leaderboard(n));
        List<Ranked> out = new ArrayList<>();
        for (PlayerRating r : board) {
            out.add(
                    new Ranked(
                            out.size() + 1,
                            r.name(),
                            r.rating(),
                            r.rd(),
                            r.volatility(),
                            r.games(),
                            r.wins(),
                            r.losses(),
                            r.draws()));
        }
        return out;
    }

    /**
     * {@code GET /api/leaderboard?ruleset=R[&seats=N]} (issue 40): the board of one ruleset and
     * seat count — Glicko-2 over its two-seat rated matches (the shape of the Glicko-2 board), or
     * by placing over its matches of N seats (the shape of the placing board) — the numbers its
     * queue weighs. A match whose end is not public yet counts not.
     */
    private List<?> rulesetBoard(String ruleset, int seats, int n) {
        var rules =
                rulesets.find(ruleset)
                        .orElseThrow(
                                () ->
                                        new RefusedException(
                                                Refusal.malformed(
                                                        "UNKNOWN_RULESET",
                                                        "Unknown ruleset; this server hosts "
                                                                + rulesets.ids()
                                                                + ".")));
        int min = Math.max(2, rules.minSeats());
        int max = Math.min(6, rules.maxSeats());
        if (seats < min || seats > max) {
            throw new RefusedException(
                    Refusal.malformed(
                            "OUT_OF_RANGE",
                            "seats must be " + min + " to " + max + " for " + ruleset + "."));
        }
        Set<String> hidden = hiddenEnds(delays.delayed()).orElse(Set.of());
        List<RatingProjection.RulesetRating> board =
                ratings.rulesetBoard(ruleset, seats, hidden).stream().limit(n).toList();
        List<Object> out = new ArrayList<>();
        for (var r : board) {
            out.add(
                    seats == 2
                            ? new Ranked(
                                    out.size() + 1,
                                    r.name(),
                                    r.rating(),
                                    r.rd(),
                                    r.volatility(),
                                    r.games(),
                                    r.wins(),
                                    r.losses(),
                                    r.draws())
                            : new PlacingRanked(
                                    out.size() + 1,
                                    r.name(),
                                    seats,
                                    r.rating(),
                                    r.rd(),
                                    r.rating() - 3 * r.rd(),
                                    r.games(),
                                    r.wins()));
        }
        return out;
    }

    /**
     * Delayed matches whose end is not public yet: the public ratings are those from before their
     * end.
     */
    private static Optional<Set<String>> hiddenEnds(Map<String, PublicRecords.Delayed> delayed) {
        Set<String> ids =
                delayed.values().stream()
                        .filter(d -> !d.publiclyEnded())
                        .map(PublicRecords.Delayed::matchId)
                        .collect(Collectors.toSet());
        return ids.isEmpty() ? Optional.empty() : Optional.of(ids);
    }

    private static int limit(int limit) {
        if (limit < 1 || limit > 500) {
            throw new RefusedException(
                    Refusal.malformed("OUT_OF_RANGE", "limit must be between 1 and 500."));
        }
        return limit;
    }
}
