package io.duelhall.command.queue;

import java.time.Instant;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * An account's standing in the queues (issue 40): its dodges and, after {@code
 * duelhall.queue.dodges-before-cooldown} of them within {@code dodge-window}, until when it may not
 * queue ({@code dodge-cooldown} after the latest). What {@code GET /api/sessions/me} shows and what
 * the queue checks before it opens a ticket ({@code 403 QUEUE_COOLDOWN}).
 */
@Component
public class QueueStanding {
    /**
     * {@code dodges} ever, {@code recentDodges} within the window, {@code cooldownUntil} null when
     * the account may queue now.
     */
    public record Standing(int dodges, int recentDodges, Instant cooldownUntil) {}

    private final ObjectProvider<QueueDodges> dodges;
    private final QueueProperties props;
    private final java.time.Clock clock;

    QueueStanding(
            ObjectProvider<QueueDodges> dodges, QueueProperties props, java.time.Clock clock) {
        this.dodges = dodges;
        this.props = props;
        this.clock = clock;
    }

    /** The account's standing now. */
    public Standing of(String account) {
        return of(account, clock.instant());
    }

    public Standing of(String account, Instant now) {
        QueueDodges d = dodges.getIfAvailable();
        if (d == null || account == null) {
            return new Standing(0, 0, null);
        }
        QueueDodges.Count c = d.of(account, now.minus(props.dodgeWindow()));
        Instant until = null;
        int after = props.dodgesBeforeCooldown();
        if (after > 0 && c.recent() >= after && c.latest() != null) {
            Instant end = c.latest().plus(props.dodgeCooldown());
            until = end.isAfter(now) ? end : null;
        }
        return new Standing(c.total(), c.recent(), until);
    }

    /** The window the recent dodges are counted in, in minutes (for messages). */
    long windowMinutes() {
        return props.dodgeWindow().toMinutes();
    }
}
