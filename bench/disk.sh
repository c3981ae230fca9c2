#!/bin/bash
# Disk per stored event of the embedded store (docs/operations.md, issue 27): starts JAR on a fresh data directory under
# /tmp/disk/LABEL, runs the 64-client load for 60 s, then prints the data directory's bytes per event at the end of the
# load (its peak: the file only grows while it runs) and after a graceful stop, and how long the stop took.
# usage: bench/disk.sh JAR LABEL PORT [extra app args]     (needs bench/target/benchmarks.jar copied to /tmp, or edit B)
# e.g.   cp bench/target/benchmarks.jar /tmp/ && bench/disk.sh infra/target/duelhall.jar main 18601
JAR=$1; LABEL=$2; PORT=$3; shift 3
D=/tmp/disk/$LABEL; rm -rf $D; mkdir -p $D
AXONIQ_UPDATE_CHECKER_DISABLED=true java -Xmx2g -jar $JAR --server.port=$PORT --duelhall.data-dir=$D/data --duelhall.limits.intents-per-address-per-second=100000 --duelhall.limits.intents-per-address-burst=100000 --duelhall.limits.creates-per-address-per-minute=100000 --duelhall.limits.seats-per-address-per-minute=100000 "$@" > $D/app.log 2>&1 &
APP=$!
for i in $(seq 90); do sleep 1; grep -q "duelhall ready" $D/app.log && break; done
java -jar /tmp/benchmarks.jar load --url http://localhost:$PORT --clients 64 --warmup 5 --seconds 60 > $D/load.txt 2>&1
sleep 2
PEAK=$(du -sb $D/data | cut -f1)
T0=$(date +%s%N); kill -TERM $APP; wait $APP; T1=$(date +%s%N)
AFTER=$(du -sb $D/data | cut -f1)
N=$(java -cp $(find ~/.m2 -name 'h2-2.4.240.jar'|head -1) org.h2.tools.Shell -url "jdbc:h2:file:$D/data/duelhall" -user sa -sql "select count(*) from domain_event_entry" 2>/dev/null | sed -n 2p | tr -dc 0-9)
echo "$LABEL events=$N peakBytes=$PEAK afterStopBytes=$AFTER peakB/ev=$((PEAK / N)) afterB/ev=$((AFTER / N)) stopMs=$(( (T1-T0)/1000000 ))"
grep -E "accepted intents/s|p99" $D/load.txt | head -3
