#!/usr/bin/env bash
# After the builds: the TV-link suite against RabbitMQ Web-MQTT, the browser journey against the H5
# build + local stack, and the screenshots of the shells. Called by .ci/run.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

echo "-- TV link integration suite against RabbitMQ (started and stopped by pid)"
bash .ci/rabbitmq.sh suite

echo "-- e2e: the core journey in Debian chromium"
npm run e2e

echo "-- screenshots of the page shells"
node e2e/screenshots.mjs dist/h5

# Last: the dev server writes its own build over dist/h5.
echo "-- npm start (local stack + H5 dev server) gives a working home"
node e2e/devStart.mjs
