package io.duelhall.domain;

import java.time.Instant;

/**
 * An event as stored: its sequence number in the match, type, time, and payload (redacted where
 * served).
 */
public record RecordedEvent(long seq, String type, Instant at, MatchEvent payload) {}
