package io.duelhall.domain.voidexa.cards;

/** The nine card types and where each goes once played (seed section 4). */
public enum CardType {
    WEAPON(false),
    DRONE(true),
    DEFENSE(false),
    MANEUVER(false),
    AI_ROUTINE(true),
    MODULE(true),
    EQUIPMENT(true),
    FIELD(true),
    SHIP_CORE(true);

    private final boolean persistent;

    CardType(boolean persistent) {
        this.persistent = persistent;
    }

    /** Persistent cards stay in play; one-shots go to their destination (discard by default). */
    public boolean persistent() {
        return persistent;
    }
}
