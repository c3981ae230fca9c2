package io.duelhall.domain.voidexa;

import io.duelhall.domain.Seat;

/** How a match ended. {@code winner} is null when both lost (V-WIN-4). */
public record Result(Seat winner, String reason) {}
