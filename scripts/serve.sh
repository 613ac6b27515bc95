#!/usr/bin/env bash
# Sets up `.venv` (in the checkout) and starts the web app on its embedded SQLite database;
# arguments go to `auctionhouse serve` (e.g. --port 8080).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/venv.sh
ensure_venv
exec .venv/bin/auctionhouse serve "$@"
