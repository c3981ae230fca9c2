package io.duelhall.projections.view;

import io.duelhall.domain.RecordedEvent;
import java.util.List;

/** Reads a match's stored events, in order, up to and including sequence number {@code lastSeq}. */
@FunctionalInterface
public interface MatchEvents {
    List<RecordedEvent> upTo(String matchId, long lastSeq);
}
