package io.duelhall.infra.accounts;

import io.duelhall.command.api.PlayerIdentities;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

@Configuration
class AccountsConfig {
    @Bean
    public Accounts accounts(JdbcTemplate jdbc, Clock clock) {
        return new Accounts(jdbc, clock);
    }

    @Bean
    public PlayerIdentities playerIdentities(Accounts accounts) {
        return token ->
                accounts.byToken(token)
                        .map(a -> new PlayerIdentities.Player(a.accountId(), a.name()));
    }
}
