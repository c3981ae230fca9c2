package io.duelhall.command.queue;

import io.duelhall.domain.matchmaking.PairingRules;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code duelhall.queue.*}: how often waves run, when one runs at once, how long a ticket waits at
 * most, how long two players are not paired again, and the clocks of rated queues' matches; how
 * many dodges within {@code dodge-window} (2 in 1 h) keep an account out of every queue, and for
 * how long after the latest ({@code dodge-cooldown}, 10 min; 0 dodges: never).
 */
@ConfigurationProperties("duelhall.queue")
record QueueProperties(
        Duration wave,
        Integer waveAt,
        Duration ticketTtl,
        Duration rematch,
        Integer turnClockSeconds,
        Integer responseSeconds,
        Integer dodgesBeforeCooldown,
        Duration dodgeWindow,
        Duration dodgeCooldown) {
    public QueueProperties {
        wave = wave == null ? Duration.ofSeconds(2) : wave;
        waveAt = waveAt == null ? 32 : waveAt;
        ticketTtl = ticketTtl == null ? Duration.ofMinutes(10) : ticketTtl;
        rematch = rematch == null ? Duration.ofMinutes(10) : rematch;
        turnClockSeconds = turnClockSeconds == null ? 120 : turnClockSeconds;
        responseSeconds = responseSeconds == null ? 30 : responseSeconds;
        dodgesBeforeCooldown = dodgesBeforeCooldown == null ? 2 : dodgesBeforeCooldown;
        dodgeWindow = dodgeWindow == null ? Duration.ofHours(1) : dodgeWindow;
        dodgeCooldown = dodgeCooldown == null ? Duration.ofMinutes(10) : dodgeCooldown;
    }

    /** The pairing rules of a queue of {@code seats} seats ({@link PairingRules#forSeats}). */
    PairingRules rules(int seats) {
        return PairingRules.forSeats(seats);
    }
}
