package io.duelhall.projections.ratings;

import java.util.List;

/**
 * The Glicko-2 rating system as published by Mark E. Glickman ("Example of the Glicko-2 system",
 * steps 1 to 8), checked against the worked example in that paper (Glicko2Test). No Java library on
 * Maven Central fits: the ones there are Scala or Clojure builds (and would bring their language
 * runtime along).
 */
public final class Glicko2 {
    /**
     * The Glicko-2 scale factor between the Glicko and Glicko-2 scales (173.7178 = 400 / ln 10).
     */
    static final double SCALE = 173.7178;

    static final double EPSILON = 0.000001;

    /**
     * rating, rating deviation (RD) and volatility, on the Glicko scale (1500 / 350 / 0.06 for a
     * new player).
     */
    public record Rating(double rating, double rd, double volatility) {
        public static final Rating NEW = new Rating(1500, 350, 0.06);
    }

    /**
     * One game in a rating period: the opponent's rating before the period, and the score (1 win, 0
     * loss, 0.5 draw).
     */
    public record Game(Rating opponent, double score) {}

    private Glicko2() {}

    /**
     * The player's rating after a rating period with these games.
     *
     * @param tau the system constant constraining the change in volatility (Glickman suggests 0.3
     *     to 1.2)
     */
    public static Rating rate(Rating player, List<Game> games, double tau) {
        // Step 2: to the Glicko-2 scale.
        double mu = (player.rating() - 1500) / SCALE;
        double phi = player.rd() / SCALE;
        double sigma = player.volatility();
        if (games.isEmpty()) {
            // Step 6 only: an idle player's deviation grows.
            return new Rating(player.rating(), Math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma);
        }
        // Steps 3 and 4: estimated variance v and improvement delta.
        double vInverse = 0;
        double sum = 0;
        for (Game game : games) {
            double muJ = (game.opponent().rating() - 1500) / SCALE;
            double phiJ = game.opponent().rd() / SCALE;
            double g = g(phiJ);
            double e = e(mu, muJ, g);
            vInverse += g * g * e * (1 - e);
            sum += g * (game.score() - e);
        }
        double v = 1 / vInverse;
        double delta = v * sum;
        // Step 5: the new volatility, by the Illinois algorithm.
        double sigmaNew = volatility(delta, phi, v, sigma, tau);
        // Steps 6 and 7: new deviation and rating.
        double phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
        double phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
        double muNew = mu + phiNew * phiNew * sum;
        // Step 8: back to the Glicko scale.
        return new Rating(SCALE * muNew + 1500, SCALE * phiNew, sigmaNew);
    }

    static double g(double phi) {
        return 1 / Math.sqrt(1 + 3 * phi * phi / (Math.PI * Math.PI));
    }

    static double e(double mu, double muJ, double g) {
        return 1 / (1 + Math.exp(-g * (mu - muJ)));
    }

    private static double volatility(double delta, double phi, double v, double sigma, double tau) {
        double a = Math.log(sigma * sigma);
        double d2 = delta * delta;
        double p2 = phi * phi;
        java.util.function.DoubleUnaryOperator f =
                x -> {
                    double ex = Math.exp(x);
                    double denominator = p2 + v + ex;
                    return ex * (d2 - p2 - v - ex) / (2 * denominator * denominator)
                            - (x - a) / (tau * tau);
                };
        double bigA = a;
        double bigB;
        if (d2 > p2 + v) {
            bigB = Math.log(d2 - p2 - v);
        } else {
            int k = 1;
            while (f.applyAsDouble(a - k * tau) < 0) {
                k++;
            }
            bigB = a - k * tau;
        }
        double fA = f.applyAsDouble(bigA);
        double fB = f.applyAsDouble(bigB);
        while (Math.abs(bigB - bigA) > EPSILON) {
            double bigC = bigA + (bigA - bigB) * fA / (fB - fA);
            double fC = f.applyAsDouble(bigC);
            if (fC * fB <= 0) {
                bigA = bigB;
                fA = fB;
            } else {
                fA = fA / 2;
            }
            bigB = bigC;
            fB = fC;
        }
        return Math.exp(bigA / 2);
    }
}
