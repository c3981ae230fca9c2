package io.duelhall.projections.ratings;

import com.pocketcombats.openskill.Adjudicator;
import com.pocketcombats.openskill.RatingModelConfig;
import com.pocketcombats.openskill.data.RatingAdjustment;
import com.pocketcombats.openskill.data.SimplePlayerResult;
import com.pocketcombats.openskill.data.SimpleTeamResult;
import com.pocketcombats.openskill.data.TeamResult;
import com.pocketcombats.openskill.model.PlackettLuce;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Ratings by placing for matches of 3 to 6 seats: the Weng-Lin Bayesian approximation of the
 * Plackett-Luce model (OpenSkill, {@code com.pocketcombats:openskill}), each seat a team of one,
 * seats that share a place tied. On the Glicko scale, so the queue weighs both alike: a new player
 * is 1500 ± 350 (OpenSkill's 25 ± 25/3, times 42), beta 175, tau 3.5.
 */
public final class PlacingRatings {
    /** The model's name and version, stored with every match it rated. */
    public static final String MODEL = "openskill-pl/1";

    public static final double MU = 1500;
    public static final double SIGMA = 350;
    static final RatingModelConfig CONFIG =
            RatingModelConfig.builder().setBeta(SIGMA / 2).setTau(SIGMA / 100).build();

    private PlacingRatings() {}

    /** One player's rating by placing for one seat count. */
    public record PlacingRating(
            String accountId,
            String name,
            int seats,
            double mu,
            double sigma,
            int games,
            int firsts) {
        static PlacingRating fresh(String accountId, String name, int seats) {
            return new PlacingRating(accountId, name, seats, MU, SIGMA, 0, 0);
        }
    }

    /** One seat of a match: its account and its place (1 = first; equal places tie). */
    record Placed(String accountId, String name, int place) {}

    /** The key of a rating in a map of ratings of every seat count. */
    static String key(String accountId, int seats) {
        return seats + "/" + accountId;
    }

    /**
     * Rates one match: every seat's rating is replaced in {@code ratings} (keyed by {@link #key})
     * by its rating after the match (a fresh rating when absent).
     */
    static void rate(List<Placed> seats, Map<String, PlacingRating> ratings) {
        int n = seats.size();
        List<TeamResult<String>> teams = new ArrayList<>();
        for (Placed s : seats) {
            PlacingRating r =
                    ratings.computeIfAbsent(
                            key(s.accountId(), n),
                            k -> PlacingRating.fresh(s.accountId(), s.name(), n));
            teams.add(
                    new SimpleTeamResult<>(
                            r.mu(),
                            r.sigma(),
                            s.place(),
                            List.of(new SimplePlayerResult<>(s.accountId(), r.mu(), r.sigma()))));
        }
        var adjudicator = new Adjudicator<String>(CONFIG, new PlackettLuce(CONFIG));
        for (RatingAdjustment<String> a : adjudicator.rate(teams)) {
            PlacingRating r = ratings.get(key(a.playerId(), n));
            boolean first =
                    seats.stream()
                            .anyMatch(s -> s.accountId().equals(a.playerId()) && s.place() == 1);
            ratings.put(
                    key(a.playerId(), n),
                    new PlacingRating(
                            r.accountId(),
                            seats.stream()
                                    .filter(s -> s.accountId().equals(a.playerId()))
                                    .findFirst()
                                    .map(Placed::name)
                                    .orElse(r.name()),
                            n,
                            a.mu(),
                            a.sigma(),
                            r.games() + 1,
                            r.firsts() + (first ? 1 : 0)));
        }
    }
}
