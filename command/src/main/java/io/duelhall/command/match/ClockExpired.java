package io.duelhall.command.match;

/** Deadline payload: the clock set by the ClockSet event at sequence {@code clockSeq} ran out. */
public record ClockExpired(long clockSeq) {}
