package io.duelhall.domain.casket;

/** The five tracked components of a Casket; each is destroyed at 3 Component Damage. */
public enum Component {
    RIGHT_ARM,
    LEFT_ARM,
    LEGS,
    HEAD,
    CHASSIS;

    public static final int DESTROYED_AT = 3;

    /** The Strain table's 12+ row: 1 right arm, 2 left arm, 3-4 legs, 5 head, 6 chassis. */
    public static Component ofRoll(int d6) {
        return switch (d6) {
            case 1 -> RIGHT_ARM;
            case 2 -> LEFT_ARM;
            case 3, 4 -> LEGS;
            case 5 -> HEAD;
            default -> CHASSIS;
        };
    }
}
