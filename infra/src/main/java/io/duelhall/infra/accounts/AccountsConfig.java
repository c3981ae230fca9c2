package io.duelhall.infra.accounts;

import io.duelhall.command.api.PlayerIdentities;
import java.time.Clock;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

@Configuration
class AccountsConfig {
    @Bean
    public Accounts accounts(
            JdbcTemplate jdbc,
            Clock clock,
            @Value("${duelhall.accounts.password-cost}") int passwordCost) {
        Accounts accounts = new Accounts(jdbc, clock, passwordCost);
        // accounts registered before name skeletons existed (issue 45, finding 6; V16)
        accounts.fillSkeletons();
        return accounts;
    }

    @Bean
    public PlayerBlocks playerBlocks(JdbcTemplate jdbc, Clock clock) {
        return new PlayerBlocks(jdbc, clock);
    }

    @Bean
    public PlayerIdentities playerIdentities(Accounts accounts) {
        return new PlayerIdentities() {
            @Override
            public java.util.Optional<Player> byToken(String token) {
                return accounts.byToken(token).map(a -> new Player(a.accountId(), a.name()));
            }

            @Override
            public java.util.Optional<Player> byName(String name) {
                return accounts.byName(name).map(a -> new Player(a.accountId(), a.name()));
            }
        };
    }
}
