#!/usr/bin/env bash
# The recovery figures in one run: each recovery scenario of `npm run bench:scale` once, against the
# 3-node RabbitMQ cluster behind HAProxy (started here if none runs, and then stopped at the end, by
# pid), with the machine's load average printed before each. Every run is bounded (--duration) and
# appended to .artifacts/bench-scale/runs.jsonl; `npx tsx bench/scale/table.ts` prints them as a table.
#
#   bash bench/scale/recovery.sh                 the five recovery scenarios
#   PAIRS_SMALL=500 PAIRS_LARGE=2000 bash bench/scale/recovery.sh
#   SCENARIOS="storm:1000 storm:1500" bash bench/scale/recovery.sh   a ladder (scenario:pairs ...)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
SMALL="${PAIRS_SMALL:-500}"
LARGE="${PAIRS_LARGE:-2000}"
# The 2000-pair storm last: it leaves the cluster with thousands of sessions to clean up, and the steady
# run measured right after it (p99 471 ms at load 14) was measuring that aftermath, not a steady state.
SCENARIOS="${SCENARIOS:-tv-returns:$SMALL storm:$SMALL kill-node:$SMALL steady:$LARGE storm:$LARGE}"

started=0
if ! bash .ci/rabbitmq.sh cluster-url >/dev/null 2>&1; then
  bash .ci/rabbitmq.sh cluster
  started=1
fi
cleanup() { if [ "$started" = 1 ]; then bash .ci/rabbitmq.sh stop; fi; }
trap cleanup EXIT

for item in $SCENARIOS; do
  scenario="${item%%:*}"
  pairs="${item##*:}"
  duration=60
  [ "$scenario" = steady ] && duration=120
  echo "== $scenario, $pairs pairs; load average $(cut -d' ' -f1-3 /proc/loadavg)"
  npm run --silent bench:scale -- --broker cluster --pairs "$pairs" --scenario "$scenario" --duration "$duration" \
    || echo "(the $scenario run failed)"
done
