package io.duelhall.domain.tournament;

/** One table of a round: entrant {@code a} takes the first seat, {@code b} the second. */
public record Table(int number, String a, String b) {
    public boolean has(String entry) {
        return a.equals(entry) || b.equals(entry);
    }

    public String opponentOf(String entry) {
        return a.equals(entry) ? b : a;
    }
}
