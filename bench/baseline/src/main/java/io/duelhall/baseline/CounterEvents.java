package io.duelhall.baseline;

/** The three events of one {@link Increment}, each a small JSON payload. */
public final class CounterEvents {
    private CounterEvents() {}

    /** The counter went up by {@code by} to {@code total}. */
    public record Incremented(String counterId, int by, long total, String commandId) {}

    /** The new total was checked against its bound. */
    public record Checked(String counterId, long total, boolean withinBound, long bound) {}

    /** A note of the command, as an audit line would keep it. */
    public record Noted(String counterId, String commandId, String note, long at) {}
}
