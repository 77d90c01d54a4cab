#!/usr/bin/env bash
# Builds the production image with podman and smoke-tests its file system (README, "Production").
# Where containers cannot run (no `podman run` on these machines), the image's file system is
# exported into a folder and its command is started there with chroot, with the image's own
# environment and user, on an empty data volume: it must answer /readyz, /metrics and the web
# app, pass its HEALTHCHECK, and stop with exit code 0 on SIGTERM. Needs root.
#   bash scripts/container-smoke.sh            # base image made with debootstrap when missing
set -euo pipefail
cd "$(dirname "$0")/.."
IMAGE=${IMAGE:-proxyport:latest}
BASE=docker.io/library/debian:trixie-slim
PORT=${SMOKE_PORT:-18680}
WORK=$(mktemp -d /tmp/proxyport-smoke.XXXXXX)
ROOT=$WORK/rootfs
SERVER_PID=

cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then kill -KILL "$SERVER_PID" || true; fi
  umount "$ROOT/proc" 2>/dev/null || true
  umount "$ROOT/dev" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

if ! command -v podman >/dev/null || ! command -v debootstrap >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman debootstrap >/dev/null
fi

# The base a registry would serve, made locally: Debian trixie, minimal, without docs and caches.
if ! podman image exists "$BASE"; then
  echo "Making $BASE with debootstrap..."
  debootstrap --variant=minbase trixie "$WORK/base" http://deb.debian.org/debian >/dev/null
  rm -rf "$WORK"/base/var/cache/apt/archives/*.deb "$WORK"/base/var/cache/apt/*.bin "$WORK"/base/var/lib/apt/lists/* \
    "$WORK"/base/usr/share/doc/* "$WORK"/base/usr/share/man/* "$WORK"/base/usr/share/locale/*
  printf 'path-exclude /usr/share/doc/*\npath-exclude /usr/share/man/*\npath-exclude /usr/share/locale/*\n' \
    >"$WORK/base/etc/dpkg/dpkg.cfg.d/docker-slim"
  tar -C "$WORK/base" -c . | podman import - "$BASE" >/dev/null
  rm -rf "$WORK/base"
fi

echo "Building $IMAGE..."
# Docker format keeps the HEALTHCHECK (OCI has none); the host's CA bundle reaches npm in the build.
podman build --format docker --isolation chroot --pull=never --secret "id=ca,src=${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}" \
  --build-arg "PORTAL_COMMIT=$(git rev-parse --short=12 HEAD 2>/dev/null)" -t "$IMAGE" . >"$WORK/build.log" 2>&1 || {
  tail -40 "$WORK/build.log"
  exit 1
}
size=$(podman image inspect --format '{{.Size}}' "$IMAGE")
echo "Image $IMAGE: $((size / 1000000)) MB"

container=$(podman create "$IMAGE")
mkdir -p "$ROOT"
podman export "$container" | tar -x -C "$ROOT"
podman rm "$container" >/dev/null
mount --bind /dev "$ROOT/dev"
mount -t proc proc "$ROOT/proc"

# The image's own settings: environment, user, working folder, command and health check.
inspect() { podman image inspect --format "{{json .Config.$1}}" "$IMAGE"; }
mapfile -t image_env < <(inspect Env | node -pe 'JSON.parse(require("fs").readFileSync(0)).join("\n")')
user=$(inspect User | node -pe 'JSON.parse(require("fs").readFileSync(0))')
workdir=$(inspect WorkingDir | node -pe 'JSON.parse(require("fs").readFileSync(0))')
mapfile -t command < <(inspect Cmd | node -pe 'JSON.parse(require("fs").readFileSync(0)).join("\n")')
# The HEALTHCHECK is `CMD node -e <script>`: its script, run below as the image would.
healthcheck=$(inspect Healthcheck | node -pe 'const t = JSON.parse(require("fs").readFileSync(0)).Test; t[1] === "node" && t[2] === "-e" ? t[3] : ""')
[ -n "$healthcheck" ] || { echo "FAIL: the image has no HEALTHCHECK of the form CMD node -e <script>"; exit 1; }
uid=$(chroot "$ROOT" id -u "$user")

# What production requires, with placeholder credentials (nothing is called at start).
settings=(
  PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
  "${image_env[@]}"
  HOST=127.0.0.1 "PORT=$PORT" "GATEWAY_SOCKS_PORT=$((PORT + 1))" "GATEWAY_HTTP_PORT=$((PORT + 2))"
  ADMIN_SECRET=smoke-test-admin-secret PUBLIC_URL=https://portal.example.com
  PAYMENT_PROVIDER=cryptomus CRYPTOMUS_MERCHANT=smoke CRYPTOMUS_API_KEY=smoke
  METRICS_TOKEN=smoke-test-metrics-token
)
check() {
  local what=$1 expected=$2 got=$3
  if [ "$got" != "$expected" ]; then
    [ -f "$WORK/server.log" ] && cat "$WORK/server.log"
    echo "FAIL: $what: expected $expected, got $got"
    exit 1
  fi
  echo "ok: $what"
}
start_flags=$(node -p '/exec node (.*?) ?dist\/main\.js/.exec(require("./package.json").scripts.start)[1]')
check "the image runs the server with npm start's Node.js flags" "node $start_flags apps/server/dist/main.js" "${command[*]}"
check "the data volume starts empty" 0 "$(ls -A "$ROOT/data" | wc -l)"
check "the data volume belongs to the image's user ($user)" "$uid" "$(stat -c %u "$ROOT/data")"

started=$(date +%s.%N)
chroot --userspec="$uid:$uid" "$ROOT" /usr/bin/env -i "${settings[@]}" /bin/sh -c \
  "cd $workdir && exec \"\$@\"" sh "${command[@]}" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!

base=http://127.0.0.1:$PORT
seen=
for _ in $(seq 1 600); do
  status=$(curl -s -o /dev/null -w '%{http_code}' "$base/readyz" || true)
  [ "$status" != 000 ] && [ "${seen##* }" != "$status" ] && seen="$seen $status"
  [ "$status" = 200 ] && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log"; echo "FAIL: the server exited"; exit 1; }
  sleep 0.1
done
[ "$status" = 200 ] || { cat "$WORK/server.log"; echo "FAIL: /readyz never answered 200"; exit 1; }
echo "/readyz answers seen:$seen, ready after $(echo "$(date +%s.%N) - $started" | bc) s"

check "/metrics without the token" 401 "$(curl -s -o /dev/null -w '%{http_code}' "$base/metrics")"
check "/metrics with the token lists the rentals gauge" 1 \
  "$(curl -s -H 'authorization: Bearer smoke-test-metrics-token' "$base/metrics" | grep -c '^proxyport_rentals{status="connected"}')"
# The image has no .git: the commit reaches its version through the build argument.
version="$(node -p 'require("./apps/server/package.json").version')$(commit=$(git rev-parse --short=12 HEAD 2>/dev/null) && echo "+$commit")"
check "the server names its version and commit" 1 "$(grep -c "^  Version: $version\$" "$WORK/server.log")"
check "the web app is built in" 1 "$(curl -s "$base/" | grep -c '<div id="root">')"
check "the data volume holds the embedded database" 0 "$([ -d "$ROOT/data/pglite" ] || [ -n "$(ls -A "$ROOT/data")" ]; echo $?)"
check "the image's HEALTHCHECK passes" 0 \
  "$(chroot --userspec="$uid:$uid" "$ROOT" /usr/bin/env -i "${settings[@]}" node -e "$healthcheck" >/dev/null 2>&1; echo $?)"

kill -TERM "$SERVER_PID"
code=0
wait "$SERVER_PID" || code=$?
SERVER_PID=
check "SIGTERM stops it with exit code" 0 "$code"
echo "Smoke test passed."
