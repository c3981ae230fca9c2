package io.duelhall.domain.tournament;

import java.util.List;

/** A pod of a round: its number (from 1) and its entrants in seat order (A, B, C, …). */
public record Pod(int number, List<String> seats) {
    public Pod {
        seats = List.copyOf(seats);
    }

    public boolean has(String entry) {
        return seats.contains(entry);
    }
}
