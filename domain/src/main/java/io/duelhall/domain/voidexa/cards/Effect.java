package io.duelhall.domain.voidexa.cards;

/**
 * One building block of a card effect.
 *
 * @param kind what it does
 * @param amount how much
 * @param to where DAMAGE lands (null means TARGET)
 * @param subsystem the subsystem for HEAL and for DAMAGE to ENEMY_SUBSYSTEM
 * @param pierce DAMAGE skips shields; DRONE_BOOST grants Pierce
 */
public record Effect(
        EffectKind kind, int amount, EffectTarget to, Subsystem subsystem, boolean pierce) {
    public EffectTarget toOrDefault() {
        return to == null ? EffectTarget.TARGET : to;
    }
}
