package io.duelhall.command.match;

/**
 * Deadline payload: the seats' deadline ({@link io.duelhall.domain.SeatDeadlineSet}) of the match
 * has come.
 */
public record SeatsExpired() {}
