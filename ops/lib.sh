# Shared helpers of ops/run and ops/test. Every step is idempotent: it checks first and
# installs or starts only what is missing, so both commands work on a fresh Debian machine
# and are quick on a prepared one.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

log() { printf '\n==> %s\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# ensure_apt PACKAGE... : installs the Debian packages that are not installed yet.
ensure_apt() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "apt: installing ${missing[*]}"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# ensure_npm DIR : runs `npm ci` in DIR when node_modules is missing or older than the lock file.
ensure_npm() {
  local dir="$1"
  if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    log "npm ci in ${dir#"$ROOT"/}"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

# ensure_venv DIR PACKAGE... : a Python virtual environment in DIR holding exactly these
# pinned packages (pip skips what is there already).
ensure_venv() {
  local dir="$1"
  shift
  if [ ! -x "$dir/bin/python" ]; then
    log "python venv in ${dir#"$ROOT"/}"
    python3 -m venv "$dir"
  fi
  "$dir/bin/python" -m pip install --quiet --disable-pip-version-check "$@"
}

# free_port : a TCP port on 127.0.0.1 that nothing listens on.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# port_open PORT : true when something listens on 127.0.0.1:PORT.
port_open() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# wait_port PORT SECONDS
wait_port() {
  local i
  for ((i = 0; i < $2 * 10; i++)); do
    port_open "$1" && return 0
    sleep 0.1
  done
  echo "nothing answers on 127.0.0.1:$1 after $2 s" >&2
  return 1
}

build_web() {
  ensure_npm "$ROOT/web"
  log "building the web app"
  (cd "$ROOT/web" && npm run build --silent)
}

build_server() {
  log "building the server (release)"
  (cd "$ROOT" && cargo build --release --locked -p api)
}
