#!/usr/bin/env bash
# Make sure a PostgreSQL server answers on 127.0.0.1:5432 to user postgres without a password,
# for the storage suite on PostgreSQL and the Temporal engine tests (tests/engine/temporal).
# A server that already answers is left alone (nothing is changed, exit 0). Otherwise, as
# root with apt-get: install Debian's postgresql, and configure and start its cluster for
# local tests — listening on 127.0.0.1 only, trust for user postgres from 127.0.0.1 only.
# Without root or apt-get it says what is missing and exits 0; the PostgreSQL tests then skip
# with the reason.
set -euo pipefail

HOST=127.0.0.1
PORT=${SENTINEL_PG_PORT:-5432}

answers() {
  if command -v pg_isready >/dev/null 2>&1; then
    pg_isready -q -h "$HOST" -p "$PORT" -U postgres -t 2
  else
    (exec 3<>"/dev/tcp/$HOST/$PORT") 2>/dev/null
  fi
}

if answers; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "install-postgres: nothing answers on $HOST:$PORT and this is not root;" \
    "install and start PostgreSQL (trust for user postgres on $HOST) to run its tests" >&2
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-postgres: nothing answers on $HOST:$PORT and apt-get is not available" >&2
  exit 0
fi

export DEBIAN_FRONTEND=noninteractive
if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
  echo "install-postgres: installing postgresql from Debian's packages" >&2
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends postgresql >/dev/null
fi

version=$(ls /etc/postgresql | sort -V | tail -n 1)
if [ ! -d "/etc/postgresql/$version/main" ]; then
  pg_createcluster "$version" main >/dev/null
fi
conf=/etc/postgresql/$version/main
sed -i -E "s/^#?listen_addresses\s*=.*/listen_addresses = '$HOST'/" "$conf/postgresql.conf"
sed -i -E "s/^#?port\s*=.*/port = $PORT/" "$conf/postgresql.conf"
rule="host all postgres $HOST/32 trust"
if ! grep -qxF "$rule" "$conf/pg_hba.conf"; then
  # First matching line wins: the rule goes before the packaged ones.
  printf '%s\n%s\n' "$rule" "$(cat "$conf/pg_hba.conf")" > "$conf/pg_hba.conf"
fi

echo "install-postgres: starting PostgreSQL $version on $HOST:$PORT" >&2
pg_ctlcluster "$version" main restart || pg_ctlcluster "$version" main start
for _ in $(seq 1 60); do
  if answers; then
    echo "install-postgres: PostgreSQL $version answers on $HOST:$PORT" >&2
    exit 0
  fi
  sleep 0.5
done
echo "install-postgres: PostgreSQL $version did not answer on $HOST:$PORT within 30 s" >&2
exit 1
