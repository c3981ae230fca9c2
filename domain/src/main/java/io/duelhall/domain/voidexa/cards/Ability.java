package io.duelhall.domain.voidexa.cards;

import java.util.List;

/** An ability of a card in play that its owner activates in the main phase, once per turn. */
public record Ability(String name, int energy, int heat, Targeting targeting, List<Effect> effects) {
    public Ability {
        targeting = targeting == null ? Targeting.NONE : targeting;
        effects = effects == null ? List.of() : List.copyOf(effects);
    }
}
