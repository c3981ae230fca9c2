package io.duelhall.command;

import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

/** Time comes in from outside (STYLE 6): one Clock for the whole app, replaceable in tests. */
@Configuration(proxyBeanMethods = false)
public class CommandConfig {
    @Bean
    @ConditionalOnMissingBean
    public Clock clock() {
        return Clock.systemUTC();
    }
}
