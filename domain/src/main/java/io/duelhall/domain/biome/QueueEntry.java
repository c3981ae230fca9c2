package io.duelhall.domain.biome;

import io.duelhall.domain.Seat;
import java.util.List;
import java.util.Map;

/**
 * One action in the queue (seed 002): who took it, what it is, what it names and the choices made
 * when it was taken (B-QUEUE-1). {@code kind} CARD (a card played: {@code card}), SKILL (an agent's
 * skill: {@code source} the agent, {@code card} its card), REACTIVE (a reactive card reacting:
 * {@code card}), ADVANCE ({@code source} the agent, {@code targets} the biome, {@code cards} the
 * gear), ATTACK ({@code cards} the attackers), DEFEND ({@code cards} the defenders, {@code targets}
 * the attacker each blocks).
 */
public record QueueEntry(
        int id,
        Seat seat,
        String kind,
        CardRef card,
        String source,
        List<TargetRef> targets,
        Map<String, String> choices,
        List<String> cards) {
    public static final String CARD = "CARD";
    public static final String SKILL = "SKILL";
    public static final String REACTIVE = "REACTIVE";
    public static final String ADVANCE = "ADVANCE";
    public static final String ATTACK = "ATTACK";
    public static final String DEFEND = "DEFEND";

    public QueueEntry {
        targets = targets == null ? List.of() : List.copyOf(targets);
        choices =
                choices == null
                        ? Map.of()
                        : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(choices));
        cards = cards == null ? List.of() : List.copyOf(cards);
    }

    /** The X chosen (0 when none). */
    public int x() {
        String v = choices.get("x");
        return v == null ? 0 : Integer.parseInt(v);
    }

    /** The mode picked (0 when none). */
    public int mode() {
        String v = choices.get("mode");
        return v == null ? 0 : Integer.parseInt(v);
    }
}
