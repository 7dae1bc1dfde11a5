#!/usr/bin/env bash
# After the builds: the TV-link suite and the broker-credential rows of the fault matrix against
# RabbitMQ 4.0 Web-MQTT (one node, then the 3-node cluster behind HAProxy; the first run makes the
# trixie root RabbitMQ 4.0 runs in, about 1.5-3 minutes), the bench:scale smoke on aedes and on the cluster, the browser journey against the H5
# build + local stack, and the screenshots of the shells. Called by .ci/run.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

echo "-- TV link integration suite + broker-credential rows against RabbitMQ 4.0, one node (started and stopped by pid)"
bash .ci/rabbitmq.sh suite

# The bench:scale smoke: 200 phone+TV pairs for 30 s, each phone the app's real TV link. It fails on an
# ACL breach or a command a TV got twice, never on a time (the round trips are printed).
echo "-- bench:scale smoke on aedes (200 pairs, 30 s)"
npm run bench:scale -- --broker aedes --pairs 200 --duration 30 --smoke

echo "-- RabbitMQ 4.0 cluster (3 nodes + HAProxy): the TV-link suite and the broker-credential rows, then the bench:scale smoke"
trap 'bash .ci/rabbitmq.sh stop' EXIT
bash .ci/rabbitmq.sh cluster
bash .ci/rabbitmq.sh cluster-suite
npm run bench:scale -- --broker cluster --pairs 200 --duration 30 --smoke
bash .ci/rabbitmq.sh stop
trap - EXIT

echo "-- e2e: the core journey in Debian chromium"
npm run e2e

echo "-- screenshots of the page shells"
node e2e/screenshots.mjs dist/h5

# Last: the dev server writes its own build over dist/h5.
echo "-- npm start (local stack + H5 dev server) gives a working home"
node e2e/devStart.mjs
