package io.duelhall.domain;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * Options chosen when a match is created.
 *
 * @param spectatorDelaySeconds how far behind live play spectators are served (0 to 900)
 * @param turnClockSeconds seconds a seat has for its turn, or null for no clock
 * @param responseSeconds seconds a responder has in a response window, or null
 * @param ai seats the server's AI plays, and which AI (e.g. {@code {B: "greedy"}}); null when none.
 *     Recorded in the match so everyone, auditors included, sees which seats were AI.
 * @param timeoutLoss how many turn timeouts of one seat lose it the match (D-CLOCK-5): 0 = never, 1
 *     to {@link #MAX_TIMEOUT_LOSS}; null = the ruleset's default (voidexa engine 1.2.0: the third
 *     in a rated match, never otherwise; earlier engines, which refuse the option: the third, as
 *     D-CLOCK-1 — so a match created before the option plays as it did).
 * @param seats how many seats the match has (A, B, ... in order), within the ruleset's range; null
 *     = the ruleset's fewest ({@link Ruleset#minSeats()}), as every match before the option
 * @param clockPolicy the version of the server's clock policy ({@link ClockPolicy}) the match is
 *     played and audited under. Chosen by the server when it opens a match with clocks, never by
 *     the client ({@link ClockPolicy#forNewMatch}); null = policy 1, as every match before issue 26
 *     (and every match without clocks, where the policies agree: they set no clock).
 */
public record MatchOptions(
        int spectatorDelaySeconds,
        Integer turnClockSeconds,
        Integer responseSeconds,
        Map<Seat, String> ai,
        Integer timeoutLoss,
        Integer seats,
        Integer clockPolicy) {
    public static final int MAX_SPECTATOR_DELAY = 900;

    /** The most turn timeouts a match may allow before one loses (D-CLOCK-5). */
    public static final int MAX_TIMEOUT_LOSS = 99;

    /**
     * Why a match cannot be created with these options (each option's range, the AI seats named),
     * as the refusal every ruleset answers; null when they are fine. One place for every ruleset's
     * {@code create}.
     */
    public static Refusal problem(MatchOptions o) {
        if (o.spectatorDelaySeconds() < 0 || o.spectatorDelaySeconds() > MAX_SPECTATOR_DELAY) {
            return Refusal.malformed(
                    "OUT_OF_RANGE", "spectatorDelaySeconds must be between 0 and 900.");
        }
        if ((o.turnClockSeconds() != null
                        && (o.turnClockSeconds() < 5 || o.turnClockSeconds() > 3600))
                || (o.responseSeconds() != null
                        && (o.responseSeconds() < 1 || o.responseSeconds() > 600))) {
            return Refusal.malformed(
                    "OUT_OF_RANGE",
                    "turnClockSeconds must be 5–3600 and responseSeconds 1–600 when given.");
        }
        if (o.timeoutLoss() != null
                && (o.timeoutLoss() < 0 || o.timeoutLoss() > MAX_TIMEOUT_LOSS)) {
            return Refusal.malformed(
                    "OUT_OF_RANGE",
                    "timeoutLoss must be 0 (turn timeouts never lose) to "
                            + MAX_TIMEOUT_LOSS
                            + " when given.");
        }
        // AI seats among the match's seats: A and B of a two-seat match, A to F of six (casket)
        int seatCount = o.seats() == null ? 2 : Math.max(2, Math.min(o.seats(), 6));
        if (o.ai() != null
                && o.ai().entrySet().stream()
                        .anyMatch(
                                e ->
                                        e.getKey() == null
                                                || e.getKey().ordinal() >= seatCount
                                                || e.getValue() == null
                                                || e.getValue().isBlank())) {
            return Refusal.malformed(
                    "INVALID_FIELD",
                    seatCount == 2
                            ? "ai names an AI for seat A and/or B, e.g. {\"B\": \"greedy\"}."
                            : "ai names an AI for seats A to "
                                    + Seat.values()[seatCount - 1]
                                    + " of this "
                                    + seatCount
                                    + "-seat match, e.g. {\"B\": \"greedy\"}.");
        }
        return null;
    }

    /**
     * Turn timeouts that lose under D-CLOCK-1 (the default before D-CLOCK-5, and in rated matches
     * since).
     */
    public static final int DEFAULT_TIMEOUT_LOSS = 3;

    public MatchOptions {
        ai = ai == null || ai.isEmpty() ? null : Collections.unmodifiableMap(new EnumMap<>(ai));
    }

    public MatchOptions(
            int spectatorDelaySeconds,
            Integer turnClockSeconds,
            Integer responseSeconds,
            Map<Seat, String> ai,
            Integer timeoutLoss,
            Integer seats) {
        this(
                spectatorDelaySeconds,
                turnClockSeconds,
                responseSeconds,
                ai,
                timeoutLoss,
                seats,
                null);
    }

    public MatchOptions(
            int spectatorDelaySeconds,
            Integer turnClockSeconds,
            Integer responseSeconds,
            Map<Seat, String> ai,
            Integer timeoutLoss) {
        this(spectatorDelaySeconds, turnClockSeconds, responseSeconds, ai, timeoutLoss, null);
    }

    public MatchOptions(
            int spectatorDelaySeconds,
            Integer turnClockSeconds,
            Integer responseSeconds,
            Map<Seat, String> ai) {
        this(spectatorDelaySeconds, turnClockSeconds, responseSeconds, ai, null, null);
    }

    public MatchOptions(
            int spectatorDelaySeconds, Integer turnClockSeconds, Integer responseSeconds) {
        this(spectatorDelaySeconds, turnClockSeconds, responseSeconds, null, null, null);
    }

    public static MatchOptions defaults() {
        return new MatchOptions(0, null, null);
    }

    /** These options with the clock policy version {@code version} (null: policy 1). */
    public MatchOptions withClockPolicy(Integer version) {
        return new MatchOptions(
                spectatorDelaySeconds,
                turnClockSeconds,
                responseSeconds,
                ai,
                timeoutLoss,
                seats,
                version);
    }

    /** Whether the match has a clock at all (a turn or a response clock). */
    public boolean clocked() {
        return turnClockSeconds != null || responseSeconds != null;
    }

    /** How many seats a match of {@code ruleset} with these options has. */
    public int seatCount(Ruleset ruleset) {
        return seats == null ? ruleset.minSeats() : seats;
    }

    /** The AI that plays {@code seat}, or null if a person does. */
    public String aiPlayer(Seat seat) {
        return ai == null ? null : ai.get(seat);
    }
}
