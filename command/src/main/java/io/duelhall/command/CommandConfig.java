package io.duelhall.command;

import java.time.Clock;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Time comes in from outside (STYLE 6): one Clock for the whole app, replaceable in tests. */
@Configuration(proxyBeanMethods = false)
public class CommandConfig {
    @Bean
    @ConditionalOnMissingBean
    public Clock clock() {
        return Clock.systemUTC();
    }
}
