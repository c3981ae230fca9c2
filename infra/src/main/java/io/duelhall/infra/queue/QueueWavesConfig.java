package io.duelhall.infra.queue;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.exceptions.TaskInstanceCurrentlyExecutingException;
import com.github.kagkarlsson.scheduler.task.TaskInstanceId;
import com.github.kagkarlsson.scheduler.task.helper.RecurringTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.FixedDelay;
import io.duelhall.command.queue.WaveRunner;
import java.time.Instant;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The queues' waves run on one node of the cluster at a time (issue 40): one recurring db-scheduler
 * task, {@value #TASK}, every {@code duelhall.queue.wave} after the last run ended. Its one row in
 * {@code scheduled_tasks} is the lease: the node that picks it (an update of that row, which only
 * one node wins) runs every queue's wave, then the row is due again for whichever node polls first.
 * A node that stops leaves the row due, and another node picks it up at its next poll ({@code
 * duelhall.deadlines.polling-millis}); a node killed in the middle of a run (a few milliseconds out
 * of every two seconds) holds it until db-scheduler declares the execution dead (missed
 * heartbeats). The same scheduler keeps the turn clocks' deadlines ({@code DeadlineConfig}).
 */
@Configuration(proxyBeanMethods = false)
class QueueWavesConfig {
    static final String TASK = "queue-waves";

    @Bean
    RecurringTask<Void> queueWavesTask(WaveRunner runner) {
        return Tasks.recurring(TASK, FixedDelay.of(runner.every()))
                .execute((instance, context) -> runner.runAll());
    }

    /**
     * A queue that holds {@code wave-at} tickets, or a newcomer that could be seated at once, makes
     * the task due now, and this node's scheduler looks for due work at once rather than at its
     * next poll ({@code polling-millis}, 500 ms): the wave runs within milliseconds on this node,
     * or on another that picks the row first. A run under way is left alone (it sees those tickets,
     * or the next one does).
     */
    @Bean
    WaveRunner.Wake queueWavesWake(ObjectProvider<Scheduler> scheduler) {
        TaskInstanceId id = TaskInstanceId.of(TASK, RecurringTask.INSTANCE);
        return () -> {
            try {
                Scheduler s = scheduler.getObject();
                s.reschedule(id, Instant.now());
                s.triggerCheckForDueExecutions();
            } catch (TaskInstanceCurrentlyExecutingException e) {
                // running now
            }
        };
    }
}
