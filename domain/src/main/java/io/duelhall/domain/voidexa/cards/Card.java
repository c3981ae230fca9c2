package io.duelhall.domain.voidexa.cards;

import java.util.List;

/**
 * A card definition from the catalog. Plain data: the catalog JSON is read outside the domain and
 * bound to these records.
 *
 * @param origin "RULES" if the rules document names the card, "DESIGNED" if the catalog designed it
 * @param note what the catalog chose where the rules are silent
 */
public record Card(
        String id,
        String name,
        CardType type,
        Rarity rarity,
        int cost,
        int heat,
        List<Keyword> keywords,
        String text,
        Targeting targeting,
        Integer maxTargets,
        List<Effect> effects,
        List<Trigger> triggers,
        List<Ability> abilities,
        List<Modifier> modifiers,
        DroneStats drone,
        Destination destination,
        String origin,
        String note) {
    public Card {
        keywords = keywords == null ? List.of() : List.copyOf(keywords);
        targeting = targeting == null ? Targeting.NONE : targeting;
        maxTargets = maxTargets == null ? 1 : maxTargets;
        effects = effects == null ? List.of() : List.copyOf(effects);
        triggers = triggers == null ? List.of() : List.copyOf(triggers);
        abilities = abilities == null ? List.of() : List.copyOf(abilities);
        modifiers = modifiers == null ? List.of() : List.copyOf(modifiers);
        destination = destination == null ? Destination.DISCARD : destination;
    }

    public boolean has(Keyword k) {
        return keywords.contains(k);
    }
}
