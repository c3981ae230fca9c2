package io.duelhall.infra.fairness;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.duelhall.domain.Rulesets;
import io.duelhall.fairness.audit.Auditor;
import io.duelhall.fairness.record.MatchRecords;
import io.duelhall.fairness.signing.ServerKey;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The match record and the audit, on the event store's own JSON mapper. */
@Configuration(proxyBeanMethods = false)
class FairnessConfig {
    @Bean
    public MatchRecords matchRecords(
            @Qualifier("axonObjectMapper") ObjectMapper mapper, Rulesets rulesets) {
        return new MatchRecords(mapper, rulesets);
    }

    /** The key that signs match records: see {@link ServerKey}. */
    @Bean
    public ServerKey serverKey(
            @Value("${duelhall.signing.key-file:${duelhall.data-dir}/signing-key.pem}")
                    String path) {
        return new ServerKey(path);
    }

    @Bean
    public Auditor auditor(MatchRecords records) {
        return new Auditor(records);
    }
}
