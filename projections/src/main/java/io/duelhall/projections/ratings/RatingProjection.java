package io.duelhall.projections.ratings;

import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.Lifecycle.Outcome;
import io.duelhall.domain.Seat;
import io.duelhall.projections.Projections;
import io.duelhall.projections.ratings.Glicko2.Game;
import io.duelhall.projections.ratings.Glicko2.Rating;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.TrackingToken;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

/**
 * Glicko-2 ratings of registered players, keyed by account id (the account's name is shown). Only a
 * match where every seat was taken by a registered player ({@link
 * Lifecycle.SeatTaken#accountId()}), each by another account, is rated; a guest or AI seat makes
 * the match unrated, so playing under someone's name never moves their rating (issue 20 item 4).
 * Each ended match is one rating period for each player, who played one game against each other
 * seat, rated against that seat's rating before the match: a seat that did better scores 1, worse
 * 0, two seats that drew 0.5 each, two seats that lost while another seat won or drew 0.5 each
 * (they tied for a lower place), and when every seat lost each scores 0 against each (voidexa's
 * V-WIN-4: a match both lost is a loss for both). How a seat did is read off {@link
 * Lifecycle.Ended} (won, lost or drew), whatever the ruleset; a concession is a loss.
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

    /** One seat of a rated match: its account, the name shown, and how it came out. */
    private record RatedSeat(String seat, String accountId, String name, Outcome outcome) {}

    private record RatedMatch(String matchId, List<RatedSeat> seats) {}

    public RatingProjection(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
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
                                        event.outcome(Seat.valueOf(rs.getString(1)))),
                        matchId);
        if (seats.size() < 2
                || seats.stream().anyMatch(s -> s.accountId() == null)
                || seats.stream().map(RatedSeat::accountId).distinct().count() < seats.size()) {
            return; // a guest, an AI or one account on two seats: unrated
        }
        RatedMatch m = new RatedMatch(matchId, List.copyOf(seats));
        Long last = jdbc.queryForObject("select max(position) from rm_rated_match", Long.class);
        if (position == Long.MAX_VALUE) {
            position = last == null ? 0 : last + 1;
        }
        jdbc.update(
                "insert into rm_rated_match (match_id, position) values (?, ?)", matchId, position);
        for (RatedSeat s : seats) {
            jdbc.update(
                    "insert into rm_rated_seat (match_id, seat, account_id, player_name, outcome) values (?, ?, ?, ?, ?)",
                    matchId,
                    s.seat(),
                    s.accountId(),
                    s.name(),
                    s.outcome().name());
        }
        if (last != null && position < last) {
            recomputeAll();
            return;
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
        ratedMatches().forEach(m -> rate(m, ratings));
        jdbc.update("delete from rm_rating");
        ratings.values().forEach(this::save);
    }

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
                "select match_id, seat, account_id, player_name, outcome from rm_rated_seat order by match_id, seat",
                rs -> {
                    seats.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                            .add(
                                    new RatedSeat(
                                            rs.getString(2),
                                            rs.getString(3),
                                            rs.getString(4),
                                            Outcome.valueOf(rs.getString(5))));
                });
        return jdbc.query(
                "select match_id from rm_rated_match order by position, match_id",
                (rs, n) ->
                        new RatedMatch(
                                rs.getString(1),
                                List.copyOf(seats.getOrDefault(rs.getString(1), List.of()))));
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

    @ResetHandler
    public void reset() {
        jdbc.update("delete from rm_rating");
        jdbc.update("delete from rm_rated_seat");
        jdbc.update("delete from rm_rated_match");
        jdbc.update("delete from rm_rating_seat");
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
