package io.duelhall.projections.view;

import io.duelhall.domain.ClockSet;
import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.RecordedEvent;
import java.util.Arrays;
import java.util.List;

/**
 * {@link Views#clockAfter} for every prefix of one growing list of events, each in constant time:
 * for each event the index of the last {@link ClockSet} or end event at or before it, filled as far
 * as asked. A live stream asks for the clock after each new event (a patch frame per event per
 * viewer); {@link Views#clockAfter} scanned the whole list back each time, so a long match without
 * a clock cost time in its length for every frame (issue 47: 6 % of HiddenInformationTest's
 * samples). The events must only grow (a list whose earlier events change needs a new instance).
 */
public final class ClockMarks {
    private int[] marks = new int[64];
    private int filled;

    /** The clock running after {@code events.get(upTo)}: what {@link Views#clockAfter} gives. */
    public Views.ClockView after(List<RecordedEvent> events, int upTo) {
        if (upTo < 0) {
            return null;
        }
        if (upTo >= marks.length) {
            marks = Arrays.copyOf(marks, Math.max(upTo + 1, 2 * marks.length));
        }
        for (; filled <= upTo; filled++) {
            Object p = events.get(filled).payload();
            marks[filled] =
                    p instanceof ClockSet || p instanceof Lifecycle.Ended
                            ? filled
                            : filled == 0 ? -1 : marks[filled - 1];
        }
        int mark = marks[upTo];
        return mark >= 0 && events.get(mark).payload() instanceof ClockSet c
                ? Views.clock(c)
                : null;
    }
}
