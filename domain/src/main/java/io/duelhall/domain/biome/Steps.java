package io.duelhall.domain.biome;

import io.duelhall.domain.Seat;
import java.util.ArrayList;
import java.util.List;

/**
 * The turn's phases and steps (seed 004, B-PHASE-1) and who may act at which Speed in each
 * (B-SPEED-1). Refresh and draw (Start), damage (Battle) and reset (End) have no window: nobody
 * acts there, they just happen.
 */
public final class Steps {
    public static final String MAINTENANCE = "MAINTENANCE";
    public static final String FIRST_PRIMARY = "FIRST_PRIMARY";
    public static final String ADVANCE = "ADVANCE";
    public static final String ATTACK = "ATTACK";
    public static final String DEFEND = "DEFEND";
    public static final String SECOND_PRIMARY = "SECOND_PRIMARY";
    public static final String END = "END";

    /** Every step with a window, in turn order. */
    public static final List<String> WINDOWS =
            List.of(MAINTENANCE, FIRST_PRIMARY, ADVANCE, ATTACK, DEFEND, SECOND_PRIMARY, END);

    /** Every step of a turn, windows or not, in order (B-PHASE-1). */
    public static final List<String> ALL =
            List.of(
                    "REFRESH",
                    "DRAW",
                    MAINTENANCE,
                    FIRST_PRIMARY,
                    ADVANCE,
                    ATTACK,
                    DEFEND,
                    "DAMAGE",
                    SECOND_PRIMARY,
                    END,
                    "RESET");

    private Steps() {}

    /** The phase a step belongs to: START, FIRST_PRIMARY, BATTLE, SECOND_PRIMARY or END. */
    public static String phase(String step) {
        return switch (step) {
            case "REFRESH", "DRAW", MAINTENANCE -> "START";
            case FIRST_PRIMARY -> FIRST_PRIMARY;
            case ADVANCE, ATTACK, DEFEND, "DAMAGE" -> "BATTLE";
            case SECOND_PRIMARY -> SECOND_PRIMARY;
            case END, "RESET" -> "END";
            default -> step;
        };
    }

    public static boolean primary(String step) {
        return FIRST_PRIMARY.equals(step) || SECOND_PRIMARY.equals(step);
    }

    public static boolean battle(String step) {
        return ADVANCE.equals(step) || ATTACK.equals(step) || DEFEND.equals(step);
    }

    /**
     * B-SPEED-1 as seed 004 lists it per step: Speed 3 in every window, for both seats; Speed 2 in
     * the primary phases and the advance, attack and defend steps, for both seats; Speed 1 only for
     * the active seat in its primary phases with an empty queue. Steps without a window allow
     * nothing.
     */
    public static List<Integer> speeds(String step, boolean activeSeat, boolean queueEmpty) {
        List<Integer> out = new ArrayList<>();
        if (!WINDOWS.contains(step)) {
            return out;
        }
        if (primary(step) && activeSeat && queueEmpty) {
            out.add(1);
        }
        if (primary(step) || battle(step)) {
            out.add(2);
        }
        out.add(3);
        return out;
    }

    /** The Speeds {@code seat} may act at now (empty when it does not hold priority). */
    public static List<Integer> speeds(BiomeState s, Seat seat) {
        if (seat == null || s.priority() != seat || s.pending() != null) {
            return List.of();
        }
        return speeds(s.step(), seat == s.active(), s.queue().isEmpty());
    }

    /**
     * The step after {@code step} that has a window; DEFEND is skipped when nobody attacks
     * (B-D-BATTLE-1).
     */
    static String next(String step, boolean attackers) {
        return switch (step) {
            case MAINTENANCE -> FIRST_PRIMARY;
            case FIRST_PRIMARY -> ADVANCE;
            case ADVANCE -> ATTACK;
            case ATTACK -> attackers ? DEFEND : SECOND_PRIMARY;
            case DEFEND -> SECOND_PRIMARY;
            case SECOND_PRIMARY -> END;
            default -> null;
        };
    }
}
