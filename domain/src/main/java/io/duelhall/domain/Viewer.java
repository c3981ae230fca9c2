package io.duelhall.domain;

/** Who is looking: one seat, a spectator, or everyone (after the match has ended). */
public record Viewer(Kind kind, Seat seat) {
    public enum Kind {
        SEAT,
        SPECTATOR,
        EVERYONE
    }

    public static final Viewer SPECTATOR = new Viewer(Kind.SPECTATOR, null);
    public static final Viewer EVERYONE = new Viewer(Kind.EVERYONE, null);

    public static Viewer seat(Seat seat) {
        return new Viewer(Kind.SEAT, seat);
    }

    /** Whether this viewer may see what only {@code owner} may see. */
    public boolean maySeeOwn(Seat owner) {
        return kind == Kind.EVERYONE || (kind == Kind.SEAT && seat == owner);
    }
}
