package io.duelhall.domain.voidexa.ai;

import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.cards.StarterDeck;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * N self-play matches of a first player against a second, seats swapped every other match and the
 * starter decks rotated, so neither seat order nor deck favours either player.
 */
public final class Series {
    private final VoidexaRuleset rules;
    private final SelfPlay selfPlay;

    public Series(VoidexaRuleset rules) {
        this.rules = rules;
        this.selfPlay = new SelfPlay(rules);
    }

    /**
     * The tally, seen from the first player.
     *
     * @param events events of all matches together
     * @param decisionNanos time spent choosing, both players, all matches
     */
    public record Tally(
            String first,
            String second,
            int matches,
            int wins,
            int losses,
            int draws,
            long events,
            long intents,
            long decisionNanos,
            long elapsedNanos) {
        public double winRate() {
            return matches == 0 ? 0 : (double) wins / matches;
        }

        public double eventsPerSecond() {
            return elapsedNanos == 0 ? 0 : events * 1e9 / elapsedNanos;
        }

        public double microsPerDecision() {
            return intents == 0 ? 0 : decisionNanos / 1e3 / intents;
        }

        @Override
        public String toString() {
            return String.format(
                    "%s vs %s: %d matches, %d wins, %d losses, %d draws (win rate %.1f %%); "
                            + "%d events, %d intents, %.1f µs per decision, %.0f events/s overall",
                    first,
                    second,
                    matches,
                    wins,
                    losses,
                    draws,
                    100 * winRate(),
                    events,
                    intents,
                    microsPerDecision(),
                    eventsPerSecond());
        }
    }

    /**
     * Plays {@code n} matches from {@code firstSeed}; {@code progress} is told after each one (how
     * many are done).
     */
    public Tally run(String first, String second, int n, long firstSeed, IntConsumer progress) {
        List<StarterDeck> decks = rules.catalog().starterDecks();
        int wins = 0;
        int losses = 0;
        int draws = 0;
        long events = 0;
        long intents = 0;
        long thinking = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            long seed = firstSeed + i;
            Player p1 = player(first, seed * 2);
            Player p2 = player(second, seed * 2 + 1);
            boolean firstIsA = i % 2 == 0;
            StarterDeck deckA = decks.get((i / 2) % decks.size());
            StarterDeck deckB = decks.get((i / 2 + 1) % decks.size());
            SelfPlay.Game g =
                    firstIsA
                            ? selfPlay.play(seed, p1, p2, deckA, deckB)
                            : selfPlay.play(seed, p2, p1, deckA, deckB);
            Seat mine = firstIsA ? Seat.A : Seat.B;
            if (g.winner() == null) {
                draws++;
            } else if (g.winner() == mine) {
                wins++;
            } else {
                losses++;
            }
            events += g.eventCount();
            intents += g.intents().size();
            thinking += g.decisionNanos();
            if (progress != null) {
                progress.accept(i + 1);
            }
        }
        return new Tally(
                first,
                second,
                n,
                wins,
                losses,
                draws,
                events,
                intents,
                thinking,
                System.nanoTime() - t0);
    }

    private Player player(String name, long seed) {
        return Players.of(name, rules, seed)
                .orElseThrow(
                        () ->
                                new IllegalArgumentException(
                                        "unknown player '" + name + "'; known: " + Players.NAMES));
    }
}
