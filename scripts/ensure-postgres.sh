#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 with trust auth and a database `test`
# (the CI contract); installs and starts Debian's server when none is there.
set -euo pipefail
HOST=127.0.0.1
PORT=5432

ready() { pg_isready -h "$HOST" -p "$PORT" -q 2>/dev/null; }
cluster_version() { ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1; }

if ! ready; then
  if [ -z "$(cluster_version)" ]; then
    echo "No PostgreSQL found: installing Debian's postgresql package..." >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  fi
  version=$(cluster_version)
  hba=/etc/postgresql/$version/main/pg_hba.conf
  # Local test server only: trust connections from this machine, as the CI contract says.
  if [ -f "$hba" ] && ! grep -qE '^host\s+all\s+all\s+127\.0\.0\.1/32\s+trust' "$hba"; then
    sed -i -E 's/^(host\s+all\s+all\s+(127\.0\.0\.1\/32|::1\/128)\s+)\S+/\1trust/' "$hba"
  fi
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  for _ in $(seq 1 60); do ready && break; sleep 0.5; done
fi
ready || { echo "PostgreSQL does not answer on $HOST:$PORT" >&2; exit 1; }

if ! psql -h "$HOST" -p "$PORT" -U postgres -d test -Atqc 'SELECT 1' >/dev/null 2>&1; then
  psql -h "$HOST" -p "$PORT" -U postgres -d postgres -qc 'CREATE DATABASE test' >/dev/null 2>&1 ||
    su postgres -c "createdb -h $HOST -p $PORT test"
fi
echo "PostgreSQL ready on $HOST:$PORT (database test)"
