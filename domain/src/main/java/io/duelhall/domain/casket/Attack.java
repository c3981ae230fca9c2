package io.duelhall.domain.casket;

import io.duelhall.domain.Seat;

/**
 * An attack under way: declared, rolled, waiting for the defender's reactive card ({@code stage}
 * REACT, C-REACT-1) or payment ({@code stage} PAY, C-DMG-1).
 *
 * @param damage the damage after the roll's bonus and before the reactive card
 * @param reduce the reactive card's reduction
 * @param finalDamage what the defender pays (PAY stage)
 */
public record Attack(
        Seat attacker,
        Seat defender,
        CardRef card,
        Component component,
        int need,
        int total,
        Tables.Result result,
        int damage,
        int reduce,
        int finalDamage,
        String stage) {
    public static final String REACT = "REACT";
    public static final String PAY = "PAY";

    Attack withStage(String s, int reduce, int finalDamage) {
        return new Attack(
                attacker,
                defender,
                card,
                component,
                need,
                total,
                result,
                damage,
                reduce,
                finalDamage,
                s);
    }
}
