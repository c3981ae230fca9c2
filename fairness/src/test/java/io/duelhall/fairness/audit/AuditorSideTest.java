package io.duelhall.fairness.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The seal of an audit (signature and chain) is checked beside the other checks ({@link
 * Auditor.Side}): it runs exactly once, on the pool's thread when one takes it, on the auditing
 * thread when none has (a busy pool, a full one, one that never runs it), and what it throws
 * reaches the auditing thread as it was thrown.
 */
class AuditorSideTest {
    @Test
    void aPoolThatNeverRunsItLeavesTheWorkToTheJoiningThread() {
        List<Runnable> parked = new ArrayList<>();
        Thread caller = Thread.currentThread();
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        Auditor.Side<String> side =
                Auditor.Side.start(
                        parked::add,
                        () -> {
                            ranOn.set(Thread.currentThread());
                            return "sealed";
                        });
        assertThat(parked).hasSize(1);
        assertThat(side.join()).isEqualTo("sealed");
        assertThat(ranOn.get()).isSameAs(caller);
        // the pool taking it up afterwards does not run it again
        AtomicInteger runs = new AtomicInteger();
        Auditor.Side<Integer> counted = Auditor.Side.start(parked::add, runs::incrementAndGet);
        assertThat(counted.join()).isEqualTo(1);
        parked.forEach(Runnable::run);
        assertThat(runs).hasValue(1);
    }

    @Test
    void aFullPoolLeavesTheWorkToTheJoiningThread() {
        Auditor.Side<String> side =
                Auditor.Side.start(
                        task -> {
                            throw new RejectedExecutionException("full");
                        },
                        () -> "sealed");
        assertThat(side.join()).isEqualTo("sealed");
    }

    @Test
    void thePoolsThreadDoesTheWorkWhenItTakesItFirst() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            AtomicReference<Thread> ranOn = new AtomicReference<>();
            Auditor.Side<String> side =
                    Auditor.Side.start(
                            pool,
                            () -> {
                                ranOn.set(Thread.currentThread());
                                started.countDown();
                                await(release);
                                return "sealed";
                            });
            assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
            Thread joiner = new Thread(() -> side.join());
            joiner.start();
            joiner.join(200);
            assertThat(joiner.isAlive()).as("the join waits for the running work").isTrue();
            release.countDown();
            joiner.join(10_000);
            assertThat(joiner.isAlive()).isFalse();
            assertThat(side.join()).isEqualTo("sealed");
            assertThat(ranOn.get()).isNotSameAs(Thread.currentThread()).isNotSameAs(joiner);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void racingThePoolItRunsExactlyOnce() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int i = 0; i < 2_000; i++) {
                AtomicInteger runs = new AtomicInteger();
                Auditor.Side<Integer> side = Auditor.Side.start(pool, runs::incrementAndGet);
                assertThat(side.join()).isEqualTo(1);
                pool.submit(() -> {}).get(); // whatever the pool still had of it has run
                assertThat(runs).hasValue(1);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void whatTheWorkThrowsIsRethrownAsItWas() {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            IllegalStateException thrown = new IllegalStateException("broken seal");
            Auditor.Side<String> onPool =
                    Auditor.Side.start(
                            pool,
                            () -> {
                                throw thrown;
                            });
            assertThatThrownBy(onPool::join).isSameAs(thrown);
            Auditor.Side<String> inline =
                    Auditor.Side.start(
                            Runnable::run,
                            () -> {
                                throw new StackOverflowError("deep");
                            });
            assertThatThrownBy(inline::join)
                    .isInstanceOf(StackOverflowError.class)
                    .hasMessage("deep");
        } finally {
            pool.shutdownNow();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
