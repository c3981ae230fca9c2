package io.duelhall.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A load's measured window opens after its warm-up and its first accepted intent, and the clients
 * stop its length after it opened (issue 47: on a busy machine a window of a few seconds opened on
 * a cold app could count no intent, and {@link BaselineLoadSmokeTest} would fail).
 */
class WindowTest {
    @Test
    void theWindowWaitsForTheFirstAcceptedIntentAfterTheWarmUp() throws Exception {
        AtomicLong accepted = new AtomicLong();
        long firstAcceptedAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(400);
        Thread app =
                new Thread(
                        () -> {
                            try {
                                Window.sleepUntil(firstAcceptedAt);
                            } catch (InterruptedException e) {
                                return;
                            }
                            accepted.incrementAndGet();
                        });
        app.start();
        Window.Stop stop = new Window.Stop();
        assertThat(stop.notYet()).as("the clients go on until the window is open").isTrue();
        assertThat(stop.at()).isEqualTo(Long.MAX_VALUE);
        long warmUpEnds = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100);
        Window w = Window.open(warmUpEnds, accepted::get, 2, stop, -1);
        app.join();
        assertThat(w.openedAt())
                .as("not before the first accepted intent, 300 ms after the warm-up")
                .isGreaterThanOrEqualTo(firstAcceptedAt);
        assertThat(stop.at()).isEqualTo(w.openedAt() + TimeUnit.SECONDS.toNanos(2));
        assertThat(stop.notYet()).isTrue();
    }

    @Test
    void theWindowOpensAtTheWarmUpsEndWhenAnIntentWasAlreadyAccepted() throws Exception {
        Window.Stop stop = new Window.Stop();
        long warmUpEnds = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200);
        Window w = Window.open(warmUpEnds, () -> 5, 1, stop, -1);
        assertThat(w.openedAt()).isBetween(warmUpEnds, warmUpEnds + TimeUnit.SECONDS.toNanos(1));
        assertThat(stop.at()).isEqualTo(w.openedAt() + TimeUnit.SECONDS.toNanos(1));
    }

    @Test
    void anAppThatAcceptsNothingOpensTheWindowAfterTheLongestWait() throws Exception {
        Window.Stop stop = new Window.Stop();
        long from = System.nanoTime();
        Window w = Window.open(from, () -> 0, TimeUnit.MILLISECONDS.toNanos(300), 1, stop, -1);
        assertThat(w.openedAt() - from)
                .as("it gave up waiting (the run then reports what it saw: nothing accepted)")
                .isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(300));
        double seconds = w.run(new PrintStream(OutputStream.nullOutputStream()));
        assertThat(stop.notYet()).as("the window runs until the clients stop").isFalse();
        assertThat(seconds).as("the window's length, as planned").isBetween(1.0, 1.5);
    }
}
