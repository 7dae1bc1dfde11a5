#!/usr/bin/env bash
# RabbitMQ Web-MQTT (MQTT 3.1.1 over WebSocket) for the TV-link integration suite and bench.
#
#   bash .ci/rabbitmq.sh start   installs Debian's rabbitmq-server if missing, starts it unprivileged in
#                                .rabbitmq/ (git-ignored) with web_mqtt on 127.0.0.1, waits until the
#                                web-mqtt port accepts and prints MQTT_URL=ws://127.0.0.1:PORT/ws
#   bash .ci/rabbitmq.sh stop    stops that broker and its private epmd by pid
#   bash .ci/rabbitmq.sh url     prints the MQTT_URL of the running broker (exit 1 if none)
#   bash .ci/rabbitmq.sh suite   start (with the HTTP auth backend pointed at the test's broker policy
#                                on a free port, BROKER_AUTH_PORT), run the TV-link integration suite
#                                against it (MQTT_URL), stop (only if this call started it); exits
#                                with jest's status
#   RABBITMQ_AUTH_PORT=n ... start   phones and TVs are asked of http://127.0.0.1:n/__broker-auth
#                                (the emulator's broker policy, emulator/broker/httpAuth.ts); the
#                                internal guest user stays
#
# The cluster (docs/broker-at-scale.md), in .rabbitmq-cluster/ (git-ignored):
#   bash .ci/rabbitmq.sh cluster     3 nodes tvc1..tvc3@localhost, unprivileged, clustered (classic
#                                config peer discovery: tvc1 boots, tvc2 and tvc3 then join it),
#                                web_mqtt + rabbitmq_auth_backend_http behind rabbitmq_auth_backend_cache
#                                (asking http://127.0.0.1:RABBITMQ_AUTH_PORT/__broker-auth; a free port,
#                                recorded in .rabbitmq-cluster/auth_port, when unset), an absolute
#                                memory limit per node (RABBITMQ_NODE_MEMORY, default 4GiB), scheduler
#                                busy-waiting off (+sbwt/+sbwtdcpu/+sbwtdio none), schedulers unbound
#                                (+sbt u), persistent sessions bounded (policy mqtt-sessions, 800 ms;
#                                subscription_ttl 5 min), httpc 32 connections; then HAProxy in
#                                front (HAPROXY_PROCS processes sharing one port with SO_REUSEPORT,
#                                health checks, maxconn, idle time-outs above MQTT's keepalive).
#                                Prints MQTT_URL=ws://127.0.0.1:LB/ws (the load balancer)
#   bash .ci/rabbitmq.sh cluster-url     the load balancer's MQTT_URL (exit 1 if no cluster)
#   bash .ci/rabbitmq.sh kill-node N     kill -9 node N (1..3): a node dies
#   bash .ci/rabbitmq.sh start-node N    start node N again; exits 0 once it runs in the cluster again
#   bash .ci/rabbitmq.sh restart-lb      stop every HAProxy process and start them again (every
#                                        phone's connection drops at once: the reconnect storm)
#   bash .ci/rabbitmq.sh reload-lb       write the configuration again and reload HAProxy (new processes
#                                        take new connections; the old ones keep theirs until they end
#                                        or hard-stop-after): how configuration changes are applied
#   bash .ci/rabbitmq.sh eval N EXPR     rabbitmqctl eval EXPR on node N (the bench's probes)
#   bash .ci/rabbitmq.sh cache on|off    the auth cache in front of the HTTP backend, or not, on every
#                                        running node (logins from then on)
#   bash .ci/rabbitmq.sh cluster-suite   the TV-link suite (with its ACL cases) through HAProxy to the
#                                        cluster (started and stopped if none runs)
#   bash .ci/rabbitmq.sh stop            stops the single node AND the cluster + HAProxy, by pid
#
# Why it looks like this: rabbitmq-server drops to the
# rabbitmq user, so every directory it writes is chowned to rabbitmq; epmd is ours, on a private port,
# so stopping it never touches another epmd.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="$ROOT/.rabbitmq"
WEB_PORT="${RABBITMQ_WEB_MQTT_PORT:-15675}"

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

free_port() {
  local p="$1"
  while port_open "$p"; do p=$((p + 1)); done
  echo "$p"
}

# A zombie is not alive: processes started with setsid are reaped by pid 1, here up to ~2 s after they
# exit, and kill -0 succeeds on a zombie (restart-lb waited those 2 s with the balancer down).
pid_alive() {
  local state
  [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null || return 1
  state="$(ps -o stat= -p "$1" 2>/dev/null || true)"
  [ -n "$state" ] && [ "${state:0:1}" != Z ]
}

install_if_missing() {
  if [ ! -x /usr/lib/rabbitmq/bin/rabbitmq-server ]; then
    echo "[rabbitmq] installing rabbitmq-server (apt-get)" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq rabbitmq-server >&2
  fi
}

# The HTTP auth backend's settings: every check goes to the emulator's broker-auth endpoints at $1.
auth_http_conf() {
  local auth="$1"
  cat <<EOF
auth_http.http_method = post
auth_http.user_path = $auth/user
auth_http.vhost_path = $auth/vhost
auth_http.resource_path = $auth/resource
auth_http.topic_path = $auth/topic
EOF
}

start() {
  if [ -f "$DIR/url" ] && pid_alive "$(cat "$DIR/rabbit.pid" 2>/dev/null || true)"; then
    cat "$DIR/url"
    return 0
  fi
  install_if_missing
  rm -rf "$DIR"
  mkdir -p "$DIR/mnesia" "$DIR/log" "$DIR/home"

  local web amqp mqtt dist epmd
  web="$(free_port "$WEB_PORT")"
  amqp="$(free_port 25672)"
  mqtt="$(free_port $((amqp + 1)))"
  dist="$(free_port $((mqtt + 1)))"
  epmd="$(free_port 24369)"

  cat >"$DIR/rabbitmq.conf" <<EOF
listeners.tcp.default = 127.0.0.1:$amqp
mqtt.listeners.tcp.default = 127.0.0.1:$mqtt
web_mqtt.tcp.port = $web
web_mqtt.tcp.ip = 127.0.0.1
# no WebSocket frame over 16 KiB (+ the MQTT fixed header); the app sends one packet per frame
web_mqtt.ws_opts.max_frame_size = 16389
# phones keep persistent sessions; one left alone 5 minutes is removed
mqtt.subscription_ttl = $SESSION_TTL_MS
loopback_users = none
log.console = false
log.file.level = warning
EOF
  if [ -n "${RABBITMQ_AUTH_PORT:-}" ]; then
    local auth="http://127.0.0.1:$RABBITMQ_AUTH_PORT/__broker-auth"
    # Phones and TVs are checked by the emulator's broker-auth endpoints (as an operator wires its
    # cluster to the user centre); the internal guest user stays for the test's set-top boxes.
    cat >>"$DIR/rabbitmq.conf" <<EOF
auth_backends.1 = internal
auth_backends.2 = http
$(auth_http_conf "$auth")
EOF
    echo '[rabbitmq_mqtt,rabbitmq_web_mqtt,rabbitmq_auth_backend_http].' >"$DIR/enabled_plugins"
    echo "$RABBITMQ_AUTH_PORT" >"$DIR/auth_port"
  else
    echo '[rabbitmq_mqtt,rabbitmq_web_mqtt].' >"$DIR/enabled_plugins"
  fi
  chown -R rabbitmq:rabbitmq "$DIR"

  # Our own epmd on a private port: the only one `stop` kills.
  ERL_EPMD_PORT="$epmd" setsid epmd -address 127.0.0.1 -port "$epmd" >"$DIR/log/epmd.out" 2>&1 </dev/null &
  echo $! >"$DIR/epmd.pid"

  local envs="HOME=$DIR/home ERL_EPMD_PORT=$epmd \
RABBITMQ_CONFIG_FILE=$DIR/rabbitmq.conf \
RABBITMQ_ENABLED_PLUGINS_FILE=$DIR/enabled_plugins \
RABBITMQ_MNESIA_BASE=$DIR/mnesia \
RABBITMQ_LOG_BASE=$DIR/log \
RABBITMQ_FEATURE_FLAGS_FILE=$DIR/feature_flags \
RABBITMQ_PID_FILE=$DIR/rabbit.pid \
RABBITMQ_NODENAME=tvc@localhost \
RABBITMQ_NODE_IP_ADDRESS=127.0.0.1 \
RABBITMQ_NODE_PORT=$amqp \
RABBITMQ_DIST_PORT=$dist"
  setsid su rabbitmq -s /bin/sh -c "env $envs /usr/lib/rabbitmq/bin/rabbitmq-server" \
    >"$DIR/server.out" 2>&1 </dev/null &
  echo $! >"$DIR/su.pid"

  local i
  for i in $(seq 1 120); do
    if port_open "$web"; then
      echo "ws://127.0.0.1:$web/ws" >"$DIR/url"
      echo "MQTT_URL=$(cat "$DIR/url")"
      return 0
    fi
    if ! pid_alive "$(cat "$DIR/su.pid")"; then break; fi
    sleep 0.5
  done
  echo "[rabbitmq] did not start; last lines of its output:" >&2
  tail -20 "$DIR/server.out" >&2 || true
  stop
  return 1
}

stop() {
  [ -d "$DIR" ] || return 0
  local pid
  for f in rabbit.pid su.pid epmd.pid; do
    pid="$(cat "$DIR/$f" 2>/dev/null || true)"
    if pid_alive "$pid"; then kill "$pid" 2>/dev/null || true; fi
  done
  for f in rabbit.pid su.pid epmd.pid; do
    pid="$(cat "$DIR/$f" 2>/dev/null || true)"
    for _ in $(seq 1 40); do pid_alive "$pid" || break; sleep 0.25; done
    if pid_alive "$pid"; then kill -9 "$pid" 2>/dev/null || true; fi
  done
  rm -f "$DIR/url" "$DIR/auth_port"
}

url() {
  if [ -f "$DIR/url" ] && pid_alive "$(cat "$DIR/rabbit.pid" 2>/dev/null || true)"; then
    cat "$DIR/url"
  else
    return 1
  fi
}

suite() {
  local started=0 status=0 auth_port=""
  if ! url >/dev/null 2>&1; then
    RABBITMQ_AUTH_PORT="$(free_port 25900)" start >/dev/null
    started=1
  fi
  auth_port="$(cat "$DIR/auth_port" 2>/dev/null || true)"
  (cd "$ROOT" && MQTT_URL="$(url)" BROKER_AUTH_PORT="$auth_port" npx jest __tests__/tv/integration.test.ts) || status=$?
  if [ "$started" = 1 ]; then stop; fi
  return "$status"
}

# ---- the cluster ------------------------------------------------------------------------------------

CDIR="$ROOT/.rabbitmq-cluster"
NODES=3
# Each node's memory alarm at an absolute figure: the default (0.4 of RAM) would count the machine's
# RAM three times over.
NODE_MEMORY="${RABBITMQ_NODE_MEMORY:-4GiB}"
# Cache TTL above the app's 30 s sync, so a phone's checks stay cached from one sync to the next.
CACHE_TTL_MS="${RABBITMQ_AUTH_CACHE_TTL_MS:-60000}"
# RabbitMQ 3.10 runs every metadata transaction (a clean session's queue deletion at CONNECT,
# its subscription queue's declare and bind) through one worker pool per node, as large as the node's
# schedulers by default (2 here). RABBITMQ_WORKER_POOL=N sets it (advanced.config,
# rabbit.default_worker_pool_size). Measured, 500-pair storm: 32 made recovery slower (first CONNACK
# p50 15.0 s, SUBACK p50 30.0 s against 11.8 s and 19.3 s with 2), so the default stays.
WORKER_POOL="${RABBITMQ_WORKER_POOL:-}"
# A session left alone this long is removed (phones: one per login; TVs: one each). Long
# enough for any reconnect of the same login (the jitter's 30 s cap, a node back within a minute),
# short enough that the sessions each app start leaves behind do not pile up.
SESSION_TTL_MS="${RABBITMQ_SESSION_TTL_MS:-300000}"
# The HTTP auth backend asks through Erlang's httpc default profile, which keeps at most 2
# connections per host (max_sessions) and queues up to 5 requests behind each (max_keep_alive_length):
# every check of a node in single file. In a reconnect storm each connection needs 3-5 checks. 32
# connections, one request each, measured (500-pair storm): recovery p99 15.1 s -> 13.3 s.
# RABBITMQ_HTTPC_SESSIONS=0 keeps httpc's defaults. 3.10 has no configuration key for it: set at boot.
HTTPC_SESSIONS="${RABBITMQ_HTTPC_SESSIONS:-32}"
# Tried: RABBITMQ_SESSION_MIRRORS=N mirrors every session queue on N nodes (classic queue
# mirroring, ha-mode exactly), so that a session outlives the node it was declared on.
SESSION_MIRRORS="${RABBITMQ_SESSION_MIRRORS:-}"
HAPROXY_PROCS="${HAPROXY_PROCS:-2}"
# Per HAProxy process: 2 files per proxied connection, well below the 20 000 open files per process.
HAPROXY_MAXCONN="${HAPROXY_MAXCONN:-6000}"
# A reload's old processes keep their connections at most this long (then they are cut).
HAPROXY_HARD_STOP_AFTER="${HAPROXY_HARD_STOP_AFTER:-15m}"
# Admission: new sessions accepted per second per process ("" = no limit), and the listen backlog that
# holds the others meanwhile.
HAPROXY_RATE_LIMIT="${HAPROXY_RATE_LIMIT:-}"
HAPROXY_BACKLOG="${HAPROXY_BACKLOG:-}"

node_env() { # node number -> the environment of that node
  local n="$1"
  echo "HOME=$CDIR/home ERL_EPMD_PORT=$(cat "$CDIR/epmd_port") \
RABBITMQ_CONFIG_FILE=$CDIR/n$n/rabbitmq.conf \
RABBITMQ_ADVANCED_CONFIG_FILE=$CDIR/advanced.config \
RABBITMQ_ENABLED_PLUGINS_FILE=$CDIR/enabled_plugins \
RABBITMQ_MNESIA_BASE=$CDIR/mnesia \
RABBITMQ_LOG_BASE=$CDIR/log \
RABBITMQ_FEATURE_FLAGS_FILE=$CDIR/n$n/feature_flags \
RABBITMQ_PID_FILE=$CDIR/n$n/rabbit.pid \
RABBITMQ_NODENAME=tvc$n@localhost \
RABBITMQ_NODE_IP_ADDRESS=127.0.0.1 \
RABBITMQ_NODE_PORT=$(cat "$CDIR/n$n/amqp_port") \
RABBITMQ_DIST_PORT=$(cat "$CDIR/n$n/dist_port")"
}

# rabbitmqctl as the rabbitmq user (the cookie is its), against node N.
ctl() {
  local n="$1"; shift
  su rabbitmq -s /bin/sh -c "env $(node_env "$n") /usr/lib/rabbitmq/bin/rabbitmqctl -q -n tvc$n@localhost $*"
}

node_config() {
  local n="$1" auth="$2"
  cat >"$CDIR/n$n/rabbitmq.conf" <<EOF
listeners.tcp.default = 127.0.0.1:$(cat "$CDIR/n$n/amqp_port")
mqtt.listeners.tcp.default = 127.0.0.1:$(cat "$CDIR/n$n/mqtt_port")
web_mqtt.tcp.port = $(cat "$CDIR/n$n/web_port")
web_mqtt.tcp.ip = 127.0.0.1
web_mqtt.ws_opts.max_frame_size = 16389
loopback_users = none
log.console = false
log.file.level = warning
vm_memory_high_watermark.absolute = $NODE_MEMORY
cluster_formation.peer_discovery_backend = classic_config
cluster_formation.classic_config.nodes.1 = tvc1@localhost
cluster_formation.classic_config.nodes.2 = tvc2@localhost
cluster_formation.classic_config.nodes.3 = tvc3@localhost
cluster_formation.randomized_startup_delay_range.min = 0
cluster_formation.randomized_startup_delay_range.max = 1
cluster_partition_handling = pause_minority
auth_backends.1 = internal
auth_backends.2 = cache
auth_cache.cached_backend = http
auth_cache.cache_ttl = $CACHE_TTL_MS
mqtt.subscription_ttl = $SESSION_TTL_MS
$(auth_http_conf "$auth")
EOF
}

# Settings with no configuration key in 3.10, applied once node N runs (after every start).
tune_node() {
  local n="$1"
  if [ "$HTTPC_SESSIONS" != 0 ]; then
    ctl "$n" eval "'httpc:set_options([{max_sessions, $HTTPC_SESSIONS}, {max_keep_alive_length, 1}]).'" >/dev/null
  fi
}

start_node() {
  local n="$1"
  chown -R rabbitmq:rabbitmq "$CDIR"
  # Three nodes share 2 cores: no scheduler busy-waiting, and schedulers not bound to cores (RabbitMQ
  # binds them by default, so every node's scheduler 1 sat on core 0 and the kernel could not move a
  # busy node to an idle core; measured, 500-pair storm: first CONNACK p50 10.6 s -> 8.2 s).
  # su applies the login limits (1024 open files): raise the soft limit to the hard one again.
  setsid su rabbitmq -s /bin/sh -c "ulimit -n \$(ulimit -Hn); exec env $(node_env "$n") \
RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS='+sbwt none +sbwtdcpu none +sbwtdio none +sbt u${RABBITMQ_ERL_EXTRA:+ $RABBITMQ_ERL_EXTRA}' \
/usr/lib/rabbitmq/bin/rabbitmq-server" >"$CDIR/n$n/server.out" 2>&1 </dev/null &
  echo $! >"$CDIR/n$n/su.pid"
}

wait_node() { # returns once node N's web-mqtt port accepts
  local n="$1" web
  web="$(cat "$CDIR/n$n/web_port")"
  for _ in $(seq 1 240); do
    if port_open "$web"; then return 0; fi
    if ! pid_alive "$(cat "$CDIR/n$n/su.pid")"; then break; fi
    sleep 0.5
  done
  echo "[rabbitmq] node tvc$n did not start; last lines of its output:" >&2
  tail -20 "$CDIR/n$n/server.out" >&2 || true
  return 1
}

running_nodes() { # how many nodes node N sees running
  ctl "$1" eval "'length(rabbit_nodes:all_running()).'" 2>/dev/null | tr -dc 0-9
}

wait_cluster() { # node N sees all nodes running, within 60 s
  local n="$1" seen=""
  for _ in $(seq 1 60); do
    seen="$(running_nodes "$n" || true)"
    [ "$seen" = "$NODES" ] && return 0
    sleep 1
  done
  echo "[rabbitmq] tvc$n sees ${seen:-no} nodes of $NODES running" >&2
  return 1
}

haproxy_config() {
  local n
  {
    cat <<EOF
global
  maxconn $HAPROXY_MAXCONN
  nbthread 1
  hard-stop-after $HAPROXY_HARD_STOP_AFTER
  log stdout format raw local0 warning
defaults
  mode tcp
  log global
  timeout connect 5s
  # Above MQTT's keepalive (the app sends 60 s and pings after 60 s idle): idle phones are never cut.
  timeout client 180s
  timeout server 180s
  timeout client-fin 10s
  timeout server-fin 10s
frontend mqtt_ws
  bind 127.0.0.1:$(cat "$CDIR/lb_port")${HAPROXY_BACKLOG:+ backlog $HAPROXY_BACKLOG}
  maxconn $HAPROXY_MAXCONN${HAPROXY_RATE_LIMIT:+
  rate-limit sessions $HAPROXY_RATE_LIMIT}
  default_backend rabbit_web_mqtt
backend rabbit_web_mqtt
  balance leastconn
  option tcp-check
  # A node that fails 3 checks 2 s apart (each given 5 s) is out, and its phones are cut at once (they
  # reconnect). Measured: with 1 s checks and 1 s time-outs, nodes busy with a reconnect storm missed
  # their checks, HAProxy cut their sessions too, and the storm fed itself.
  timeout check 5s
  default-server inter 2s fall 3 rise 2 on-marked-down shutdown-sessions
  # A node that refuses a connection before its checks have marked it down (a node just killed: about
  # 6 s of failed checks): the connection is retried on another node at once instead of failing back to
  # the phone (measured, most of a node kill's recovery time went to this).
  retries 2
  option redispatch 1
EOF
    for n in $(seq 1 $NODES); do
      echo "  server tvc$n 127.0.0.1:$(cat "$CDIR/n$n/web_port") check"
    done
  } >"$CDIR/haproxy.cfg"
}

start_lb() {
  local lb
  lb="$(cat "$CDIR/lb_port")"
  : >"$CDIR/haproxy.pids"
  # Several processes on one port (SO_REUSEPORT, HAProxy's default on Linux): the kernel spreads the
  # connections, and no process holds more than 2 x maxconn files.
  for k in $(seq 1 "$HAPROXY_PROCS"); do
    setsid haproxy -db -f "$CDIR/haproxy.cfg" >"$CDIR/log/haproxy$k.out" 2>&1 </dev/null &
    echo $! >>"$CDIR/haproxy.pids"
  done
  for _ in $(seq 1 40); do port_open "$lb" && return 0; sleep 0.25; done
  echo "[rabbitmq] HAProxy did not start:" >&2
  cat "$CDIR"/log/haproxy*.out >&2 || true
  return 1
}

stop_lb() {
  local pid pids
  pids="$(cat "$CDIR/haproxy.pids" "$CDIR/haproxy.old.pids" 2>/dev/null || true)"
  for pid in $pids; do
    if pid_alive "$pid"; then kill "$pid" 2>/dev/null || true; fi
  done
  for pid in $pids; do
    for _ in $(seq 1 20); do pid_alive "$pid" || break; sleep 0.1; done
    if pid_alive "$pid"; then kill -9 "$pid" 2>/dev/null || true; fi
  done
  rm -f "$CDIR/haproxy.pids" "$CDIR/haproxy.old.pids"
}

cluster_url() {
  if [ -f "$CDIR/url" ] && [ -f "$CDIR/haproxy.pids" ]; then
    cat "$CDIR/url"
  else
    return 1
  fi
}

cluster() {
  if cluster_url >/dev/null 2>&1; then
    echo "MQTT_URL=$(cluster_url)"
    return 0
  fi
  install_if_missing
  if ! command -v haproxy >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq haproxy >&2
  fi
  rm -rf "$CDIR"
  mkdir -p "$CDIR/mnesia" "$CDIR/log" "$CDIR/home"
  local t0 n next auth_port epmd
  t0=$(date +%s)
  auth_port="${RABBITMQ_AUTH_PORT:-$(free_port 25950)}"
  echo "$auth_port" >"$CDIR/auth_port"
  epmd="$(free_port 24469)"
  echo "$epmd" >"$CDIR/epmd_port"
  next=26672
  for n in $(seq 1 $NODES); do
    mkdir -p "$CDIR/n$n"
    for f in amqp_port mqtt_port dist_port web_port; do
      next="$(free_port "$next")"
      echo "$next" >"$CDIR/n$n/$f"
      next=$((next + 1))
    done
    node_config "$n" "http://127.0.0.1:$auth_port/__broker-auth"
  done
  free_port "${RABBITMQ_LB_PORT:-15680}" >"$CDIR/lb_port"
  echo '[rabbitmq_mqtt,rabbitmq_web_mqtt,rabbitmq_auth_backend_http,rabbitmq_auth_backend_cache].' >"$CDIR/enabled_plugins"
  # TVs sign in as tv:{MAC}: by default RabbitMQ's MQTT plugin reads "tv" as a virtual host (vhost:user).
  # The setting has no rabbitmq.conf key in 3.10, hence advanced.config.
  # The worker pool (above) has no rabbitmq.conf key either.
  local pool=""
  if [ -n "$WORKER_POOL" ]; then pool=", {rabbit, [{default_worker_pool_size, $WORKER_POOL}]}"; fi
  echo "[{rabbitmq_mqtt, [{ignore_colons_in_username, true}]}$pool]." >"$CDIR/advanced.config"
  # One cookie for the three nodes and rabbitmqctl: the shared HOME's.
  head -c 20 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$CDIR/home/.erlang.cookie"
  chmod 400 "$CDIR/home/.erlang.cookie"
  chown -R rabbitmq:rabbitmq "$CDIR"

  ERL_EPMD_PORT="$epmd" setsid epmd -address 127.0.0.1 -port "$epmd" >"$CDIR/log/epmd.out" 2>&1 </dev/null &
  echo $! >"$CDIR/epmd.pid"
  # A node that finds no epmd starts its own (on every address): wait for ours.
  for _ in $(seq 1 40); do port_open "$epmd" && break; sleep 0.1; done

  # tvc1 first; tvc2 and tvc3 then find it (classic config) and join it.
  start_node 1
  if ! wait_node 1; then stop_cluster; return 1; fi
  start_node 2
  start_node 3
  if ! wait_node 2 || ! wait_node 3 || ! wait_cluster 1; then stop_cluster; return 1; fi
  for n in $(seq 1 $NODES); do tune_node "$n"; done
  # TVs and phones keep persistent sessions (a reconnect whose session survived declares and
  # binds nothing, about 4 times cheaper on 3.10). A command the phone gave up on (no reply in 800 ms,
  # SPEC 4) must never run later, and a reply or a TV's announcement older than that is no longer news:
  # messages in every session's queue expire after 800 ms. (tv-commands, the TVs' own, is kept by name:
  # operators' scripts may refer to it.)
  local session_policy='"message-ttl":800'
  if [ -n "$SESSION_MIRRORS" ]; then
    session_policy="$session_policy,\"ha-mode\":\"exactly\",\"ha-params\":$SESSION_MIRRORS,\"ha-sync-mode\":\"automatic\""
  fi
  ctl 1 set_policy --apply-to queues --priority 1 tv-commands "'^mqtt-subscription-tv-'" "'{$session_policy}'" >/dev/null
  ctl 1 set_policy --apply-to queues --priority 0 mqtt-sessions "'^mqtt-subscription-'" "'{$session_policy}'" >/dev/null
  haproxy_config
  if ! start_lb; then stop_cluster; return 1; fi
  echo "ws://127.0.0.1:$(cat "$CDIR/lb_port")/ws" >"$CDIR/url"
  echo "[rabbitmq] $NODES clustered nodes + HAProxy up in $(( $(date +%s) - t0 )) s; HTTP auth backend asked at port $auth_port" >&2
  echo "MQTT_URL=$(cat "$CDIR/url")"
}

kill_node() {
  local n="${1:?node number}" pid
  pid="$(cat "$CDIR/n$n/rabbit.pid")"
  kill -9 "$pid"
  echo "[rabbitmq] killed tvc$n (pid $pid) with SIGKILL" >&2
}

restart_node() {
  local n="${1:?node number}"
  if pid_alive "$(cat "$CDIR/n$n/rabbit.pid" 2>/dev/null || true)"; then
    echo "[rabbitmq] tvc$n is running" >&2
    return 1
  fi
  rm -f "$CDIR/n$n/rabbit.pid"
  start_node "$n"
  wait_node "$n" && wait_cluster "$n" && tune_node "$n" && echo "[rabbitmq] tvc$n is back in the cluster" >&2
}

restart_lb() {
  stop_lb
  start_lb
}

# A reload: new processes on the same port (SO_REUSEPORT) take the new connections; the old ones get
# SIGUSR1 (-sf), stop listening and keep the connections they carry until those end, at most
# hard-stop-after. Their pids go to haproxy.old.pids (stop_lb stops them too).
reload_lb() {
  local old
  old="$(cat "$CDIR/haproxy.pids" 2>/dev/null || true)"
  haproxy_config
  cat "$CDIR/haproxy.pids" >>"$CDIR/haproxy.old.pids" 2>/dev/null || true
  : >"$CDIR/haproxy.pids"
  local k
  for k in $(seq 1 "$HAPROXY_PROCS"); do
    if [ "$k" = 1 ] && [ -n "$old" ]; then
      # shellcheck disable=SC2086
      setsid haproxy -db -f "$CDIR/haproxy.cfg" -sf $old >>"$CDIR/log/haproxy$k.out" 2>&1 </dev/null &
    else
      setsid haproxy -db -f "$CDIR/haproxy.cfg" >>"$CDIR/log/haproxy$k.out" 2>&1 </dev/null &
    fi
    echo $! >>"$CDIR/haproxy.pids"
  done
  sleep 0.5
  echo "[rabbitmq] HAProxy reloaded: new pids $(tr '\n' ' ' <"$CDIR/haproxy.pids"), draining ${old:-none}" >&2
}

cache() {
  local mode="${1:-}" backends
  case "$mode" in
    on) backends='[rabbit_auth_backend_internal, rabbit_auth_backend_cache]' ;;
    off) backends='[rabbit_auth_backend_internal, rabbit_auth_backend_http]' ;;
    *) echo "usage: $0 cache on|off" >&2; return 2 ;;
  esac
  for n in $(seq 1 $NODES); do
    pid_alive "$(cat "$CDIR/n$n/rabbit.pid" 2>/dev/null || true)" || continue
    ctl "$n" eval "'application:set_env(rabbit, auth_backends, $backends).'" >/dev/null
  done
  echo "[rabbitmq] auth cache $mode" >&2
}

stop_cluster() {
  [ -d "$CDIR" ] || return 0
  stop_lb
  local n pid f
  for n in $(seq 1 $NODES); do
    for f in rabbit.pid su.pid; do
      pid="$(cat "$CDIR/n$n/$f" 2>/dev/null || true)"
      if pid_alive "$pid"; then kill "$pid" 2>/dev/null || true; fi
    done
  done
  for n in $(seq 1 $NODES); do
    for f in rabbit.pid su.pid; do
      pid="$(cat "$CDIR/n$n/$f" 2>/dev/null || true)"
      for _ in $(seq 1 60); do pid_alive "$pid" || break; sleep 0.25; done
      if pid_alive "$pid"; then kill -9 "$pid" 2>/dev/null || true; fi
    done
  done
  pid="$(cat "$CDIR/epmd.pid" 2>/dev/null || true)"
  if pid_alive "$pid"; then kill "$pid" 2>/dev/null || true; fi
  # Leftovers of this directory only (HOME is its home/): a node whose pid file was lost, or an
  # `epmd -daemon` a node spawned for itself. Found by their environment, stopped by pid.
  local left
  for left in $(pgrep -u rabbitmq -x 'beam.smp|epmd' || true); do
    if tr '\0' '\n' <"/proc/$left/environ" 2>/dev/null | grep -qx "HOME=$CDIR/home"; then kill -9 "$left" 2>/dev/null || true; fi
  done
  rm -f "$CDIR/url"
}

cluster_suite() {
  local started=0 status=0
  if ! cluster_url >/dev/null 2>&1; then
    cluster >/dev/null
    started=1
  fi
  (cd "$ROOT" && MQTT_URL="$(cluster_url)" BROKER_AUTH_PORT="$(cat "$CDIR/auth_port")" npx jest __tests__/tv/integration.test.ts) || status=$?
  if [ "$started" = 1 ]; then stop_cluster; fi
  return "$status"
}

case "${1:-}" in
  start) start ;;
  suite) suite ;;
  stop) stop; stop_cluster ;;
  reload-lb) reload_lb ;;
  eval) ctl "${2:?node}" eval "'${3:?expression}'" ;;
  url) url ;;
  cluster) cluster ;;
  cluster-url) cluster_url ;;
  cluster-suite) cluster_suite ;;
  kill-node) kill_node "${2:-}" ;;
  start-node) restart_node "${2:-}" ;;
  restart-lb) restart_lb ;;
  cache) cache "${2:-}" ;;
  *) echo "usage: $0 start|stop|url|suite|cluster|cluster-url|cluster-suite|kill-node N|start-node N|restart-lb|reload-lb|eval N EXPR|cache on|off" >&2; exit 2 ;;
esac
