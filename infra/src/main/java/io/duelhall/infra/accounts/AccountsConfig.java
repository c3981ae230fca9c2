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
        Accounts accounts = new Accounts(jdbc, clock);
        // accounts registered before name skeletons existed (issue 45, finding 6; V16)
        accounts.fillSkeletons();
        return accounts;
    }

    @Bean
    public PlayerIdentities playerIdentities(Accounts accounts) {
        return token ->
                accounts.byToken(token)
                        .map(a -> new PlayerIdentities.Player(a.accountId(), a.name()));
    }
}
