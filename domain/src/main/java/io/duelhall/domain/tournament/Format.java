package io.duelhall.domain.tournament;

/** How a tournament pairs its rounds. */
public enum Format {
    SWISS,
    SINGLE_ELIMINATION,
    DOUBLE_ELIMINATION,
    ROUND_ROBIN
}
