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

pid_alive() { [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null; }

install_if_missing() {
  if [ ! -x /usr/lib/rabbitmq/bin/rabbitmq-server ]; then
    echo "[rabbitmq] installing rabbitmq-server (apt-get)" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq rabbitmq-server >&2
  fi
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
auth_http.http_method = post
auth_http.user_path = $auth/user
auth_http.vhost_path = $auth/vhost
auth_http.resource_path = $auth/resource
auth_http.topic_path = $auth/topic
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

case "${1:-}" in
  start) start ;;
  suite) suite ;;
  stop) stop ;;
  url) url ;;
  *) echo "usage: $0 start|stop|url|suite" >&2; exit 2 ;;
esac
