package io.duelhall.infra.smoke;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.duelhall.infra.smoke.SmokeMessages.OpenSmoke;
import io.duelhall.infra.smoke.SmokeMessages.PingSmoke;
import io.duelhall.infra.smoke.SmokeMessages.SmokeOpened;
import io.duelhall.infra.smoke.SmokeMessages.SmokePinged;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * Test-only event-sourced aggregate, cached in {@code matchCache} the way the Match aggregate will
 * be.
 *
 * <p>Only in {@code DuelhallApplicationSmokeTest}'s app (profile {@code smoke}): in every other
 * test app it was one more processor reading every event of every test (issue 47).
 */
@org.springframework.context.annotation.Profile("smoke")
@Aggregate(cache = "matchCache")
public class SmokeAggregate {

    @AggregateIdentifier private String id;
    private int pings;

    protected SmokeAggregate() {
        // for Axon
    }

    @CommandHandler
    public SmokeAggregate(OpenSmoke command) {
        apply(new SmokeOpened(command.id(), command.label(), command.openedAt()));
    }

    @CommandHandler
    public int handle(PingSmoke command) {
        apply(new SmokePinged(id, pings + 1));
        return pings;
    }

    @EventSourcingHandler
    void on(SmokeOpened event) {
        this.id = event.id();
    }

    @EventSourcingHandler
    void on(SmokePinged event) {
        this.pings = event.count();
    }
}
