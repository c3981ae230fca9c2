#!/usr/bin/env bash
# Runs every benchmark of docs/benchmarks.md RUNS times (default 3) and appends the raw output to bench/results/.
# Build first: ./mvnw -q -DskipTests package   (needs infra/target/duelhall.jar, bench/baseline/target/baseline.jar and
# bench/target/benchmarks.jar). load --baseline measures the plain-Axon baseline (issue 17) after the app, in the same run,
# and --http-floor the same requests answered with nothing behind them (the HTTP path alone); sse --floor the same
# stream client against a plain-NIO server with nothing of the app (the fan-out's floor on this machine). --curve 15 then
# paces the same clients to 25/50/75/100 % of the rate each app reached (15 s a level): p50/p99 of both on one line each
# (issue 46), and the load report states the requests per intent (the baseline sends one per command).
# load warms each app up for 120 s: on two cores the JIT (C2) of the app's JVM keeps compiling for ~2 minutes under load
# (0.5-0.9 of a core), so a 20 s warm-up measured the compiler as much as the app (issue 46); and after each window it
# waits until the app is quiet, counting the CPU of what the window left behind (read models catching up).
# Each result line carries the date, the machine and the load average: re-run on a quiet machine for clean figures.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export AXONIQ_UPDATE_CHECKER_DISABLED=true
RUNS=${RUNS:-3}
OUT=bench/results/$(date -u +%Y%m%dT%H%M%SZ).txt
mkdir -p bench/results
B="java -jar bench/target/benchmarks.jar"
run() { echo "### $*" | tee -a "$OUT"; "$@" 2>/dev/null | tee -a "$OUT"; }
for i in $(seq 1 "$RUNS"); do
  run $B jmh EngineBench -f 1 -wi 3 -w 2 -i 5 -r 2 -rf text -rff /dev/null
  run $B engine --warmup 5 --seconds 5 --rounds 3
  run $B selfplay --n 1000 --a greedy --b random
  run $B load --clients 64 --warmup 120 --seconds 60 --engine-seconds 10 --baseline --http-floor --curve 15
  run $B selfplay --full-stack --n 64 --concurrency 64 --a greedy --b greedy
  run $B audit --n 200
  run $B replay --n 20000 --warmup 60
  run $B rebuild --events 1000000
  run $B sse --spectators 10000 --seconds 30
  run $B sse --floor --spectators 10000 --seconds 30
  run $B heap --matches 1000
  run $B kill9 --clients 16 --seconds 20
done
echo "results in $OUT"
