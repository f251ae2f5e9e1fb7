# Sourced by .ci/run: starts a throwaway PostgreSQL server (Debian's package, installed if
# missing) on a free loopback port, as the postgres user on a temporary data directory, and
# exports FERTILITY_TEST_POSTGRES for the table server's tests; stopped when the shell exits.
start_postgres() {
  if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    apt-get update -qq && apt-get install -y -qq postgresql
  fi
  local bin port
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  PG_DATA=$(mktemp -d /tmp/fertility-pg.XXXXXX)
  chown postgres "$PG_DATA"
  su postgres -s /bin/sh -c "$bin/initdb -D $PG_DATA -A trust -U postgres" >/dev/null
  su postgres -s /bin/sh -c \
    "$bin/pg_ctl -D $PG_DATA -l $PG_DATA/log -o '-h 127.0.0.1 -p $port -k $PG_DATA' -w start" >/dev/null
  export FERTILITY_TEST_POSTGRES="postgresql://postgres@127.0.0.1:$port/postgres"
  PG_BIN=$bin
  trap stop_postgres EXIT
}

stop_postgres() {
  su postgres -s /bin/sh -c "$PG_BIN/pg_ctl -D $PG_DATA -m immediate stop" >/dev/null 2>&1 || true
  rm -rf "$PG_DATA"
}
