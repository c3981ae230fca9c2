package io.duelhall.domain.tournament;

import java.util.Map;

/**
 * One line of the standings: rank (1 first), the entrant, match points, match record, the
 * tie-breaks of the chain, and whether the entrant has left.
 */
public record Standing(
        int rank,
        String entry,
        int points,
        int wins,
        int losses,
        int draws,
        Map<TieBreak, Ratio> tieBreaks,
        boolean dropped) {}
