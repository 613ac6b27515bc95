#!/usr/bin/env bash
# Installs everything the tests need (in `.venv`, made here when missing), then runs the linter
# and the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/venv.sh
ensure_venv dev,envs,train

# PostgreSQL for the server tests (tests/server): Debian's package when missing, the cluster
# started when down, a role and a database for the tests; the URL goes to pytest. Set
# AUCTIONHOUSE_TEST_POSTGRES_URL yourself to use another server.
as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else sudo -u postgres "$@"; fi
}
setup_postgres() {
  if ! command -v pg_lsclusters >/dev/null 2>&1 || [ -z "$(ls /usr/lib/postgresql 2>/dev/null)" ]; then
    echo "installing PostgreSQL (Debian's postgresql package)..."
    if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
  fi
  if [ -z "$(pg_lsclusters -h)" ]; then
    as_postgres pg_createcluster "$(ls /usr/lib/postgresql | sort -V | tail -1)" main >/dev/null
  fi
  local ver name port status
  read -r ver name port status _ < <(pg_lsclusters -h | head -1)
  if [[ "$status" != online* ]]; then
    if [ "$(id -u)" = 0 ]; then pg_ctlcluster "$ver" "$name" start; else sudo pg_ctlcluster "$ver" "$name" start; fi
  fi
  for _ in $(seq 30); do as_postgres pg_isready -q -p "$port" && break; sleep 1; done
  if ! as_postgres psql -p "$port" -tAc "select 1 from pg_roles where rolname = 'auctionhouse'" | grep -q 1; then
    as_postgres psql -q -p "$port" -c "create role auctionhouse login password 'auctionhouse'"
  fi
  if ! as_postgres psql -p "$port" -tAc "select 1 from pg_database where datname = 'auctionhouse_test'" | grep -q 1; then
    as_postgres createdb -p "$port" -O auctionhouse auctionhouse_test
  fi
  export AUCTIONHOUSE_TEST_POSTGRES_URL="postgresql+psycopg://auctionhouse:auctionhouse@127.0.0.1:$port/auctionhouse_test"
}
if [ -z "${AUCTIONHOUSE_TEST_POSTGRES_URL:-}" ]; then
  setup_postgres
fi

# Chromium for the browser tests (tests/web): Debian's package when /usr/bin/chromium is missing
# (Playwright's own browser download is not used).
if [ ! -x /usr/bin/chromium ]; then
  echo "installing Chromium (Debian's chromium package)..."
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

# axe-core for the accessibility scans of the browser tests (tests/web/axe: the version pinned
# in its package-lock.json), from npm; Debian's npm when node or npm is missing.
if [ ! -f tests/web/axe/node_modules/axe-core/axe.min.js ]; then
  if ! command -v npm >/dev/null 2>&1; then
    echo "installing npm (Debian's npm package)..."
    if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq npm >/dev/null
  fi
  npm ci --prefix tests/web/axe --no-audit --no-fund
fi

.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/python -m pytest -n auto "$@"

# The compiled build (setup.py's COMPILED modules through mypyc, the same source): built in a
# copy of the package and held to the rules, protocol and replay tests (and the environments'
# trackers to the encodings), so that both builds stay the same game. Skipped without mypy or a
# C compiler, or with AUCTIONHOUSE_TEST_COMPILED=0.
if [ "${AUCTIONHOUSE_TEST_COMPILED:-1}" != 0 ] && .venv/bin/python -c "import mypyc" 2>/dev/null \
  && command -v cc >/dev/null 2>&1; then
  compiled="$(mktemp -d)"
  trap 'rm -rf "$compiled"' EXIT
  echo "the compiled pass: compiling (some minutes; each step is printed as it starts)..." >&2
  .venv/bin/python scripts/compile.py --out "$compiled"
  # PYTHONSAFEPATH and --import-mode=append keep the checkout (the working directory, the tests'
  # root) behind PYTHONPATH: otherwise `auctionhouse` would be imported from the pure source
  export PYTHONSAFEPATH=1 PYTHONPATH="$compiled"
  .venv/bin/python -c "import sys, auctionhouse.core.state as s
sys.exit(0 if s.__file__.endswith('.so') else 'the compiled copy is not imported: ' + s.__file__)"
  .venv/bin/python -m pytest -n auto --import-mode=append tests/games tests/test_protocol.py \
    tests/test_bots.py tests/test_arena.py tests/test_rng.py tests/test_setup.py \
    tests/envs/test_trackers.py
fi
