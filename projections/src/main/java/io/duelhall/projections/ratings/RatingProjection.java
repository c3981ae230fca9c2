package io.duelhall.projections.ratings;

import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.Lifecycle.Outcome;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.Seat;
import io.duelhall.projections.Projections;
import io.duelhall.projections.ratings.Glicko2.Game;
import io.duelhall.projections.ratings.Glicko2.Rating;
import io.duelhall.projections.ratings.PlacingRatings.PlacingRating;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.TrackingToken;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

/**
 * Ratings of registered players, keyed by account id (the account's name is shown). Only a match
 * where every seat was taken by a registered player ({@link Lifecycle.SeatTaken#accountId()}), each
 * by another account, is rated; a guest or AI seat makes the match unrated, so playing under
 * someone's name never moves their rating (issue 20 item 4).
 *
 * <p>Every rated match is rated by Glicko-2 ({@link #GLICKO_MODEL}) as it always was: one rating
 * period for each player, who played one game against each other seat: a seat that did better
 * scores 1, worse 0, equal 0.5, and when every seat lost each scores 0 (voidexa's V-WIN-4). A match
 * of 3 to 6 seats is also rated by placing ({@link PlacingRatings}, Plackett-Luce), per seat count,
 * in its own table: the ruleset's placings ({@link Lifecycle.Ended#placings()}) where it has them,
 * else won first, drawn next, lost last, equal places tied (issue 40); the queue reads that number.
 * Keeping the pairwise Glicko-2 for them keeps every older leaderboard as it was
 * (GoldenHistoryTest: a 4-seat casket of 2026-11-26). Every rated match names the models that rated
 * it ({@code rm_rated_match.model}).
 *
 * <p>Ratings depend on the order matches are rated in, so this processor runs on one segment and
 * rates in the event store's global order (the tracking token's position). Should a match end
 * arrive out of that order (a commit that filled a gap in the global index late), every rating is
 * recomputed from the rated matches in order, so the model always equals what a rebuild would
 * produce.
 */
@ProcessingGroup(Projections.RATINGS)
public class RatingProjection {
    /** Glicko-2 system constant. */
    public static final double TAU = 0.5;

    private final JdbcTemplate jdbc;

    public record PlayerRating(
            String name,
            double rating,
            double rd,
            double volatility,
            int games,
            int wins,
            int losses,
            String accountId,
            int draws) {
        static PlayerRating fresh(String accountId, String name) {
            return new PlayerRating(
                    name,
                    Rating.NEW.rating(),
                    Rating.NEW.rd(),
                    Rating.NEW.volatility(),
                    0,
                    0,
                    0,
                    accountId,
                    0);
        }

        Rating glicko() {
            return new Rating(rating, rd, volatility);
        }

        PlayerRating after(Rating r, Outcome outcome) {
            return new PlayerRating(
                    name,
                    r.rating(),
                    r.rd(),
                    r.volatility(),
                    games + 1,
                    wins + (outcome == Outcome.WON ? 1 : 0),
                    losses + (outcome == Outcome.LOST ? 1 : 0),
                    accountId,
                    draws + (outcome == Outcome.DRAWN ? 1 : 0));
        }
    }

    /**
     * One seat of a rated match: its account, the name shown, how it came out, and its place (1 =
     * first, equal places tie).
     */
    private record RatedSeat(
            String seat, String accountId, String name, Outcome outcome, int place) {}

    private record RatedMatch(String matchId, List<RatedSeat> seats, String ruleset) {
        /**
         * Glicko-2 rates every rated match (3 to 6 seats pairwise, as before issue 40: history is
         * forever, the leaderboard of a data directory keeps its numbers); 3 to 6 seats are also
         * rated by placing, the queue's number.
         */
        String model() {
            return seats.size() == 2 ? GLICKO_MODEL : PlacingRatings.MODEL + "+" + GLICKO_MODEL;
        }
    }

    /** The name and version of the two-seat model, stored with every match it rated. */
    public static final String GLICKO_MODEL = "glicko2/1";

    public RatingProjection(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Every match's first event names its ruleset: kept for the boards per ruleset. */
    @EventHandler
    public void on(MatchOpening event, DomainEventMessage<?> message) {
        opened(message.getAggregateIdentifier(), event.ruleset());
    }

    public void opened(String matchId, String ruleset) {
        if (jdbc.queryForObject(
                        "select count(*) from rm_rating_match where match_id = ?",
                        Integer.class,
                        matchId)
                == 0) {
            jdbc.update(
                    "insert into rm_rating_match (match_id, ruleset) values (?, ?)",
                    matchId,
                    ruleset);
        }
    }

    @EventHandler
    public void on(Lifecycle.SeatTaken event, DomainEventMessage<?> message) {
        seated(message.getAggregateIdentifier(), event.seat(), event.name(), event.accountId());
    }

    @EventHandler
    public void on(Lifecycle.Ended event, DomainEventMessage<?> message, TrackingToken token) {
        long position = token == null ? Long.MAX_VALUE : token.position().orElse(Long.MAX_VALUE);
        ended(message.getAggregateIdentifier(), event, position);
    }

    /** {@code accountId} null: a guest (or AI) seat, which leaves the match unrated. */
    public void seated(String matchId, Seat seat, String player, String accountId) {
        if (jdbc.queryForObject(
                        "select count(*) from rm_rating_seat where match_id = ? and seat = ?",
                        Integer.class,
                        matchId,
                        seat.name())
                == 0) {
            jdbc.update(
                    "insert into rm_rating_seat (match_id, seat, player_name, account_id) values (?, ?, ?, ?)",
                    matchId,
                    seat.name(),
                    player,
                    accountId);
        }
    }

    /** Rates an ended match; {@code position} orders matches (the event's global index). */
    public void ended(String matchId, Lifecycle.Ended event, long position) {
        if (jdbc.queryForObject(
                        "select count(*) from rm_rated_match where match_id = ?",
                        Integer.class,
                        matchId)
                > 0) {
            return; // already rated
        }
        List<RatedSeat> seats =
                jdbc.query(
                        "select seat, player_name, account_id from rm_rating_seat where match_id = ?"
                                + " order by seat",
                        (rs, n) ->
                                new RatedSeat(
                                        rs.getString(1),
                                        rs.getString(3),
                                        rs.getString(2),
                                        event.outcome(Seat.valueOf(rs.getString(1))),
                                        place(event, Seat.valueOf(rs.getString(1)))),
                        matchId);
        if (seats.size() < 2
                || seats.stream().anyMatch(s -> s.accountId() == null)
                || seats.stream().map(RatedSeat::accountId).distinct().count() < seats.size()) {
            return; // a guest, an AI or one account on two seats: unrated
        }
        String ruleset =
                jdbc
                        .query(
                                "select ruleset from rm_rating_match where match_id = ?",
                                (rs, n) -> rs.getString(1),
                                matchId)
                        .stream()
                        .findFirst()
                        .orElse(null);
        RatedMatch m = new RatedMatch(matchId, List.copyOf(seats), ruleset);
        Long last = jdbc.queryForObject("select max(position) from rm_rated_match", Long.class);
        if (position == Long.MAX_VALUE) {
            position = last == null ? 0 : last + 1;
        }
        jdbc.update(
                "insert into rm_rated_match (match_id, position, model, ruleset) values (?, ?, ?, ?)",
                matchId,
                position,
                m.model(),
                ruleset);
        for (RatedSeat s : seats) {
            jdbc.update(
                    "insert into rm_rated_seat (match_id, seat, account_id, player_name, outcome, place)"
                            + " values (?, ?, ?, ?, ?, ?)",
                    matchId,
                    s.seat(),
                    s.accountId(),
                    s.name(),
                    s.outcome().name(),
                    s.place());
        }
        if (last != null && position < last) {
            recomputeAll();
            return;
        }
        if (seats.size() > 2) {
            Map<String, PlacingRating> placing = new HashMap<>();
            for (RatedSeat s : seats) {
                placing(s.accountId(), seats.size())
                        .ifPresent(
                                r -> placing.put(PlacingRatings.key(r.accountId(), r.seats()), r));
            }
            PlacingRatings.rate(placed(m), placing);
            placing.values().forEach(this::save);
            // and pairwise by Glicko-2, as every multi-seat match was rated before (below)
        }
        Map<String, PlayerRating> ratings = new HashMap<>();
        for (RatedSeat s : seats) {
            ratings.put(
                    s.accountId(),
                    byAccount(s.accountId()).orElse(PlayerRating.fresh(s.accountId(), s.name())));
        }
        rate(m, ratings);
        seats.forEach(s -> save(ratings.get(s.accountId())));
    }

    /**
     * What {@code mine} scores against {@code theirs}: better 1, worse 0, the same 0.5, except that
     * when every seat of the match lost ({@code allLost}) each scores 0.
     */
    static double score(Outcome mine, Outcome theirs, boolean allLost) {
        if (mine == theirs) {
            return allLost ? 0 : 0.5;
        }
        return rank(mine) > rank(theirs) ? 1 : 0;
    }

    private static int rank(Outcome o) {
        return switch (o) {
            case WON -> 2;
            case DRAWN -> 1;
            case LOST -> 0;
        };
    }

    /**
     * A seat's place: the ruleset's placings when its end event has them, else by outcome (won
     * first, drawn next, lost last).
     */
    static int place(Lifecycle.Ended event, Seat seat) {
        List<List<Seat>> placings = event.placings();
        for (int i = 0; i < placings.size(); i++) {
            if (placings.get(i).contains(seat)) {
                return i + 1;
            }
        }
        return placings.isEmpty()
                ? rank(Outcome.WON) + 1 - rank(event.outcome(seat))
                : placings.size() + 1;
    }

    private static List<PlacingRatings.Placed> placed(RatedMatch m) {
        return m.seats().stream()
                .map(s -> new PlacingRatings.Placed(s.accountId(), s.name(), s.place()))
                .toList();
    }

    /** Rates one match in the model of its seat count. */
    private static void rate(
            RatedMatch m, Map<String, PlayerRating> ratings, Map<String, PlacingRating> placing) {
        if (m.seats().size() > 2) {
            PlacingRatings.rate(placed(m), placing);
        }
        rate(m, ratings);
    }

    private static void rate(RatedMatch m, Map<String, PlayerRating> ratings) {
        Map<String, PlayerRating> before = new HashMap<>();
        for (RatedSeat s : m.seats()) {
            before.put(
                    s.accountId(),
                    ratings.computeIfAbsent(s.accountId(), id -> PlayerRating.fresh(id, s.name())));
        }
        boolean allLost = m.seats().stream().allMatch(s -> s.outcome() == Outcome.LOST);
        for (RatedSeat s : m.seats()) {
            List<Game> games = new ArrayList<>();
            for (RatedSeat other : m.seats()) {
                if (other != s) {
                    games.add(
                            new Game(
                                    before.get(other.accountId()).glicko(),
                                    score(s.outcome(), other.outcome(), allLost)));
                }
            }
            PlayerRating mine = before.get(s.accountId());
            ratings.put(
                    s.accountId(),
                    mine.after(Glicko2.rate(mine.glicko(), games, TAU), s.outcome()));
        }
    }

    private void recomputeAll() {
        Map<String, PlayerRating> ratings = new LinkedHashMap<>();
        Map<String, PlacingRating> placing = new LinkedHashMap<>();
        ratedMatches().forEach(m -> rate(m, ratings, placing));
        jdbc.update("delete from rm_rating");
        jdbc.update("delete from rm_placing_rating");
        ratings.values().forEach(this::save);
        placing.values().forEach(this::save);
    }

    private void save(PlacingRating r) {
        Object[] values = {
            r.name(), r.mu(), r.sigma(), r.games(), r.firsts(), r.accountId(), r.seats()
        };
        if (jdbc.update(
                        "update rm_placing_rating set player_name = ?, mu = ?, sigma = ?, games = ?, firsts = ?"
                                + " where account_id = ? and seats = ?",
                        values)
                == 0) {
            jdbc.update(
                    "insert into rm_placing_rating (player_name, mu, sigma, games, firsts, account_id, seats)"
                            + " values (?, ?, ?, ?, ?, ?, ?)",
                    values);
        }
    }

    /** An account's rating by placing for matches of {@code seats} seats (3 to 6). */
    public Optional<PlacingRating> placing(String accountId, int seats) {
        return jdbc
                .query(
                        "select * from rm_placing_rating where account_id = ? and seats = ?",
                        PLACING_ROW,
                        accountId,
                        seats)
                .stream()
                .findFirst();
    }

    /** The leaderboard by placing for one seat count, best (highest mu) first. */
    public List<PlacingRating> placingBoard(int seats, int limit) {
        return jdbc.query(
                "select * from rm_placing_rating where seats = ? order by mu desc, player_name limit ?",
                PLACING_ROW,
                seats,
                limit);
    }

    private static final RowMapper<PlacingRating> PLACING_ROW =
            (rs, n) ->
                    new PlacingRating(
                            rs.getString("account_id"),
                            rs.getString("player_name"),
                            rs.getInt("seats"),
                            rs.getDouble("mu"),
                            rs.getDouble("sigma"),
                            rs.getInt("games"),
                            rs.getInt("firsts"));

    private void save(PlayerRating r) {
        Object[] values = {
            r.rating(),
            r.rd(),
            r.volatility(),
            r.games(),
            r.wins(),
            r.losses(),
            r.draws(),
            r.name(),
            r.accountId()
        };
        if (jdbc.update(
                        "update rm_rating set rating = ?, rd = ?, volatility = ?, games = ?, wins = ?, losses = ?,"
                                + " draws = ?, player_name = ? where account_id = ?",
                        values)
                == 0) {
            jdbc.update(
                    "insert into rm_rating (rating, rd, volatility, games, wins, losses, draws, player_name,"
                            + " account_id) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    values);
        }
    }

    private List<RatedMatch> ratedMatches() {
        Map<String, List<RatedSeat>> seats = new HashMap<>();
        jdbc.query(
                "select match_id, seat, account_id, player_name, outcome, place from rm_rated_seat"
                        + " order by match_id, seat",
                rs -> {
                    Outcome outcome = Outcome.valueOf(rs.getString(5));
                    int place = rs.getInt(6);
                    seats.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                            .add(
                                    new RatedSeat(
                                            rs.getString(2),
                                            rs.getString(3),
                                            rs.getString(4),
                                            outcome,
                                            rs.wasNull()
                                                    ? rank(Outcome.WON) + 1 - rank(outcome)
                                                    : place));
                });
        return jdbc.query(
                "select match_id, ruleset from rm_rated_match order by position, match_id",
                (rs, n) ->
                        new RatedMatch(
                                rs.getString(1),
                                List.copyOf(seats.getOrDefault(rs.getString(1), List.of())),
                                rs.getString(2)));
    }

    /**
     * Every rating as it would be had the given matches not ended yet (computed, not stored: the
     * public leaderboard while the end of a match with a spectator delay is not public yet), best
     * first; empty when none of them is rated.
     */
    public Optional<List<PlayerRating>> without(java.util.Set<String> matchIds) {
        if (matchIds.isEmpty()) {
            return Optional.empty();
        }
        List<RatedMatch> rated = ratedMatches();
        if (rated.stream().noneMatch(m -> matchIds.contains(m.matchId()))) {
            return Optional.empty();
        }
        Map<String, PlayerRating> ratings = new LinkedHashMap<>();
        rated.stream().filter(m -> !matchIds.contains(m.matchId())).forEach(m -> rate(m, ratings));
        return Optional.of(
                ratings.values().stream()
                        .sorted(
                                java.util.Comparator.comparingDouble(PlayerRating::rating)
                                        .reversed()
                                        .thenComparing(PlayerRating::name))
                        .toList());
    }

    /**
     * The leaderboard by placing for {@code seats} seats as it would be had the given matches not
     * ended yet (computed, not stored; as {@link #without}); empty when none of them is rated.
     */
    public Optional<List<PlacingRating>> placingWithout(java.util.Set<String> matchIds, int seats) {
        if (matchIds.isEmpty()) {
            return Optional.empty();
        }
        List<RatedMatch> rated = ratedMatches();
        if (rated.stream().noneMatch(m -> matchIds.contains(m.matchId()))) {
            return Optional.empty();
        }
        Map<String, PlacingRating> placing = new LinkedHashMap<>();
        rated.stream()
                .filter(m -> !matchIds.contains(m.matchId()) && m.seats().size() == seats)
                .forEach(m -> PlacingRatings.rate(placed(m), placing));
        return Optional.of(
                placing.values().stream()
                        .sorted(
                                java.util.Comparator.comparingDouble(PlacingRating::mu)
                                        .reversed()
                                        .thenComparing(PlacingRating::name))
                        .toList());
    }

    @ResetHandler
    public void reset() {
        jdbc.update("delete from rm_rating");
        jdbc.update("delete from rm_placing_rating");
        jdbc.update("delete from rm_rated_seat");
        jdbc.update("delete from rm_rated_match");
        jdbc.update("delete from rm_rating_seat");
        jdbc.update("delete from rm_rating_match");
        byRuleset = null;
    }

    /**
     * The ratings of one ruleset (issue 40): Glicko-2 over its two-seat rated matches ({@code
     * seats} 2), or by placing over its matches of {@code seats} seats (3 to 6), each in the order
     * they were rated, leaving out {@code hidden} (ends not public yet); best first. Computed from
     * the rated matches, as a rebuild would, and kept until another match is rated.
     */
    public List<RulesetRating> rulesetBoard(String ruleset, int seats, Set<String> hidden) {
        Map<String, RulesetRating> all = rulesetRatings(ruleset, seats, hidden);
        return all.values().stream()
                .sorted(
                        java.util.Comparator.comparingDouble(RulesetRating::rating)
                                .reversed()
                                .thenComparing(RulesetRating::name))
                .toList();
    }

    /** One account's rating in one ruleset for {@code seats} seats, if it has played one. */
    public Optional<RulesetRating> inRuleset(String ruleset, int seats, String accountId) {
        return Optional.ofNullable(rulesetRatings(ruleset, seats, Set.of()).get(accountId));
    }

    /**
     * A rating of one ruleset and seat count: Glicko-2 ({@code model} {@value #GLICKO_MODEL}:
     * rating, rd) or by placing ({@link PlacingRatings#MODEL}: mu as rating, sigma as rd, {@code
     * wins} the first places, volatility 0), on one scale.
     */
    public record RulesetRating(
            String ruleset,
            int seats,
            String model,
            String accountId,
            String name,
            double rating,
            double rd,
            double volatility,
            int games,
            int wins,
            int losses,
            int draws) {}

    private volatile Computed byRuleset;

    /** The per-ruleset ratings as of a count of rated matches (the cache's key). */
    private record Computed(
            long count, Long last, Map<String, Map<String, RulesetRating>> boards) {}

    private Map<String, RulesetRating> rulesetRatings(
            String ruleset, int seats, Set<String> hidden) {
        String key = ruleset + "/" + seats;
        if (!hidden.isEmpty()) {
            List<RatedMatch> rated =
                    ratedMatches().stream().filter(m -> !hidden.contains(m.matchId())).toList();
            return compute(rated).getOrDefault(key, Map.of());
        }
        long count = jdbc.queryForObject("select count(*) from rm_rated_match", Long.class);
        Long last = jdbc.queryForObject("select max(position) from rm_rated_match", Long.class);
        Computed c = byRuleset;
        if (c == null || c.count() != count || !java.util.Objects.equals(c.last(), last)) {
            c = new Computed(count, last, compute(ratedMatches()));
            byRuleset = c;
        }
        return c.boards().getOrDefault(key, Map.of());
    }

    private static Map<String, Map<String, RulesetRating>> compute(List<RatedMatch> rated) {
        Map<String, Map<String, PlayerRating>> glicko = new HashMap<>();
        Map<String, Map<String, PlacingRating>> placing = new HashMap<>();
        for (RatedMatch m : rated) {
            if (m.ruleset() == null) {
                continue; // rated before its ruleset was known and not rebuilt since
            }
            if (m.seats().size() == 2) {
                rate(m, glicko.computeIfAbsent(m.ruleset(), k -> new LinkedHashMap<>()));
            } else {
                PlacingRatings.rate(
                        placed(m),
                        placing.computeIfAbsent(
                                m.ruleset() + "/" + m.seats().size(), k -> new LinkedHashMap<>()));
            }
        }
        Map<String, Map<String, RulesetRating>> out = new HashMap<>();
        glicko.forEach(
                (ruleset, ratings) -> {
                    Map<String, RulesetRating> board = new LinkedHashMap<>();
                    ratings.values()
                            .forEach(
                                    r ->
                                            board.put(
                                                    r.accountId(),
                                                    new RulesetRating(
                                                            ruleset,
                                                            2,
                                                            GLICKO_MODEL,
                                                            r.accountId(),
                                                            r.name(),
                                                            r.rating(),
                                                            r.rd(),
                                                            r.volatility(),
                                                            r.games(),
                                                            r.wins(),
                                                            r.losses(),
                                                            r.draws())));
                    out.put(ruleset + "/2", board);
                });
        placing.forEach(
                (key, ratings) -> {
                    Map<String, RulesetRating> board = new LinkedHashMap<>();
                    String ruleset = key.substring(0, key.lastIndexOf('/'));
                    ratings.values()
                            .forEach(
                                    r ->
                                            board.put(
                                                    r.accountId(),
                                                    new RulesetRating(
                                                            ruleset,
                                                            r.seats(),
                                                            PlacingRatings.MODEL,
                                                            r.accountId(),
                                                            r.name(),
                                                            r.mu(),
                                                            r.sigma(),
                                                            0,
                                                            r.games(),
                                                            r.firsts(),
                                                            0,
                                                            0)));
                    out.put(key, board);
                });
        return out;
    }

    public Optional<PlayerRating> byAccount(String accountId) {
        return jdbc.query("select * from rm_rating where account_id = ?", ROW, accountId).stream()
                .findFirst();
    }

    /** By the registered player's name (names of accounts are unique). */
    public Optional<PlayerRating> find(String player) {
        return jdbc.query("select * from rm_rating where player_name = ?", ROW, player).stream()
                .findFirst();
    }

    /** The best rated first (ties by name). */
    public List<PlayerRating> leaderboard(int limit) {
        return jdbc.query(
                "select * from rm_rating order by rating desc, player_name limit ?", ROW, limit);
    }

    public List<PlayerRating> all() {
        return jdbc.query("select * from rm_rating order by player_name", ROW);
    }

    private static final RowMapper<PlayerRating> ROW =
            (rs, n) ->
                    new PlayerRating(
                            rs.getString("player_name"),
                            rs.getDouble("rating"),
                            rs.getDouble("rd"),
                            rs.getDouble("volatility"),
                            rs.getInt("games"),
                            rs.getInt("wins"),
                            rs.getInt("losses"),
                            rs.getString("account_id"),
                            rs.getInt("draws"));
}
