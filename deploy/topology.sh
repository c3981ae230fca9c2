#!/usr/bin/env bash
# The production topology on one machine without Docker: Debian's PostgreSQL, a standalone Kafka broker (KRaft) from
# the kafka_2.13 jars on Maven Central, two app nodes and a spectator edge, each a process started from the packaged
# jar. The same topology as docker-compose.yml (without nginx: talk to either node). Loopback only.
#
#   deploy/topology.sh start     # needs root (apt-get, pg_ctlcluster), infra/target/duelhall.jar and
#                                # edge/target/duelhall-edge-exec.jar (./mvnw -q -DskipTests package)
#   deploy/topology.sh status
#   deploy/topology.sh stop
#   deploy/topology.sh stop-node node-2 / start-node node-2     # one node out and back in (bench/scale.sh)
#   deploy/topology.sh destroy   # stop, then delete the state directory (and a PostgreSQL cluster this script made)
#
# Node 1: http://127.0.0.1:8081  node 2: http://127.0.0.1:8082  edge: http://127.0.0.1:8090  Kafka: 127.0.0.1:9092
# State (logs, data directories, the shared signing key, Kafka's log) under $DUELHALL_TOPOLOGY_DIR (default /tmp/duelhall-topology).
# DUELHALL_NODE_ARGS: more arguments for both app nodes (e.g. --duelhall.limits.enabled=false for a load test).
# Ports and the PostgreSQL cluster (defaults as above; set them on a machine others use too): NODE1_PORT, NODE2_PORT,
# EDGE_PORT, KAFKA_PORT, KAFKA_CONTROLLER_PORT, PG_PORT (5432), PG_CLUSTER (main; another name: a cluster of its own
# is made on PG_PORT). EDGE=0: no edge.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
DIR=${DUELHALL_TOPOLOGY_DIR:-/tmp/duelhall-topology}
JAR=${DUELHALL_JAR:-infra/target/duelhall.jar}
EDGE_JAR=${DUELHALL_EDGE_JAR:-edge/target/duelhall-edge-exec.jar}  # the edge's own deployable (no database, no JPA)
PGV=${PG_VERSION:-15}
KPORT=${KAFKA_PORT:-9092}; KCTL=${KAFKA_CONTROLLER_PORT:-9093}
NODE1_PORT=${NODE1_PORT:-8081}; NODE2_PORT=${NODE2_PORT:-8082}; EDGE_PORT=${EDGE_PORT:-8090}
PG_PORT=${PG_PORT:-5432}; PG_CLUSTER=${PG_CLUSTER:-main}
mkdir -p "$DIR"

pid_alive() { [ -f "$DIR/$1.pid" ] && kill -0 "$(cat "$DIR/$1.pid")" 2>/dev/null; }

wait_http() { # url seconds
  for _ in $(seq "$2"); do curl -fsS "$1" >/dev/null 2>&1 && return 0; sleep 1; done
  echo "no answer from $1 in $2 s" >&2; return 1
}

start_postgres() {
  command -v pg_ctlcluster >/dev/null || { apt-get update -q && apt-get install -y -q postgresql; }
  if ! pg_lsclusters -h | awk '{print $2}' | grep -qx "$PG_CLUSTER"; then
    pg_createcluster "$PGV" "$PG_CLUSTER" -p "$PG_PORT" >/dev/null && touch "$DIR/pg-cluster-made-here"
  fi
  pg_ctlcluster "$PGV" "$PG_CLUSTER" start 2>/dev/null || true
  # the role and the database the nodes use (README: "Production topology from the jar")
  su postgres -c "psql -p $PG_PORT -qtAc \"select 1 from pg_roles where rolname='duelhall'\"" | grep -q 1 \
    || su postgres -c "psql -p $PG_PORT -qc \"create role duelhall login password 'duelhall'\""
  su postgres -c "psql -p $PG_PORT -qtAc \"select 1 from pg_database where datname='duelhall'\"" | grep -q 1 \
    || su postgres -c "psql -p $PG_PORT -qc 'create database duelhall owner duelhall'"
}

start_kafka() {
  if pid_alive kafka; then return; fi
  [ -d deploy/kafka/target/lib ] || ./mvnw -q -f deploy/kafka/pom.xml dependency:copy-dependencies -DoutputDirectory=target/lib
  local cp="deploy/kafka/target/lib/*"
  cat > "$DIR/kafka.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$KCTL
listeners=PLAINTEXT://127.0.0.1:$KPORT,CONTROLLER://127.0.0.1:$KCTL
advertised.listeners=PLAINTEXT://127.0.0.1:$KPORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$DIR/kafka-logs
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
auto.create.topics.enable=false
log.retention.ms=-1
PROPS
  if [ ! -f "$DIR/kafka-logs/meta.properties" ]; then
    java -cp "$cp" kafka.tools.StorageTool format -t "$(java -cp "$cp" kafka.tools.StorageTool random-uuid)" -c "$DIR/kafka.properties" >"$DIR/kafka-format.log" 2>&1
  fi
  nohup java -Xmx512m -cp "$cp" kafka.Kafka "$DIR/kafka.properties" >"$DIR/kafka.log" 2>&1 &
  echo $! >"$DIR/kafka.pid"
  for _ in $(seq 60); do (exec 3<>/dev/tcp/127.0.0.1/$KPORT) 2>/dev/null && return 0; sleep 1; done
  echo "Kafka did not start: see $DIR/kafka.log" >&2; return 1
}

start_node() { # name port
  if pid_alive "$1"; then return; fi
  mkdir -p "$DIR/$1" "$DIR/keys"
  SPRING_PROFILES_ACTIVE=postgres DUELHALL_DB_URL=jdbc:postgresql://127.0.0.1:$PG_PORT/duelhall \
  DUELHALL_DB_USER=duelhall DUELHALL_DB_PASSWORD=duelhall KAFKA_BOOTSTRAP_SERVERS=127.0.0.1:$KPORT \
  DUELHALL_SIGNING_KEY_FILE="$DIR/keys/signing-key.pem" DUELHALL_NODE_NAME="$1" AXONIQ_UPDATE_CHECKER_DISABLED=true \
    nohup java -Xmx1g -jar "$JAR" --server.port="$2" --duelhall.data-dir="$DIR/$1" ${DUELHALL_NODE_ARGS:-} >"$DIR/$1.log" 2>&1 &
  echo $! >"$DIR/$1.pid"
  wait_http "http://127.0.0.1:$2/actuator/health" 180
}

start_edge() {
  if pid_alive edge; then return; fi
  KAFKA_BOOTSTRAP_SERVERS=127.0.0.1:$KPORT AXONIQ_UPDATE_CHECKER_DISABLED=true \
    nohup java -Xmx512m -jar "$EDGE_JAR" --server.port="$EDGE_PORT" >"$DIR/edge.log" 2>&1 &
  echo $! >"$DIR/edge.pid"
  wait_http "http://127.0.0.1:$EDGE_PORT/actuator/health" 180
}

case "${1:-}" in
  start)
    for j in "$JAR" $([ "${EDGE:-1}" = 0 ] || echo "$EDGE_JAR"); do
      [ -f "$j" ] || { echo "no $j: ./mvnw -q -DskipTests package first" >&2; exit 1; }
    done
    start_postgres; start_kafka
    start_node node-1 "$NODE1_PORT"  # node 1 first: it creates the shared signing key
    start_node node-2 "$NODE2_PORT"
    [ "${EDGE:-1}" = 0 ] || start_edge
    echo "up: node-1 http://127.0.0.1:$NODE1_PORT  node-2 http://127.0.0.1:$NODE2_PORT$([ "${EDGE:-1}" = 0 ] || echo "  edge http://127.0.0.1:$EDGE_PORT")  (state in $DIR)" ;;
  start-node)
    case "${2:-}" in node-1) start_node node-1 "$NODE1_PORT" ;; node-2) start_node node-2 "$NODE2_PORT" ;; *) echo "start-node node-1|node-2" >&2; exit 2 ;; esac ;;
  stop-node)
    p=${2:?stop-node node-1|node-2}
    if pid_alive "$p"; then kill "$(cat "$DIR/$p.pid")"; for _ in $(seq 60); do pid_alive "$p" || break; sleep 1; done; fi
    pid_alive "$p" && kill -9 "$(cat "$DIR/$p.pid")"
    rm -f "$DIR/$p.pid" ;;
  status)
    for p in kafka node-1 node-2 edge; do pid_alive $p && echo "$p: running ($(cat "$DIR/$p.pid"))" || echo "$p: stopped"; done ;;
  stop)
    for p in edge node-2 node-1 kafka; do
      if pid_alive $p; then kill "$(cat "$DIR/$p.pid")"; for _ in $(seq 30); do pid_alive $p || break; sleep 1; done; fi
      rm -f "$DIR/$p.pid"
    done
    echo "stopped (PostgreSQL left running: pg_ctlcluster $PGV $PG_CLUSTER stop)" ;;
  destroy)
    "$0" stop
    if [ -f "$DIR/pg-cluster-made-here" ]; then pg_dropcluster --stop "$PGV" "$PG_CLUSTER"; fi
    rm -rf "$DIR"; echo "removed $DIR" ;;
  *) echo "usage: $0 start|status|stop|stop-node|start-node|destroy" >&2; exit 2 ;;
esac
