#!/usr/bin/env bash
# CI: a real hot standby and a transaction-mode PgBouncer beside the local
# PostgreSQL (127.0.0.1:5432, trust auth), for the read-replica test step of
# .ci/run.
#   scripts/ci/replica.sh start   standby on REPLICA_PORT (5433), PgBouncer on PGBOUNCER_PORT (6432)
#   scripts/ci/replica.sh stop    stops both and removes the standby's directory
# The standby is a streaming copy of the whole server (pg_basebackup -R):
# databases created on the primary afterwards appear on it once replayed.
# Both run as the postgres OS user (PostgreSQL and PgBouncer refuse root).
set -euo pipefail

PRIMARY_PORT=${PRIMARY_PORT:-5432}
REPLICA_PORT=${REPLICA_PORT:-5433}
PGBOUNCER_PORT=${PGBOUNCER_PORT:-6432}
STATE=${REPLICA_STATE_DIR:-/tmp/dsp-ci-replica}
PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)}
# A replication slot keeps the WAL the standby has not received yet: without
# one a busy primary recycled segments between the base backup and the
# standby's start, and the standby never caught up. Dropped again by stop,
# or the primary would keep WAL for it for good.
SLOT=${REPLICA_SLOT:-dsp_ci_replica}
as_postgres() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
psql_primary() { psql -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -d postgres -Atqc "$1"; }

stop() {
  if [ -f "$STATE/pgbouncer.pid" ]; then kill "$(cat "$STATE/pgbouncer.pid")" 2>/dev/null || true; fi
  if [ -f "$STATE/data/postmaster.pid" ]; then as_postgres "$PG_BIN/pg_ctl" -D "$STATE/data" -m immediate stop >/dev/null 2>&1 || true; fi
  rm -rf "$STATE"
  psql_primary "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = '$SLOT' AND NOT active" >/dev/null 2>&1 || true
}

# The primary must take replication connections from 127.0.0.1 (wal_level
# replica and max_wal_senders 10 are PostgreSQL 15's defaults; checked).
allow_replication() {
  local hba; hba=$(psql_primary "SHOW hba_file")
  [ "$(psql_primary "SHOW wal_level")" != "minimal" ] || { echo "wal_level=minimal: no streaming replication possible" >&2; return 1; }
  [ "$(psql_primary "SHOW max_wal_senders")" -gt 0 ] || { echo "max_wal_senders=0: no streaming replication possible" >&2; return 1; }
  if ! grep -q "^host replication all 127.0.0.1/32 trust" "$hba"; then
    sed -i '1i host replication all 127.0.0.1/32 trust' "$hba"
    psql_primary "SELECT pg_reload_conf()" >/dev/null
  fi
}

start_standby() {
  as_postgres "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$STATE/data" -R -X stream -c fast -C -S "$SLOT"
  # Debian keeps the configuration outside the data directory: the standby gets its own.
  as_postgres tee "$STATE/data/postgresql.conf" >/dev/null <<CONF
port = $REPLICA_PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '$STATE'
hot_standby = on
hot_standby_feedback = on
max_connections = $(psql_primary "SHOW max_connections")
max_worker_processes = $(psql_primary "SHOW max_worker_processes")
max_locks_per_transaction = $(psql_primary "SHOW max_locks_per_transaction")
fsync = off
CONF
  printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' | as_postgres tee "$STATE/data/pg_hba.conf" >/dev/null
  : | as_postgres tee "$STATE/data/pg_ident.conf" >/dev/null
  as_postgres "$PG_BIN/pg_ctl" -D "$STATE/data" -l "$STATE/standby.log" -w -t 60 start >/dev/null
  for _ in $(seq 1 100); do
    [ "$(psql -h 127.0.0.1 -p "$REPLICA_PORT" -U postgres -d postgres -Atqc "SELECT status FROM pg_stat_wal_receiver" 2>/dev/null)" = "streaming" ] && return 0
    sleep 0.1
  done
  echo "the standby does not stream; its log:" >&2
  tail -n 20 "$STATE/standby.log" >&2
  return 1
}

# Transaction pooling, any database name (test databases come and go).
start_pgbouncer() {
  command -v pgbouncer >/dev/null || { echo "pgbouncer is not installed (apt-get install pgbouncer)" >&2; return 1; }
  as_postgres tee "$STATE/pgbouncer.ini" >/dev/null <<INI
[databases]
* = host=127.0.0.1 port=$PRIMARY_PORT
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $PGBOUNCER_PORT
unix_socket_dir =
auth_type = trust
auth_file = $STATE/userlist.txt
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 20
max_db_connections = 40
server_idle_timeout = 10
idle_transaction_timeout = 60
pidfile = $STATE/pgbouncer.pid
logfile = $STATE/pgbouncer.log
INI
  echo '"postgres" ""' | as_postgres tee "$STATE/userlist.txt" >/dev/null
  as_postgres pgbouncer -d "$STATE/pgbouncer.ini"
  for _ in $(seq 1 50); do
    psql -h 127.0.0.1 -p "$PGBOUNCER_PORT" -U postgres -d postgres -Atqc "SELECT 1" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "PgBouncer does not answer; its log:" >&2
  tail -n 20 "$STATE/pgbouncer.log" >&2
  return 1
}

case "${1:-}" in
  start)
    stop
    if [ "$(id -u)" -eq 0 ]; then install -d -o postgres -g postgres -m 700 "$STATE"; else install -d -m 700 "$STATE"; fi
    allow_replication
    start_standby
    start_pgbouncer
    echo "standby on 127.0.0.1:$REPLICA_PORT, PgBouncer (transaction mode) on 127.0.0.1:$PGBOUNCER_PORT"
    ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
