#!/usr/bin/env bash
# Makes sure a Redis server answers on 127.0.0.1:6379 (what the shared rate limit test uses);
# installs Debian's redis-server and starts it in the background when none is there. The portal
# itself never needs Redis: only REDIS_URL turns it on.
set -euo pipefail
HOST=127.0.0.1
PORT=6379

ready() { [ "$(redis-cli -h "$HOST" -p "$PORT" ping 2>/dev/null)" = "PONG" ]; }

if ! ready; then
  if ! command -v redis-server >/dev/null; then
    echo "No Redis found: installing Debian's redis-server package..." >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
  fi
  # Local test server only: loopback, no persistence.
  redis-server --bind "$HOST" --port "$PORT" --save '' --appendonly no --daemonize yes >/dev/null
  for _ in $(seq 1 40); do ready && break; sleep 0.25; done
fi
ready || { echo "Redis does not answer on $HOST:$PORT" >&2; exit 1; }
echo "Redis ready on $HOST:$PORT"
