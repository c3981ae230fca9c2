package io.duelhall.domain.tournament;

/** An entrant: its id in the tournament, its player's name, and its rating (for seeding). */
public record Entry(String id, String name, int rating) {}
