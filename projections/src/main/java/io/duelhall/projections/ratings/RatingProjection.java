package io.duelhall.projections.ratings;

import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchEnded;
import io.duelhall.domain.voidexa.VoidexaEvent.PlayerJoined;
import io.duelhall.projections.Projections;
import io.duelhall.projections.ratings.Glicko2.Game;
import io.duelhall.projections.ratings.Glicko2.Rating;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.TrackingToken;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Glicko-2 ratings of registered players, keyed by account id (the account's name is shown). Only a match where
 * both seats were taken by registered players ({@code PlayerJoined.accountId}) is rated; a guest or AI seat makes
 * the match unrated, so playing under someone's name never moves their rating (issue 20 item 4). Each ended match is one rating period of one game for each player, rated
 * against the opponent's rating before the match: the winner scores 1, the loser 0; a concession is a loss
 * (V-WIN-3); a match both lost (V-WIN-4) scores 0 for both. A match between two seats of the same account is not rated.
 *
 * <p>Ratings depend on the order matches are rated in, so this processor runs on one segment and rates in the
 * event store's global order (the tracking token's position). Should a match end arrive out of that order (a
 * commit that filled a gap in the global index late), every rating is recomputed from the rated matches in order,
 * so the model always equals what a rebuild would produce.
 */
@ProcessingGroup(Projections.RATINGS)
public class RatingProjection {
    /** Glicko-2 system constant. */
    public static final double TAU = 0.5;

    private final JdbcTemplate jdbc;

    public record PlayerRating(String name, double rating, double rd, double volatility, int games, int wins, int losses,
                               String accountId) {
        static PlayerRating fresh(String accountId, String name) {
            return new PlayerRating(name, Rating.NEW.rating(), Rating.NEW.rd(), Rating.NEW.volatility(), 0, 0, 0, accountId);
        }

        Rating glicko() {
            return new Rating(rating, rd, volatility);
        }

        PlayerRating after(Rating r, boolean won) {
            return new PlayerRating(name, r.rating(), r.rd(), r.volatility(), games + 1, wins + (won ? 1 : 0),
                    losses + (won ? 0 : 1), accountId);
        }
    }

    /** {@code a}, {@code b}: account ids; {@code nameA}, {@code nameB}: their names. */
    private record RatedMatch(String matchId, String a, String b, int scoreA, boolean bothLost, String nameA, String nameB) {
    }

    public RatingProjection(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @EventHandler
    public void on(PlayerJoined event, DomainEventMessage<?> message) {
        seated(message.getAggregateIdentifier(), event.seat(), event.name(), event.accountId());
    }

    @EventHandler
    public void on(MatchEnded event, DomainEventMessage<?> message, TrackingToken token) {
        long position = token == null ? Long.MAX_VALUE : token.position().orElse(Long.MAX_VALUE);
        ended(message.getAggregateIdentifier(), event, position);
    }

    /** {@code accountId} null: a guest (or AI) seat, which leaves the match unrated. */
    public void seated(String matchId, Seat seat, String player, String accountId) {
        if (jdbc.queryForObject("select count(*) from rm_rating_seat where match_id = ? and seat = ?", Integer.class,
                matchId, seat.name()) == 0) {
            jdbc.update("insert into rm_rating_seat (match_id, seat, player_name, account_id) values (?, ?, ?, ?)",
                    matchId, seat.name(), player, accountId);
        }
    }

    /** Rates an ended match; {@code position} orders matches (the event's global index). */
    public void ended(String matchId, MatchEnded event, long position) {
        if (jdbc.queryForObject("select count(*) from rm_rated_match where match_id = ?", Integer.class, matchId) > 0) {
            return; // already rated
        }
        Map<String, String> seats = new HashMap<>();
        Map<String, String> names = new HashMap<>();
        jdbc.query("select seat, player_name, account_id from rm_rating_seat where match_id = ?",
                rs -> { seats.put(rs.getString(1), rs.getString(3)); names.put(rs.getString(1), rs.getString(2)); }, matchId);
        String a = seats.get("A");
        String b = seats.get("B");
        if (a == null || b == null || a.equals(b)) {
            return; // a guest, an AI or one account on both seats: unrated
        }
        RatedMatch m = new RatedMatch(matchId, a, b, event.winner() == Seat.A ? 1 : 0, event.winner() == null,
                names.get("A"), names.get("B"));
        Long last = jdbc.queryForObject("select max(position) from rm_rated_match", Long.class);
        if (position == Long.MAX_VALUE) {
            position = last == null ? 0 : last + 1;
        }
        jdbc.update("insert into rm_rated_match (match_id, position, player_a, player_b, score_a, both_lost, name_a, name_b)"
                + " values (?, ?, ?, ?, ?, ?, ?, ?)", matchId, position, a, b, m.scoreA(), m.bothLost() ? 1 : 0,
                m.nameA(), m.nameB());
        if (last != null && position < last) {
            recomputeAll();
            return;
        }
        Map<String, PlayerRating> ratings = new HashMap<>();
        ratings.put(a, byAccount(a).orElse(PlayerRating.fresh(a, m.nameA())));
        ratings.put(b, byAccount(b).orElse(PlayerRating.fresh(b, m.nameB())));
        rate(m, ratings);
        save(ratings.get(a));
        save(ratings.get(b));
    }

    private static void rate(RatedMatch m, Map<String, PlayerRating> ratings) {
        PlayerRating a = ratings.computeIfAbsent(m.a(), id -> PlayerRating.fresh(id, m.nameA()));
        PlayerRating b = ratings.computeIfAbsent(m.b(), id -> PlayerRating.fresh(id, m.nameB()));
        double scoreA = m.scoreA();
        double scoreB = m.bothLost() ? 0 : 1 - m.scoreA();
        Rating newA = Glicko2.rate(a.glicko(), List.of(new Game(b.glicko(), scoreA)), TAU);
        Rating newB = Glicko2.rate(b.glicko(), List.of(new Game(a.glicko(), scoreB)), TAU);
        ratings.put(m.a(), a.after(newA, scoreA == 1));
        ratings.put(m.b(), b.after(newB, scoreB == 1));
    }

    private void recomputeAll() {
        Map<String, PlayerRating> ratings = new LinkedHashMap<>();
        ratedMatches().forEach(m -> rate(m, ratings));
        jdbc.update("delete from rm_rating");
        ratings.values().forEach(this::save);
    }

    private void save(PlayerRating r) {
        Object[] values = {r.rating(), r.rd(), r.volatility(), r.games(), r.wins(), r.losses(), r.name(), r.accountId()};
        if (jdbc.update("update rm_rating set rating = ?, rd = ?, volatility = ?, games = ?, wins = ?, losses = ?,"
                + " player_name = ? where account_id = ?", values) == 0) {
            jdbc.update("insert into rm_rating (rating, rd, volatility, games, wins, losses, player_name, account_id)"
                    + " values (?, ?, ?, ?, ?, ?, ?, ?)", values);
        }
    }

    private List<RatedMatch> ratedMatches() {
        return jdbc.query("select * from rm_rated_match order by position, match_id", (rs, n) -> new RatedMatch(
                rs.getString("match_id"), rs.getString("player_a"), rs.getString("player_b"), rs.getInt("score_a"),
                rs.getInt("both_lost") == 1, rs.getString("name_a"), rs.getString("name_b")));
    }

    /**
     * Every rating as it would be had the given matches not ended yet (computed, not stored: the public leaderboard
     * while the end of a match with a spectator delay is not public yet), best first; empty when none of them is rated.
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
        return Optional.of(ratings.values().stream()
                .sorted(java.util.Comparator.comparingDouble(PlayerRating::rating).reversed()
                        .thenComparing(PlayerRating::name))
                .toList());
    }

    @ResetHandler
    public void reset() {
        jdbc.update("delete from rm_rating");
        jdbc.update("delete from rm_rated_match");
        jdbc.update("delete from rm_rating_seat");
    }

    public Optional<PlayerRating> byAccount(String accountId) {
        return jdbc.query("select * from rm_rating where account_id = ?", ROW, accountId).stream().findFirst();
    }

    /** By the registered player's name (names of accounts are unique). */
    public Optional<PlayerRating> find(String player) {
        return jdbc.query("select * from rm_rating where player_name = ?", ROW, player).stream().findFirst();
    }

    /** The best rated first (ties by name). */
    public List<PlayerRating> leaderboard(int limit) {
        return jdbc.query("select * from rm_rating order by rating desc, player_name limit ?", ROW, limit);
    }

    public List<PlayerRating> all() {
        return jdbc.query("select * from rm_rating order by player_name", ROW);
    }

    private static final RowMapper<PlayerRating> ROW = (rs, n) -> new PlayerRating(rs.getString("player_name"),
            rs.getDouble("rating"), rs.getDouble("rd"), rs.getDouble("volatility"), rs.getInt("games"),
            rs.getInt("wins"), rs.getInt("losses"), rs.getString("account_id"));
}
