# A throwaway PostgreSQL cluster on a loopback port, for tests and load runs.
# Usage: source scripts/pg.sh; pg_start; ...; pg_stop. Exports PG_URL.
PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
# A free loopback port unless PG_PORT says otherwise, so a test run and a load run can overlap.
PG_PORT=${PG_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
PG_DIR=""

pg_start() {
  PG_DIR=$(mktemp -d /tmp/kozel-pg.XXXXXX)
  if [ "$(id -u)" = 0 ]; then
    chown postgres:postgres "$PG_DIR"
    PG_RUN=(runuser -u postgres --)
  else
    PG_RUN=()
  fi
  "${PG_RUN[@]}" "$PG_BIN/initdb" -D "$PG_DIR/data" -A trust -U postgres >/dev/null
  "${PG_RUN[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w \
    -o "-p $PG_PORT -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -k $PG_DIR" start >/dev/null
  "${PG_RUN[@]}" "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres kozel
  export PG_URL="postgres://postgres@127.0.0.1:$PG_PORT/kozel"
}

pg_stop() {
  if [ -n "$PG_DIR" ] && [ -d "$PG_DIR/data" ]; then
    "${PG_RUN[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
  fi
}
