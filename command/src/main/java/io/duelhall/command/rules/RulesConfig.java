package io.duelhall.command.rules;

import io.duelhall.domain.Rulesets;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The rulesets this server hosts, at every released version, with their card catalogs read from the bundled JSON. */
@Configuration(proxyBeanMethods = false)
public class RulesConfig {
    @Bean
    public VoidexaRuleset voidexaRuleset() {
        return new VoidexaRuleset(CatalogReader.voidexa());
    }

    /** The current version of each ruleset, and every earlier release still served (ReleasedRules). */
    @Bean
    public Rulesets rulesets(VoidexaRuleset voidexa) {
        return ReleasedRules.hosted(voidexa);
    }
}
