#!/usr/bin/env bash
# Scale figure (docs/benchmarks.md, "Scale: 1 node vs 2 nodes"): the same load (bench's load driver, CLIENTS AI-driven
# clients playing matches) against one app node, then against two nodes on the same PostgreSQL, alternated ROUNDS times
# in one run, on the topology of deploy/topology.sh (Debian's PostgreSQL in a cluster of its own, a Kafka broker from
# the jars, publishing on; no edge). Each client stays on one node (as deploy/nginx.conf keeps a match on one node).
# Free loopback ports; everything is removed at the end. Needs root (apt-get, pg_createcluster) and
# ./mvnw -DskipTests package (infra/target/duelhall.jar, bench/target/benchmarks.jar).
#   ROUNDS=3 CLIENTS=32 SECONDS_=30 WARMUP=10 bench/scale.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROUNDS=${ROUNDS:-3}; CLIENTS=${CLIENTS:-32}; SECS=${SECONDS_:-30}; WARMUP=${WARMUP:-10}
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
export DUELHALL_TOPOLOGY_DIR=${DUELHALL_TOPOLOGY_DIR:-$(mktemp -d /tmp/duelhall-scale-XXXXXX)}
export PG_PORT=${PG_PORT:-$(free_port)} PG_CLUSTER=${PG_CLUSTER:-duelhall_scale}
export KAFKA_PORT=$(free_port) KAFKA_CONTROLLER_PORT=$(free_port) NODE1_PORT=$(free_port) NODE2_PORT=$(free_port) EDGE=0
# capacity is measured, not the abuse limits: all the load comes from one address
export DUELHALL_NODE_ARGS="--duelhall.limits.enabled=false"
trap 'deploy/topology.sh destroy >/dev/null 2>&1 || true' EXIT
deploy/topology.sh start
one="http://127.0.0.1:$NODE1_PORT"; two="http://127.0.0.1:$NODE2_PORT"
rate() { java -jar bench/target/benchmarks.jar load --url "$1" --clients "$CLIENTS" --warmup "$WARMUP" --seconds "$SECS" \
           --engine-seconds 0 2>/dev/null | grep -o 'full stack: [0-9]* accepted intents/s' | grep -o '[0-9]*' | head -1; }
r1=(); r2=()
for round in $(seq 1 "$ROUNDS"); do
  deploy/topology.sh stop-node node-2
  a=$(rate "$one"); r1+=("$a")
  echo "round $round: 1 node  $a accepted intents/s (load average $(cut -d' ' -f1-3 /proc/loadavg))"
  deploy/topology.sh start-node node-2
  sleep 15 # the segments are shared out (balance interval 10 s)
  b=$(rate "$one,$two"); r2+=("$b")
  echo "round $round: 2 nodes $b accepted intents/s (load average $(cut -d' ' -f1-3 /proc/loadavg))"
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
echo "median of $ROUNDS: 1 node $(median "${r1[@]}") accepted intents/s, 2 nodes $(median "${r2[@]}") accepted intents/s ($CLIENTS clients, ${SECS} s each, $(nproc) cores)"
