package io.duelhall.command.rules;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.ai.Players;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The rulesets this server hosts, at every released version, with their card catalogs read from the
 * bundled JSON.
 */
@Configuration(proxyBeanMethods = false)
public class RulesConfig {
    /**
     * Every released version of each ruleset, served (ReleasedRules); new matches take the newest,
     * or the one {@code duelhall.rules.voidexa.new-matches} names (a rolling upgrade:
     * docs/upgrading.md).
     */
    @Bean
    public Rulesets rulesets(@Value("${duelhall.rules.voidexa.new-matches:}") String newMatches) {
        return ReleasedRules.hosted(newMatches);
    }

    /**
     * voidexa at the version new matches take (its catalog is the one /api/cards shows by default).
     */
    @Bean
    public VoidexaRuleset voidexaRuleset(Rulesets rulesets) {
        return (VoidexaRuleset) rulesets.get(VoidexaRuleset.RULESET);
    }

    /**
     * voidexa's AI players (greedy, random), found by the ruleset's id wherever an AI seat is
     * played.
     */
    @Bean
    public AiPlayer.Roster voidexaAiPlayers() {
        return Players.ROSTER;
    }

    /** voidlit's AI players (greedy, random). */
    @Bean
    public AiPlayer.Roster voidlitAiPlayers() {
        return io.duelhall.domain.voidlit.ai.Players.ROSTER;
    }

    /** biome's AI players (greedy, random). */
    @Bean
    public AiPlayer.Roster biomeAiPlayers() {
        return io.duelhall.domain.biome.ai.Players.ROSTER;
    }

    /** casket's AI players (greedy, random). */
    @Bean
    public AiPlayer.Roster casketAiPlayers() {
        return io.duelhall.domain.casket.ai.Players.ROSTER;
    }
}
