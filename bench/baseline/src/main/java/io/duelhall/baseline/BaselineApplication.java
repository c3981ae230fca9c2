package io.duelhall.baseline;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The plain-Axon baseline of issue 17: the framework duelhall is built on, with nothing of duelhall
 * in it, measured by bench's {@code load} command right after the app in the same run, so the two
 * figures and their ratio come from one run (docs/benchmarks.md, "Plain-Axon baseline").
 *
 * <p>What it is: Spring Boot 4.1 and Axon Framework 4.13 without Axon Server, one event-sourced
 * {@link Counter} aggregate whose one command ({@link Increment}) applies 3 small events, and one
 * HTTP endpoint, {@code POST /counters/{id}/increment}, that sends the command with {@code
 * CommandGateway.sendAndWait} and answers {@code {"version": N}}. The settings are the app's where
 * they apply (infra's application.yml and AxonConfig): Axon's JPA event store (what Axon's Boot
 * starter configures; the baseline keeps it whatever engine the app moves to) on an H2 file with
 * {@code WRITE_DELAY=0} (every answered command is committed), Jackson serializers, handler
 * timeouts off, the update check off, a strong bounded Caffeine aggregate cache behind Axon's
 * {@code JCacheAdapter} (without duelhall's store check, which a single writer does not make
 * either), pooled streaming processors with batches of 100.
 *
 * <p>Schema: Hibernate creates it ({@code ddl-auto=update}), with infra's {@code META-INF/orm.xml}
 * copied: the global index has its own sequence incremented by 1 (no blocks of 50), which is what
 * the app pays for each event; payloads are plain byte columns ({@link BinaryPayloads}, as the
 * app's {@code V6__payloads_bytea.sql}). The app's Flyway migrations, indexes on its read models,
 * time-ordered event ids and every duelhall table are left out.
 *
 * <p>Reading every event: one trivial tracking handler ({@link EventCounter}) counts the events in
 * a pooled streaming processor, so the baseline pays for one reader of the stream as the app pays
 * for its five projections; it renders nothing (that is duelhall's own work, not the framework's).
 */
@SpringBootApplication
public class BaselineApplication {
    public static void main(String[] args) {
        System.setProperty("axoniq.update-checker.disabled", "true");
        System.setProperty("disable-axoniq-console-message", "true");
        SpringApplication.run(BaselineApplication.class, args);
    }
}
