package io.duelhall.command.queue;

import java.time.Instant;

/**
 * An account's dodges (issue 40): seats a queue's wave gave it that it never played, losing on the
 * clock. Read from the server's read model of queue seats (infra's {@code QueueDodgeProjection},
 * derived from the queue's and the matches' events); the queue refuses a new ticket for a while
 * after {@code duelhall.queue.dodges-before-cooldown} of them within {@code dodge-window}.
 */
public interface QueueDodges {
    /**
     * {@code total} dodges ever, {@code recent} of them ended at or after the time asked, {@code
     * latest} when the latest ended (null: none).
     */
    record Count(int total, int recent, Instant latest) {
        public static final Count NONE = new Count(0, 0, null);
    }

    Count of(String account, Instant since);
}
