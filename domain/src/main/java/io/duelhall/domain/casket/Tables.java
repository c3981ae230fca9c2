package io.duelhall.domain.casket;

/** The rules document's tables as pure functions (C-SP-*, C-DRAW-1, C-HEAT-1, C-D-HIT-*). */
final class Tables {
    public static final int BASE_TO_HIT = 5;
    public static final int HAND_LIMIT = 6;
    public static final int DANGER_HEAT = 5;
    public static final int CRITICAL_HEAT = 10;

    /**
     * C-HEAT-1: SAFE below 5 Heat, DANGER at 5 to 9 (Strain is rolled), CRITICAL at 10 and more.
     */
    static String heatZone(int heat) {
        return heat >= CRITICAL_HEAT ? "CRITICAL" : heat >= DANGER_HEAT ? "DANGER" : "SAFE";
    }

    private Tables() {}

    /** A row of the Strain table. */
    public enum Strain {
        MINOR_OVERLOAD,
        SP_DRAIN,
        SYSTEM_DAMAGE,
        CRITICAL_FAILURE
    }

    /** The Strain table row of 1d6 + Heat. */
    public static Strain strain(int total) {
        if (total <= 5) {
            return Strain.MINOR_OVERLOAD;
        }
        if (total <= 8) {
            return Strain.SP_DRAIN;
        }
        return total <= 11 ? Strain.SYSTEM_DAMAGE : Strain.CRITICAL_FAILURE;
    }

    /** C-DRAW-1: ⌊played ÷ 2⌋ + 1, at least 2, at most 5. */
    public static int draws(int played) {
        return Math.max(2, Math.min(5, played / 2 + 1));
    }

    /** C-SP-1: the most SP a seat may spend in a turn, ⌊1.5 × max⌋. */
    public static int maxSpend(int max) {
        return max * 3 / 2;
    }

    /** C-SP-2: Heat from {@code overspent} SP beyond the maximum: one per SP after the first. */
    public static int overspendHeat(int overspent) {
        return Math.max(0, overspent - 1);
    }

    /** C-D-HIT-1: range 1–3 short (+0), 4–6 medium (+1), 7+ long (+2). */
    public static int rangeModifier(int distance) {
        return distance <= 3 ? 0 : distance <= 6 ? 1 : 2;
    }

    /** C-D-HIT-1: the attacker moved 0–2 hexes this turn (+0), 3–5 (+1), 6+ (+2). */
    public static int movementModifier(int moved) {
        return moved <= 2 ? 0 : moved <= 5 ? 1 : 2;
    }

    /** C-D-HIT-1: attacking into the front arc +1, a side 0, the rear −1. */
    public static int facingModifier(Hex.Arc arc) {
        return switch (arc) {
            case FRONT -> 1;
            case SIDE -> 0;
            case REAR -> -1;
        };
    }

    /** C-D-HIT-1: the target in difficult terrain has cover, +1. */
    public static int coverModifier(boolean targetInDifficult) {
        return targetInDifficult ? 1 : 0;
    }

    /** C-D-HIT-1: shooting down −1, up +1, level 0. */
    public static int elevationModifier(int attacker, int target) {
        return Integer.compare(target, attacker);
    }

    /** The outcome of an attack roll. */
    public enum Result {
        MISS(0, 0),
        HIT(0, 0),
        STRONG_HIT(1, 0),
        CRITICAL(2, 0),
        EXECUTION(3, 1);

        /** Extra damage, extra Component Damage (C-D-HIT-3). */
        public final int damage;

        public final int component;

        Result(int damage, int component) {
            this.damage = damage;
            this.component = component;
        }
    }

    /** C-D-HIT-2: below {@code need} misses; else by the total: ≤6 hit, 7–8 strong, 9, 10. */
    public static Result result(int total, int need) {
        if (total < need || total <= 0) {
            return Result.MISS;
        }
        if (total <= 6) {
            return Result.HIT;
        }
        if (total <= 8) {
            return Result.STRONG_HIT;
        }
        return total == 9 ? Result.CRITICAL : Result.EXECUTION;
    }
}
