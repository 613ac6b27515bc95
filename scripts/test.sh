#!/usr/bin/env bash
# Installs everything the tests need, then runs the linter and the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install --quiet --disable-pip-version-check -e ".[dev]"
ruff check .
ruff format --check .
python3 -m pytest -n auto "$@"
