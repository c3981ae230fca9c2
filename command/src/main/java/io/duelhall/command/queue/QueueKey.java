package io.duelhall.command.queue;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A queue: a ruleset, a seat count, rated or casual. Its id ({@code voidexa-2-rated}) is the queue
 * aggregate's id and the prefix of its tickets' ids ({@code voidexa-2-rated.<uuid>}).
 */
record QueueKey(String ruleset, int seats, boolean rated) {
    private static final Pattern ID =
            Pattern.compile("^([a-z0-9][a-z0-9_-]{0,39})-([2-6])-(rated|casual)$");

    public String id() {
        return ruleset + "-" + seats + "-" + (rated ? "rated" : "casual");
    }

    /** The queue of an id, if it is one. */
    public static Optional<QueueKey> parse(String id) {
        var m = id == null ? null : ID.matcher(id);
        if (m == null || !m.matches()) {
            return Optional.empty();
        }
        return Optional.of(
                new QueueKey(m.group(1), Integer.parseInt(m.group(2)), m.group(3).equals("rated")));
    }

    /** The queue a ticket id belongs to, if the id is well formed. */
    public static Optional<QueueKey> ofTicket(String ticketId) {
        if (ticketId == null || ticketId.length() > 120) {
            return Optional.empty();
        }
        int dot = ticketId.lastIndexOf('.');
        if (dot < 0 || !ticketId.substring(dot + 1).matches("[0-9a-f-]{36}")) {
            return Optional.empty();
        }
        return parse(ticketId.substring(0, dot));
    }
}
