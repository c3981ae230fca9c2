package io.duelhall.bench;

/**
 * Untimed rounds to warm the app up, then {@code n} timed ones, with the app's CPU time over the
 * timed ones: the loop of the replay and audit benchmarks.
 */
final class Rounds {
    /** One round; {@code timed}: whether it counts (record its times). */
    interface Round {
        void run(boolean timed) throws Exception;
    }

    private Rounds() {}

    /**
     * Runs rounds until {@code n} have been timed: the first {@code minWarmup} and any begun within
     * {@code warmupSeconds} are untimed.
     *
     * @param appPid the app's process id; -1 if unknown
     * @return the app's CPU milliseconds over the timed rounds, or -1 if {@code appPid} is unknown
     */
    static long run(int n, int minWarmup, int warmupSeconds, long appPid, Round round)
            throws Exception {
        long warmupEnd = System.nanoTime() + warmupSeconds * 1_000_000_000L;
        long cpu0 = -1;
        int timed = 0;
        for (int i = 0; timed < n; i++) {
            boolean warming = i < minWarmup || System.nanoTime() < warmupEnd;
            if (!warming && timed == 0 && appPid >= 0) {
                cpu0 = Machine.cpuMillis(appPid);
            }
            round.run(!warming);
            if (!warming) {
                timed++;
            }
        }
        return cpu0 < 0 ? -1 : Machine.cpuMillis(appPid) - cpu0;
    }
}
