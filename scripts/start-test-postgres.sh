#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server tuned for tests, and prints the line to export.
#
# Not needed to run the tests: with no server named, CleanSlate starts one itself (zero-config,
# see ZeroConfigPostgres.md). This one is a named server that outlives test runs (its templates
# too); CI runs the tests against it, and again with no server named.
#
#   eval "$(scripts/start-test-postgres.sh)"      # then: swift test
#   scripts/start-test-postgres.sh --stop         # stops it and removes its data
#
# Debian's `postgresql` package (installed with apt-get if missing), data in tmpfs (/dev/shm),
# durability off (fsync, synchronous_commit, full_page_writes): fast, and gone on reboot. It
# listens on 127.0.0.1 only, on $CLEANSLATE_POSTGRES_PORT or else 5432 if free or else a free
# port, and trusts local connections (it holds nothing worth a password). Run as root, it runs
# the server as the `postgres` user. Everything but the export line goes to standard error.
set -euo pipefail

data_dir="${CLEANSLATE_POSTGRES_DATA:-/dev/shm/cleanslate-postgres}"
[[ -d /dev/shm ]] || data_dir="${CLEANSLATE_POSTGRES_DATA:-${TMPDIR:-/tmp}/cleanslate-postgres}"
log() { echo "start-test-postgres: $*" >&2; }

find_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  [[ -n "$dir" && -x "$dir/pg_ctl" ]] && echo "$dir"
}

bin=$(find_bin || true)
if [[ -z "$bin" ]]; then
  log "installing PostgreSQL (apt-get install postgresql)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
  bin=$(find_bin)
fi

as_owner() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

if [[ "${1:-}" == "--stop" ]]; then
  if [[ -f "$data_dir/postmaster.pid" ]]; then
    as_owner "$bin/pg_ctl" -D "$data_dir" -m immediate stop >&2 || true
  fi
  rm -rf "$data_dir"
  log "stopped and removed $data_dir"
  exit 0
fi

user=$( [[ $(id -u) -eq 0 ]] && echo postgres || id -un )

if [[ -f "$data_dir/postmaster.pid" ]] && as_owner "$bin/pg_ctl" -D "$data_dir" status >/dev/null 2>&1; then
  port=$(sed -n 4p "$data_dir/postmaster.pid")
  log "already running on 127.0.0.1:$port ($data_dir)"
else
  rm -rf "$data_dir"
  mkdir -p "$data_dir"
  [[ $(id -u) -eq 0 ]] && chown postgres:postgres "$data_dir"
  port="${CLEANSLATE_POSTGRES_PORT:-}"
  if [[ -z "$port" ]]; then
    port=$(python3 - <<'PY'
import socket
def free(port):
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", port)); return True
    except OSError:
        return False
    finally:
        s.close()
if free(5432):
    print(5432)
else:
    s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()
PY
)
  fi
  as_owner "$bin/initdb" -D "$data_dir" -U "$user" --auth=trust --no-sync -E UTF8 --locale=C.UTF-8 >/dev/null
  cat >> "$data_dir/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$data_dir'
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 1000
shared_buffers = 128MB
checkpoint_timeout = 30min
max_wal_size = 4GB
CONF
  as_owner "$bin/pg_ctl" -D "$data_dir" -l "$data_dir/server.log" -w -t 30 start >&2
  log "started PostgreSQL on 127.0.0.1:$port (data in $data_dir; stop with $0 --stop)"
fi

echo "export CLEANSLATE_POSTGRES_URL=postgres://$user@127.0.0.1:$port/postgres"
