package io.duelhall.baseline;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.duelhall.baseline.CounterEvents.Checked;
import io.duelhall.baseline.CounterEvents.Incremented;
import io.duelhall.baseline.CounterEvents.Noted;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * An event-sourced counter: each {@link Increment} applies 3 events ({@link Incremented}, {@link
 * Checked}, {@link Noted}); the first one creates the counter. Kept in the strong bounded cache
 * {@link BaselineConfig#COUNTER_CACHE}, as the app keeps its matches.
 */
@Aggregate(cache = BaselineConfig.COUNTER_CACHE)
public class Counter {
    static final long BOUND = Long.MAX_VALUE / 2;

    @AggregateIdentifier private String counterId;
    private long total;
    private long events;

    protected Counter() {}

    /**
     * @return the number of events of this counter once the 3 are applied (its version)
     */
    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    public long handle(Increment cmd) {
        long next = total + cmd.by();
        apply(new Incremented(cmd.counterId(), cmd.by(), next, cmd.commandId()));
        apply(new Checked(cmd.counterId(), next, next <= BOUND, BOUND));
        apply(new Noted(cmd.counterId(), cmd.commandId(), "increment", System.currentTimeMillis()));
        return events;
    }

    @EventSourcingHandler
    void on(Incremented e) {
        counterId = e.counterId();
        total = e.total();
        events++;
    }

    @EventSourcingHandler
    void on(Checked e) {
        events++;
    }

    @EventSourcingHandler
    void on(Noted e) {
        events++;
    }
}
