#!/usr/bin/env bash
# Browser tests use Debian's Chromium, never a browser downloaded by a test tool.
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Chromium is missing: installing Debian's chromium package..." >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is missing. Install it with: sudo apt-get install -y chromium" >&2
echo "(or set CHROMIUM_PATH to a Chromium binary)" >&2
exit 1
