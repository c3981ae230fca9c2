package io.duelhall.domain.voidexa.cards;

import java.util.List;

/** A pilot class and its passive, active from turn 1 (V-SETUP-3). */
public record PilotClass(
        String id, String name, String text, List<Trigger> triggers, List<Modifier> modifiers) {
    public PilotClass {
        triggers = triggers == null ? List.of() : List.copyOf(triggers);
        modifiers = modifiers == null ? List.of() : List.copyOf(modifiers);
    }
}
