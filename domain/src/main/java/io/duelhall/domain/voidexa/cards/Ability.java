package io.duelhall.domain.voidexa.cards;

import java.util.List;

/**
 * An ability of a card in play that its owner activates in the main phase, once per turn.
 *
 * @param vent Heat the ability costs: the owner must have at least this much Heat, and loses it at
 *     once when activating ("Reduce Heat by X to gain Y", D-HEAT-2; engine voidexa-1.2.0 and
 *     later). 0 for none.
 */
public record Ability(
        String name, int energy, int heat, Targeting targeting, List<Effect> effects, int vent) {
    public Ability {
        targeting = targeting == null ? Targeting.NONE : targeting;
        effects = effects == null ? List.of() : List.copyOf(effects);
    }
}
