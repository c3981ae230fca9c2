package io.duelhall.command.limits;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The abuse limits' properties and the body reader; also imported by the spectator edge. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(LimitsProperties.class)
public class LimitsConfig {
    @Bean
    public BodyReadFilter bodyReadFilter(
            LimitsProperties limits, ObjectProvider<MeterRegistry> meters) {
        return new BodyReadFilter(limits, meters);
    }
}
