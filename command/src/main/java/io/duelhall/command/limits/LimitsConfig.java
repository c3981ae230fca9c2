package io.duelhall.command.limits;

import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.DispatcherType;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/** The abuse limits' properties and the body reader; also imported by the spectator edge. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(LimitsProperties.class)
public class LimitsConfig {
    @Bean
    public BodyReadFilter bodyReadFilter(
            LimitsProperties limits, ObjectProvider<MeterRegistry> meters) {
        return new BodyReadFilter(limits, meters);
    }

    /**
     * Refuses second spellings of a path before any filter keyed by path sees the request (issue
     * 45, finding 1); it runs first, before the body is read.
     */
    @Bean
    public FilterRegistrationBean<CanonicalPathFilter> canonicalPathFilter(
            ObjectProvider<MeterRegistry> meters) {
        FilterRegistrationBean<CanonicalPathFilter> registration =
                new FilterRegistrationBean<>(new CanonicalPathFilter(meters));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        registration.setDispatcherTypes(DispatcherType.REQUEST);
        return registration;
    }
}
