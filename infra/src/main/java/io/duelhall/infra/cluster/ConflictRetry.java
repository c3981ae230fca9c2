package io.duelhall.infra.cluster;

import jakarta.persistence.PersistenceException;
import java.sql.SQLException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.axonframework.commandhandling.CommandBus;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.commandhandling.gateway.DefaultCommandGateway;
import org.axonframework.commandhandling.gateway.IntervalRetryScheduler;
import org.axonframework.modelling.command.ConcurrencyException;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.DataAccessException;

/**
 * Two nodes (or two threads) writing one match at once: the store's unique (aggregate, sequence)
 * key lets one append win; the other fails with a {@link ConcurrencyException} and changes nothing.
 * The command gateway sends such a command again, on fresh state (Axon drops the aggregate from the
 * cache when its unit of work rolls back), a few times; only then does the client get {@code 409
 * CONCURRENT_UPDATE}. Nothing else is retried: a refusal or a bug is answered at once. Retrying is
 * safe because a command that lost changed nothing, and an intent carries its id, so a retry that
 * finds it already accepted answers with the recorded result.
 */
@Configuration(proxyBeanMethods = false)
class ConflictRetry {

    @Bean(destroyMethod = "shutdownNow")
    public ScheduledExecutorService commandRetryExecutor() {
        return Executors.newSingleThreadScheduledExecutor(
                r -> {
                    Thread t = new Thread(r, "command-retry");
                    t.setDaemon(true);
                    return t;
                });
    }

    @Bean
    public CommandGateway commandGateway(
            CommandBus commandBus,
            ScheduledExecutorService commandRetryExecutor,
            @Value("${duelhall.commands.conflict-retries:4}") int retries,
            @Value("${duelhall.commands.conflict-retry-millis:20}") int intervalMillis) {
        IntervalRetryScheduler retry =
                IntervalRetryScheduler.builder()
                        .retryExecutor(commandRetryExecutor)
                        .maxRetryCount(retries)
                        .retryInterval(intervalMillis)
                        // Axon asks this of the failure and of each of its causes; any "yes" stops
                        // the retries
                        .nonTransientFailurePredicate(failure -> !partOfAConflict(failure))
                        .build();
        return DefaultCommandGateway.builder().commandBus(commandBus).retryScheduler(retry).build();
    }

    /**
     * A lost append is a {@link ConcurrencyException} caused by the store's duplicate-key error (a
     * JPA/Hibernate exception over an SQL one). Axon tests the failure and each of its causes, so
     * all of those must count as transient; a storage error without a conflict on top is thereby
     * retried too, which is harmless: the command changed nothing.
     */
    static boolean partOfAConflict(Throwable t) {
        return t instanceof ConcurrencyException
                || t instanceof PersistenceException
                || t instanceof SQLException
                || t instanceof DataAccessException;
    }
}
