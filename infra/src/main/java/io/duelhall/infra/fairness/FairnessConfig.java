package io.duelhall.infra.fairness;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.duelhall.domain.Rulesets;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The match record and the audit, on the event store's own JSON mapper. */
@Configuration(proxyBeanMethods = false)
public class FairnessConfig {
    @Bean
    public MatchRecords matchRecords(@Qualifier("axonObjectMapper") ObjectMapper mapper, Rulesets rulesets) {
        return new MatchRecords(mapper, rulesets);
    }

    @Bean
    public Auditor auditor(MatchRecords records) {
        return new Auditor(records);
    }
}
