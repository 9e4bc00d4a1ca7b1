#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests (trust auth, 127.0.0.1 only, data
# and socket in a temp dir, fsync off).
#
#   scripts/pg-throwaway.sh start   # prints the DATABASE_URL (only that, on stdout)
#   scripts/pg-throwaway.sh url     # prints it again (exit 1 if not running)
#   scripts/pg-throwaway.sh stop    # stops the cluster by its PID, removes the dir
#
#   DATABASE_URL=$(scripts/pg-throwaway.sh start) npm test; scripts/pg-throwaway.sh stop
#
# State: .tmp/pg-throwaway.env (PG_THROWAWAY_PID, _DIR, _PORT, DATABASE_URL), or the file named by
# PG_THROWAWAY_STATE: another state file is another cluster (npm run soak keeps its own that way).
# Env: PG_PORT (first port to try, default 55432), PG_BIN (dir with initdb and
# pg_ctl; default the newest /usr/lib/postgresql/*/bin, preferring 15).
# As root, the server runs as the `postgres` user (via runuser).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STATE_DIR="$ROOT/.tmp"
STATE="${PG_THROWAWAY_STATE:-$STATE_DIR/pg-throwaway.env}"
DB_NAME=storefront_test

log() { printf 'pg-throwaway: %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

find_bin() {
  if [[ -n "${PG_BIN:-}" ]]; then
    [[ -x "$PG_BIN/initdb" ]] || die "PG_BIN=$PG_BIN has no initdb"
    echo "$PG_BIN"; return
  fi
  if [[ -x /usr/lib/postgresql/15/bin/initdb ]]; then echo /usr/lib/postgresql/15/bin; return; fi
  local found
  found="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  [[ -n "$found" && -x "$found/initdb" ]] && { echo "$found"; return; }
  if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return; fi
  die "PostgreSQL server binaries not found: apt-get install -y postgresql (or set PG_BIN)"
}

# Runs a command as the cluster owner: `postgres` when we are root, else ourselves.
as_owner() {
  if [[ "$(id -u)" -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

pid_alive() { [[ -n "${1:-}" ]] && kill -0 "$1" 2>/dev/null; }

load_state() {
  [[ -f "$STATE" ]] || return 1
  # shellcheck disable=SC1090
  source "$STATE"
}

cmd_url() {
  load_state || die "not running (no $STATE)"
  pid_alive "${PG_THROWAWAY_PID:-}" || die "not running (PID ${PG_THROWAWAY_PID:-?} is gone); run stop to clean up"
  echo "$DATABASE_URL"
}

cmd_start() {
  if load_state; then
    if pid_alive "${PG_THROWAWAY_PID:-}"; then
      log "already running (PID $PG_THROWAWAY_PID, $PG_THROWAWAY_DIR)"
      echo "$DATABASE_URL"
      return
    fi
    log "stale state from an earlier run; cleaning up"
    cmd_stop
  fi

  local bin dir port pid
  bin="$(find_bin)"
  if [[ "$(id -u)" -eq 0 ]]; then id postgres >/dev/null 2>&1 || die "user postgres does not exist (apt-get install postgresql creates it)"; fi

  port="${PG_PORT:-55432}"
  local tries=0
  while port_in_use "$port"; do
    port=$((port + 1)); tries=$((tries + 1))
    [[ $tries -lt 100 ]] || die "no free port from ${PG_PORT:-55432} up"
  done

  dir="$(mktemp -d "${TMPDIR:-/tmp}/pg-throwaway.XXXXXX")"
  chmod 0700 "$dir"
  if [[ "$(id -u)" -eq 0 ]]; then chown postgres:postgres "$dir"; fi
  mkdir -p "$(dirname "$STATE")"

  log "initdb in $dir ($bin)"
  # cd: the owner may not be allowed into the caller's working directory.
  if ! (cd "$dir" && as_owner "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C --no-sync >"$dir/initdb.log" 2>&1); then
    cat "$dir/initdb.log" >&2 || true
    rm -rf "$dir"
    die "initdb failed"
  fi

  log "starting on 127.0.0.1:$port"
  if ! (cd "$dir" && as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
      start >&2); then
    cat "$dir/server.log" >&2 || true
    rm -rf "$dir"
    die "pg_ctl start failed"
  fi
  pid="$(head -n 1 "$dir/data/postmaster.pid")"

  local url="postgresql://postgres@127.0.0.1:$port/$DB_NAME"
  {
    echo "PG_THROWAWAY_PID=$pid"
    echo "PG_THROWAWAY_DIR=$dir"
    echo "PG_THROWAWAY_PORT=$port"
    echo "PG_THROWAWAY_BIN=$bin"
    echo "DATABASE_URL=$url"
  } >"$STATE"

  if ! (cd "$dir" && as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "$DB_NAME" >&2); then
    cmd_stop
    die "createdb failed"
  fi
  log "running (PID $pid); state in ${STATE#"$ROOT/"}"
  echo "$url"
}

cmd_stop() {
  if ! load_state; then
    log "not running (no $STATE)"
    return 0
  fi
  local pid="${PG_THROWAWAY_PID:-}" dir="${PG_THROWAWAY_DIR:-}" bin="${PG_THROWAWAY_BIN:-}"
  if pid_alive "$pid"; then
    log "stopping PID $pid"
    if [[ -n "$bin" && -d "$dir/data" ]]; then
      (cd "$dir" && as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop >&2) || true
    fi
    if pid_alive "$pid"; then
      kill -TERM "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do pid_alive "$pid" || break; sleep 0.1; done
    fi
    if pid_alive "$pid"; then
      log "PID $pid still alive, sending SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
      sleep 0.5
    fi
  fi
  # Only remove what we created.
  if [[ -n "$dir" && "$dir" == */pg-throwaway.* && -d "$dir" ]]; then rm -rf "$dir"; fi
  rm -f "$STATE"
  log "stopped"
}

case "${1:-}" in
  start) cmd_start ;;
  stop) cmd_stop ;;
  url) cmd_url ;;
  *) echo "usage: $0 start|stop|url" >&2; exit 2 ;;
esac
