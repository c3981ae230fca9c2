package io.duelhall.domain.tournament;

/**
 * Marks a tournament's stored event (the records are in {@code command/}, {@code
 * TournamentEvents}), so a read model, which sees the domain only, can take every tournament event
 * and no other: a processor then skips the match events without reading them.
 */
public interface TournamentStoredEvent {}
