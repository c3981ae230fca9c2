package io.duelhall.domain;

/** A place at the table. Voidexa uses A and B; other rulesets may seat up to six. */
public enum Seat {
    A,
    B,
    C,
    D,
    E,
    F;

    /** The other seat of a two-seat game. */
    public Seat opponent() {
        return switch (this) {
            case A -> B;
            case B -> A;
            default -> throw new IllegalStateException("no single opponent for seat " + this);
        };
    }
}
