#!/usr/bin/env bash
# RabbitMQ Web-MQTT (MQTT 3.1.1 over WebSocket) for the TV-link integration suite and bench.
#
# Which RabbitMQ: 4.0 (RABBITMQ_VERSION=4.0, the default): Debian trixie's rabbitmq-server 4.0.5 with
# Erlang 27 (native MQTT), which does not install into this bookworm host (it needs trixie's libc). The
# script makes a trixie root once with debootstrap (.rabbitmq-trixie/, git-ignored, about 3 minutes and
# 370 MB; RABBITMQ_ROOTFS=DIR to keep it elsewhere) and runs every node in it with chroot, /proc, /dev
# and /sys bound in (and the node's own directory, at the same path), unmounted again by `stop`. The
# host's own package sources are never touched. RABBITMQ_VERSION=3.10: the host's Debian bookworm
# rabbitmq-server 3.10.8 (Erlang 25), installed with apt-get if missing: kept only as the named
# comparison of bench:scale's side-by-side figures (docs/broker-at-scale.md).
#
# Nobody gets in as guest or anonymously, on any version: the only auth backend is RabbitMQ's HTTP
# backend (behind its cache on the cluster), asking the emulator's broker policy
# (emulator/broker/httpAuth.ts) at http://127.0.0.1:AUTH_PORT/__broker-auth; phones sign in with their
# jarvisLogin credentials and TVs as tv:{MAC12} with their own secret. The default guest user is
# deleted after the first start, mqtt.allow_anonymous = false and (4.0) anonymous_login_user = none.
#
#   bash .ci/rabbitmq.sh start   starts one node in .rabbitmq/ (git-ignored) with web_mqtt on 127.0.0.1,
#                                waits until the web-mqtt port accepts and prints
#                                MQTT_URL=ws://127.0.0.1:PORT/ws. Its HTTP auth backend asks port
#                                RABBITMQ_AUTH_PORT (a free port when unset, recorded in .rabbitmq/auth_port):
#                                whoever uses the broker serves the policy there
#   bash .ci/rabbitmq.sh stop    stops that broker and its private epmd by pid (and the cluster below)
#   bash .ci/rabbitmq.sh url     prints the MQTT_URL of the running broker (exit 1 if none)
#   bash .ci/rabbitmq.sh suite   start, run the TV-link integration suite against it (MQTT_URL,
#                                BROKER_AUTH_PORT: the suite serves the broker policy) and the broker's
#                                credential rows of the fault matrix, stop (only if this call started it);
#                                exits with the first failure
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
#                                session expiry 5 min; classic queues, or quorum with
#                                RABBITMQ_SESSION_QUEUE_TYPE=quorum), httpc 32 connections; then HAProxy in
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
#   bash .ci/rabbitmq.sh stop            stops the single node AND the cluster + HAProxy, by pid, and
#                                        unmounts what the trixie root had bound
# Commands on a running node or cluster use the version it was started with (its directory's
# `version` file); RABBITMQ_VERSION only chooses at start.
#
# Why it looks like this: rabbitmq-server drops to the
# rabbitmq user, so every directory it writes is chowned to rabbitmq; epmd is ours, on a private port,
# so stopping it never touches another epmd.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="$ROOT/.rabbitmq"
CDIR="$ROOT/.rabbitmq-cluster"
WEB_PORT="${RABBITMQ_WEB_MQTT_PORT:-15675}"
VERSION="${RABBITMQ_VERSION:-4.0}"
case "$VERSION" in
  4.0 | 3.10) ;;
  *) echo "[rabbitmq] RABBITMQ_VERSION=$VERSION: 4.0 (the default) or 3.10 (the comparison)" >&2; exit 2 ;;
esac
ROOTFS="${RABBITMQ_ROOTFS:-$ROOT/.rabbitmq-trixie}"
# The same path in the trixie root (4.0) and on the host (3.10).
RMQ_BIN=/usr/lib/rabbitmq/bin
# Sessions (persistent, phones' and TVs') left alone this long are removed: long enough for any
# reconnect of the same login (the jitter's 30 s cap, a node back within a minute), short enough that
# the sessions each app start leaves behind do not pile up. 4.0: mqtt.max_session_expiry_interval_seconds
# (MQTT 5's session expiry, which 4.0 applies to 3.1.1's clean_session=false too); 3.10:
# mqtt.subscription_ttl (4.0 refuses that key).
SESSION_TTL_MS="${RABBITMQ_SESSION_TTL_MS:-300000}"
# The Web-MQTT listener's accept queue (4.0: web_mqtt.tcp.backlog; the default is 128). A storm brings a
# node every connection it lost within a second or two; beyond the backlog the kernel drops the SYNs and
# those clients wait for their TCP retransmit (1 s, 3 s, 7 s...). 4096 = net.core.somaxconn here (the
# kernel's cap on any backlog).
WEB_BACKLOG="${RABBITMQ_WEB_BACKLOG:-4096}"

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

# ---- where RabbitMQ runs: the trixie root (4.0) or the host (3.10) --------------------------------

# The trixie root with rabbitmq-server 4.0, made once (into ROOTFS.partial, renamed when complete, so an
# interrupted debootstrap is never taken for a root).
# ca-certificates: Erlang 27's httpc loads the OS CA bundle for every request, plain http included, and
# without one the HTTP auth backend fails every check ("authentication failed with internal error").
make_root() {
  if [ -x "$ROOTFS$RMQ_BIN/rabbitmq-server" ]; then
    if [ ! -s "$ROOTFS/etc/ssl/certs/ca-certificates.crt" ]; then
      echo "[rabbitmq] adding ca-certificates to the trixie root (its own apt, trixie's sources)" >&2
      chroot "$ROOTFS" /bin/sh -c "DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends ca-certificates" >&2
    fi
    return 0
  fi
  if grep -q " $ROOTFS" /proc/mounts; then
    echo "[rabbitmq] $ROOTFS has mounts but no rabbitmq-server: run '$0 stop' first" >&2
    return 1
  fi
  if ! command -v debootstrap >/dev/null; then
    echo "[rabbitmq] installing debootstrap (apt-get)" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq --no-install-recommends debootstrap >&2
  fi
  echo "[rabbitmq] making the trixie root for RabbitMQ 4.0 in $ROOTFS (debootstrap, 1.5-3 minutes, once)" >&2
  rm -rf "$ROOTFS.partial"
  debootstrap --variant=minbase --include=rabbitmq-server,ca-certificates trixie "$ROOTFS.partial" http://deb.debian.org/debian >&2
  rm -rf "$ROOTFS"
  mv "$ROOTFS.partial" "$ROOTFS"
}

install_if_missing() {
  if [ "$VERSION" = 4.0 ]; then
    make_root
  elif [ ! -x "$RMQ_BIN/rabbitmq-server" ]; then
    echo "[rabbitmq] installing rabbitmq-server 3.10 (apt-get)" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq rabbitmq-server >&2
  fi
}

# uid:gid of the rabbitmq user that runs the nodes (4.0: the root's own user, whose ids differ from the
# host's).
rabbit_owner() {
  local passwd=/etc/passwd
  if [ "$VERSION" = 4.0 ]; then passwd="$ROOTFS/etc/passwd"; fi
  awk -F: '$1 == "rabbitmq" { print $3 ":" $4 }' "$passwd"
}

mounted() { grep -q " $1 " /proc/mounts; }

# 4.0: /proc, /dev and /sys into the root, and the node directory $1 at the same path inside it (so every
# path of the configuration means the same inside and out).
bind_dir() {
  [ "$VERSION" = 4.0 ] || return 0
  local d
  # Read-only: a `git clean -fdx` or `rm -rf` of the checkout while a node runs must not reach the
  # host's /dev through the root (device nodes stay writable on a read-only mount).
  for d in proc dev sys; do
    if ! mounted "$ROOTFS/$d"; then
      mount --bind "/$d" "$ROOTFS/$d"
      mount -o remount,bind,ro "$ROOTFS/$d"
    fi
  done
  mkdir -p "$ROOTFS$1"
  mounted "$ROOTFS$1" || mount --bind "$1" "$ROOTFS$1"
}

# Undoes bind_dir for $1; /proc, /dev and /sys go too once no node directory is bound any more.
release_dir() {
  if mounted "$ROOTFS$1"; then umount "$ROOTFS$1" || umount -l "$ROOTFS$1"; fi
  if ! mounted "$ROOTFS$DIR" && ! mounted "$ROOTFS$CDIR"; then
    local d
    for d in sys dev proc; do
      if mounted "$ROOTFS/$d"; then umount "$ROOTFS/$d" || umount -l "$ROOTFS/$d"; fi
    done
  fi
  return 0
}

# Runs the shell command $1 as the rabbitmq user (in the root for 4.0), with the open-file soft limit
# raised to the hard one (su applies the login limit of 1024).
as_rabbit() {
  if [ "$VERSION" = 4.0 ]; then
    chroot --userspec=rabbitmq:rabbitmq "$ROOTFS" /bin/sh -c "ulimit -n \$(ulimit -Hn); $1"
  else
    su rabbitmq -s /bin/sh -c "ulimit -n \$(ulimit -Hn); $1"
  fi
}

# as_rabbit in the background, in a session of its own, output to $2, its pid to $3.
spawn_rabbit() {
  local cmd="$1" out="$2" pidfile="$3"
  if [ "$VERSION" = 4.0 ]; then
    setsid chroot --userspec=rabbitmq:rabbitmq "$ROOTFS" /bin/sh -c "ulimit -n \$(ulimit -Hn); $cmd" >"$out" 2>&1 </dev/null &
  else
    setsid su rabbitmq -s /bin/sh -c "ulimit -n \$(ulimit -Hn); $cmd" >"$out" 2>&1 </dev/null &
  fi
  echo $! >"$pidfile"
}

# Our own epmd on port $1 (the only one `stop` kills; its pid to $2, output to $3), waited for: a node
# that finds no epmd starts its own, on every address.
start_epmd() {
  local port="$1" pidfile="$2" log="$3"
  if [ "$VERSION" = 4.0 ]; then
    ERL_EPMD_PORT="$port" setsid chroot "$ROOTFS" /usr/bin/epmd -address 127.0.0.1 -port "$port" >"$log" 2>&1 </dev/null &
  else
    ERL_EPMD_PORT="$port" setsid epmd -address 127.0.0.1 -port "$port" >"$log" 2>&1 </dev/null &
  fi
  echo $! >"$pidfile"
  for _ in $(seq 1 40); do port_open "$port" && return 0; sleep 0.1; done
  return 0
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

# What every node shares: no anonymous login, sessions bounded, the packet limit, the storm backlog
# (docs/broker-at-scale.md, section 1, has the why of each line).
common_conf() {
  cat <<EOF
web_mqtt.ws_opts.max_frame_size = 16389
mqtt.allow_anonymous = false
log.console = false
log.file.level = warning
EOF
  if [ "$VERSION" = 4.0 ]; then
    cat <<EOF
anonymous_login_user = none
web_mqtt.tcp.backlog = $WEB_BACKLOG
mqtt.max_packet_size_authenticated = 16384
mqtt.max_session_expiry_interval_seconds = $((SESSION_TTL_MS / 1000))
EOF
    if [ -n "$SESSION_QUEUE_TYPE" ]; then echo "mqtt.durable_queue_type = $SESSION_QUEUE_TYPE"; fi
  else
    echo "mqtt.subscription_ttl = $SESSION_TTL_MS"
  fi
}

# TVs sign in as tv:{MAC}: by default RabbitMQ's MQTT plugin reads "tv" as a virtual host (vhost:user).
# The setting has no rabbitmq.conf key (3.10 or 4.0), hence advanced.config. $1: more terms, or "".
advanced_config() {
  echo "[{rabbitmq_mqtt, [{ignore_colons_in_username, true}]}$1]."
}

# Deletes the default guest user through node $2 (environment $1). The only auth backend is the HTTP one,
# so guest could not log in anyway; deleted so that adding the internal backend later cannot bring it
# back with its full rights.
delete_guest() {
  as_rabbit "exec env $1 $RMQ_BIN/rabbitmqctl -q -n $2 delete_user guest" >/dev/null 2>&1 || true
}

# Leftovers of one node directory only (its HOME): a node whose pid file was lost, or an `epmd -daemon`
# a node spawned for itself. Found by their environment, stopped by pid.
kill_leftovers() {
  local home="$1" uid left
  uid="$(rabbit_owner | cut -d: -f1)"
  [ -n "$uid" ] || return 0
  for left in $(pgrep -u "$uid" || true); do
    if { tr '\0' '\n' <"/proc/$left/environ"; } 2>/dev/null | grep -qx "HOME=$home"; then kill -9 "$left" 2>/dev/null || true; fi
  done
}

start() {
  if [ -f "$DIR/url" ] && pid_alive "$(cat "$DIR/rabbit.pid" 2>/dev/null || true)"; then
    cat "$DIR/url"
    return 0
  fi
  install_if_missing
  release_dir "$DIR"
  rm -rf "$DIR"
  mkdir -p "$DIR/mnesia" "$DIR/log" "$DIR/home"

  local web amqp mqtt dist epmd auth_port
  web="$(free_port "$WEB_PORT")"
  amqp="$(free_port 25672)"
  mqtt="$(free_port $((amqp + 1)))"
  dist="$(free_port $((mqtt + 1)))"
  epmd="$(free_port 24369)"
  auth_port="${RABBITMQ_AUTH_PORT:-$(free_port 25900)}"

  # Phones and TVs are checked by the emulator's broker-auth endpoints (as an operator wires its broker to
  # the user centre), and by nothing else: no internal backend, so no guest.
  cat >"$DIR/rabbitmq.conf" <<EOF
listeners.tcp.default = 127.0.0.1:$amqp
mqtt.listeners.tcp.default = 127.0.0.1:$mqtt
web_mqtt.tcp.port = $web
web_mqtt.tcp.ip = 127.0.0.1
auth_backends.1 = http
$(auth_http_conf "http://127.0.0.1:$auth_port/__broker-auth")
$(common_conf)
EOF
  echo '[rabbitmq_mqtt,rabbitmq_web_mqtt,rabbitmq_auth_backend_http].' >"$DIR/enabled_plugins"
  advanced_config "" >"$DIR/advanced.config"
  echo "$auth_port" >"$DIR/auth_port"
  echo "$VERSION" >"$DIR/version"
  chown -R "$(rabbit_owner)" "$DIR"
  bind_dir "$DIR"
  start_epmd "$epmd" "$DIR/epmd.pid" "$DIR/log/epmd.out"

  local envs="HOME=$DIR/home ERL_EPMD_PORT=$epmd \
RABBITMQ_CONFIG_FILE=$DIR/rabbitmq.conf \
RABBITMQ_ADVANCED_CONFIG_FILE=$DIR/advanced.config \
RABBITMQ_ENABLED_PLUGINS_FILE=$DIR/enabled_plugins \
RABBITMQ_MNESIA_BASE=$DIR/mnesia \
RABBITMQ_LOG_BASE=$DIR/log \
RABBITMQ_FEATURE_FLAGS_FILE=$DIR/feature_flags \
RABBITMQ_PID_FILE=$DIR/rabbit.pid \
RABBITMQ_NODENAME=tvc@localhost \
RABBITMQ_NODE_IP_ADDRESS=127.0.0.1 \
RABBITMQ_NODE_PORT=$amqp \
RABBITMQ_DIST_PORT=$dist"
  spawn_rabbit "exec env $envs $RMQ_BIN/rabbitmq-server" "$DIR/server.out" "$DIR/su.pid"

  local i
  for i in $(seq 1 120); do
    if port_open "$web"; then
      delete_guest "$envs" tvc@localhost
      echo "ws://127.0.0.1:$web/ws" >"$DIR/url"
      echo "[rabbitmq] RabbitMQ $VERSION, one node; HTTP auth backend asked at port $auth_port" >&2
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
  local pid f
  for f in rabbit.pid su.pid epmd.pid; do
    pid="$(cat "$DIR/$f" 2>/dev/null || true)"
    if pid_alive "$pid"; then kill "$pid" 2>/dev/null || true; fi
  done
  for f in rabbit.pid su.pid epmd.pid; do
    pid="$(cat "$DIR/$f" 2>/dev/null || true)"
    for _ in $(seq 1 40); do pid_alive "$pid" || break; sleep 0.25; done
    if pid_alive "$pid"; then kill -9 "$pid" 2>/dev/null || true; fi
  done
  kill_leftovers "$DIR/home"
  rm -f "$DIR/url" "$DIR/auth_port"
  release_dir "$DIR"
}

url() {
  if [ -f "$DIR/url" ] && pid_alive "$(cat "$DIR/rabbit.pid" 2>/dev/null || true)"; then
    cat "$DIR/url"
  else
    return 1
  fi
}

# The TV-link suite and the broker-credential rows of the fault matrix against MQTT_URL $1, the broker
# policy served by the test at BROKER_AUTH_PORT $2; $3 names the broker in the rows. Both run; the
# status is the first failure's.
run_suites() {
  local status=0
  export RABBITMQ_VERSION="$VERSION" BROKER_LABEL="$3"
  (cd "$ROOT" && MQTT_URL="$1" BROKER_AUTH_PORT="$2" npx jest __tests__/tv/integration.test.ts) || status=$?
  (cd "$ROOT" && MQTT_URL="$1" BROKER_AUTH_PORT="$2" node scripts/faults.mjs faults/brokerCredentials.fault.ts) || status=$?
  return "$status"
}

suite() {
  local started=0 status=0
  if ! url >/dev/null 2>&1; then
    start >/dev/null
    started=1
  fi
  run_suites "$(url)" "$(cat "$DIR/auth_port")" "RabbitMQ $VERSION, one node" || status=$?
  if [ "$started" = 1 ]; then stop; fi
  return "$status"
}

# ---- the cluster ------------------------------------------------------------------------------------

NODES=3
# Each node's memory alarm at an absolute figure: the default (0.4 of RAM) would count the machine's
# RAM three times over.
NODE_MEMORY="${RABBITMQ_NODE_MEMORY:-4GiB}"
# Cache TTL above the app's 30 s sync, so a phone's checks stay cached from one sync to the next, and a
# storm's reconnects within it find their vhost/resource/topic answers cached (the login itself is
# asked again unless the connection is younger than the TTL). The price: a revoked session keeps a
# cached allow this long (docs/broker-at-scale.md, "Which cache time-to-live").
CACHE_TTL_MS="${RABBITMQ_AUTH_CACHE_TTL_MS:-60000}"
# RabbitMQ 3.10 runs every metadata transaction (a clean session's queue deletion at CONNECT,
# its subscription queue's declare and bind) through one worker pool per node, as large as the node's
# schedulers by default (2 here). RABBITMQ_WORKER_POOL=N sets it (advanced.config,
# rabbit.default_worker_pool_size). Measured, 500-pair storm: 32 made recovery slower (first CONNACK
# p50 15.0 s, SUBACK p50 30.0 s against 11.8 s and 19.3 s with 2), so the default stays.
WORKER_POOL="${RABBITMQ_WORKER_POOL:-}"
# The HTTP auth backend asks through Erlang's httpc default profile, which keeps at most 2
# connections per host (max_sessions) and queues up to 5 requests behind each (max_keep_alive_length):
# every check of a node in single file. In a reconnect storm each connection needs 3-5 checks. 32
# connections, one request each, measured (500-pair storm): recovery p99 15.1 s -> 13.3 s.
# RABBITMQ_HTTPC_SESSIONS=0 keeps httpc's defaults. Neither 3.10 nor 4.0 has a configuration key for it:
# set after each node start.
HTTPC_SESSIONS="${RABBITMQ_HTTPC_SESSIONS:-32}"
# Tried on 3.10: RABBITMQ_SESSION_MIRRORS=N mirrors every session queue on N nodes (classic queue
# mirroring, ha-mode exactly), so that a session outlives the node it was declared on. 4.0 has no
# classic mirroring: ignored there.
SESSION_MIRRORS="${RABBITMQ_SESSION_MIRRORS:-}"
# 4.0: RABBITMQ_SESSION_QUEUE_TYPE=quorum keeps persistent sessions (clean_session = false) in quorum
# queues, replicated on every node, so that a session outlives the node it was declared on.
SESSION_QUEUE_TYPE="${RABBITMQ_SESSION_QUEUE_TYPE:-}"
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
  as_rabbit "exec env $(node_env "$n") $RMQ_BIN/rabbitmqctl -q -n tvc$n@localhost $*"
}

node_config() {
  local n="$1" auth="$2"
  cat >"$CDIR/n$n/rabbitmq.conf" <<EOF
listeners.tcp.default = 127.0.0.1:$(cat "$CDIR/n$n/amqp_port")
mqtt.listeners.tcp.default = 127.0.0.1:$(cat "$CDIR/n$n/mqtt_port")
web_mqtt.tcp.port = $(cat "$CDIR/n$n/web_port")
web_mqtt.tcp.ip = 127.0.0.1
vm_memory_high_watermark.absolute = $NODE_MEMORY
cluster_formation.peer_discovery_backend = classic_config
cluster_formation.classic_config.nodes.1 = tvc1@localhost
cluster_formation.classic_config.nodes.2 = tvc2@localhost
cluster_formation.classic_config.nodes.3 = tvc3@localhost
cluster_partition_handling = pause_minority
auth_backends.1 = cache
auth_cache.cached_backend = http
auth_cache.cache_ttl = $CACHE_TTL_MS
$(auth_http_conf "$auth")
$(common_conf)
EOF
  # 3.10 waits a random 5-60 s before joining by default (4.0 has no such delay, nor the key).
  if [ "$VERSION" = 3.10 ]; then
    printf 'cluster_formation.randomized_startup_delay_range.min = 0\ncluster_formation.randomized_startup_delay_range.max = 1\n' >>"$CDIR/n$n/rabbitmq.conf"
  fi
}

# Settings with no configuration key, applied once node N runs (after every start).
tune_node() {
  local n="$1"
  if [ "$HTTPC_SESSIONS" != 0 ]; then
    ctl "$n" eval "'httpc:set_options([{max_sessions, $HTTPC_SESSIONS}, {max_keep_alive_length, 1}]).'" >/dev/null
  fi
}

start_node() {
  local n="$1"
  chown -R "$(rabbit_owner)" "$CDIR"
  # Three nodes share 2 cores: no scheduler busy-waiting, and schedulers not bound to cores (RabbitMQ
  # binds them by default, so every node's scheduler 1 sat on core 0 and the kernel could not move a
  # busy node to an idle core; measured on 3.10, 500-pair storm: first CONNACK p50 10.6 s -> 8.2 s).
  spawn_rabbit "exec env $(node_env "$n") \
RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS='+sbwt none +sbwtdcpu none +sbwtdio none +sbt u${RABBITMQ_ERL_EXTRA:+ $RABBITMQ_ERL_EXTRA}' \
$RMQ_BIN/rabbitmq-server" "$CDIR/n$n/server.out" "$CDIR/n$n/su.pid"
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
  # the phone (measured on 3.10: most of a node kill's recovery time went to this).
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
  release_dir "$CDIR"
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
  # The worker pool (above) has no rabbitmq.conf key.
  local pool=""
  if [ -n "$WORKER_POOL" ]; then pool=", {rabbit, [{default_worker_pool_size, $WORKER_POOL}]}"; fi
  advanced_config "$pool" >"$CDIR/advanced.config"
  echo "$VERSION" >"$CDIR/version"
  # One cookie for the three nodes and rabbitmqctl: the shared HOME's.
  head -c 20 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$CDIR/home/.erlang.cookie"
  chmod 400 "$CDIR/home/.erlang.cookie"
  chown -R "$(rabbit_owner)" "$CDIR"
  bind_dir "$CDIR"
  start_epmd "$epmd" "$CDIR/epmd.pid" "$CDIR/log/epmd.out"

  # 3.10: tvc1 first; tvc2 and tvc3 then find it (classic config) and join it. 4.0's peer discovery
  # waits for the listed nodes and picks the seed among them itself: all three at once.
  start_node 1
  if [ "$VERSION" = 3.10 ] && ! wait_node 1; then stop_cluster; return 1; fi
  start_node 2
  start_node 3
  if ! wait_node 1 || ! wait_node 2 || ! wait_node 3 || ! wait_cluster 1; then stop_cluster; return 1; fi
  for n in $(seq 1 $NODES); do tune_node "$n"; done
  delete_guest "$(node_env 1)" tvc1@localhost
  # TVs and phones keep persistent sessions (a reconnect whose session survived declares and
  # binds nothing, about 4 times cheaper on 3.10). A command the phone gave up on (no reply in 800 ms,
  # SPEC 4) must never run later, and a reply or a TV's announcement older than that is no longer news:
  # messages in every session's queue expire after 800 ms. (tv-commands, the TVs' own, is kept by name:
  # operators' scripts may refer to it.)
  local session_policy='"message-ttl":800'
  if [ -n "$SESSION_MIRRORS" ] && [ "$VERSION" = 3.10 ]; then
    session_policy="$session_policy,\"ha-mode\":\"exactly\",\"ha-params\":$SESSION_MIRRORS,\"ha-sync-mode\":\"automatic\""
  fi
  ctl 1 set_policy --apply-to queues --priority 1 tv-commands "'^mqtt-subscription-tv-'" "'{$session_policy}'" >/dev/null
  ctl 1 set_policy --apply-to queues --priority 0 mqtt-sessions "'^mqtt-subscription-'" "'{$session_policy}'" >/dev/null
  haproxy_config
  if ! start_lb; then stop_cluster; return 1; fi
  echo "ws://127.0.0.1:$(cat "$CDIR/lb_port")/ws" >"$CDIR/url"
  echo "[rabbitmq] RabbitMQ $VERSION: $NODES clustered nodes + HAProxy up in $(( $(date +%s) - t0 )) s; HTTP auth backend asked at port $auth_port" >&2
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
    on) backends='[rabbit_auth_backend_cache]' ;;
    off) backends='[rabbit_auth_backend_http]' ;;
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
  kill_leftovers "$CDIR/home"
  rm -f "$CDIR/url"
  release_dir "$CDIR"
}

cluster_suite() {
  local started=0 status=0
  if ! cluster_url >/dev/null 2>&1; then
    cluster >/dev/null
    started=1
  fi
  run_suites "$(cluster_url)" "$(cat "$CDIR/auth_port")" "RabbitMQ $VERSION, 3 nodes behind HAProxy" || status=$?
  if [ "$started" = 1 ]; then stop_cluster; fi
  return "$status"
}

# The version a running single node ($DIR) or cluster ($CDIR) was started with.
use_version_of() {
  if [ -f "$1/version" ]; then VERSION="$(cat "$1/version")"; fi
}

case "${1:-}" in
  start) start ;;
  suite) suite ;;
  stop) (use_version_of "$DIR"; stop); (use_version_of "$CDIR"; stop_cluster) ;;
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
