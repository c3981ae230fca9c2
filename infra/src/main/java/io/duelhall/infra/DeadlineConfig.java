package io.duelhall.infra;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerName;
import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.helper.RecurringTask;
import io.duelhall.infra.cluster.NodeConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.TransactionAwareDataSourceProxy;

/**
 * Turn clocks are Axon deadlines kept in the database by db-scheduler (table {@code
 * scheduled_tasks}, migration V2), so a deadline pending when the server dies fires after the
 * restart. Axon's {@code AxonDbSchedulerAutoConfiguration} builds the DbSchedulerDeadlineManager
 * and its task once a {@link Scheduler} bean exists; this class provides that scheduler and starts
 * it once the app is up.
 *
 * <p>The scheduler sees the data source through a {@link TransactionAwareDataSourceProxy}: a
 * deadline scheduled by a command handler is written in the same transaction as the command's
 * events, so neither can be stored without the other.
 */
@Configuration(proxyBeanMethods = false)
class DeadlineConfig {

    @Bean(destroyMethod = "") // stopped by dbSchedulerStarter
    public Scheduler dbScheduler(
            DataSource dataSource,
            List<Task<?>> tasks,
            NodeConfig.NodeName node,
            @Value("${duelhall.deadlines.polling-millis:500}") long pollingMillis,
            @Value("${duelhall.deadlines.threads:2}") int threads) {
        // one-time tasks (Axon's deadlines) are known; recurring ones (the queues' waves) are also
        // scheduled at start, once cluster-wide (their row in the table is shared)
        List<Task<?>> known = new ArrayList<>();
        List<RecurringTask<?>> recurring = new ArrayList<>();
        for (Task<?> t : tasks) {
            if (t instanceof RecurringTask<?> r) {
                recurring.add(r);
            } else {
                known.add(t);
            }
        }
        return Scheduler.create(new TransactionAwareDataSourceProxy(dataSource), known)
                .startTasks(recurring)
                .tableName("scheduled_tasks")
                // picks are marked with the node's name: nodes sharing the table tell their picks
                // apart
                .schedulerName(new SchedulerName.Fixed(node.value()))
                .pollingInterval(Duration.ofMillis(pollingMillis))
                .threads(threads)
                .heartbeatInterval(Duration.ofSeconds(30))
                .shutdownMaxWait(Duration.ofSeconds(2))
                .build();
    }

    /**
     * Starts polling only once everything else (Axon's processors, the aggregate repository) is
     * running.
     */
    @Bean
    public SmartLifecycle dbSchedulerStarter(Scheduler scheduler) {
        return new SmartLifecycle() {
            private volatile boolean running;

            @Override
            public void start() {
                scheduler.start();
                running = true;
            }

            @Override
            public void stop() {
                scheduler.stop();
                running = false;
            }

            @Override
            public boolean isRunning() {
                return running;
            }

            @Override
            public int getPhase() {
                return Integer.MAX_VALUE - 100;
            }
        };
    }
}
