package io.duelhall.command.rules;

import io.duelhall.domain.Rulesets;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The rulesets this server hosts, with their card catalogs read from the bundled JSON. */
@Configuration(proxyBeanMethods = false)
public class RulesConfig {
    @Bean
    public VoidexaRuleset voidexaRuleset() {
        return new VoidexaRuleset(CatalogReader.voidexa());
    }

    @Bean
    public Rulesets rulesets(VoidexaRuleset voidexa) {
        return new Rulesets(voidexa);
    }
}
