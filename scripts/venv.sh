# Sourced by scripts/serve.sh and scripts/test.sh: make sure `.venv` (in the checkout) exists and
# holds the package with the extras named in $1, using the system's python3. Debian and Ubuntu
# refuse `pip install` into their own Python (PEP 668) and may lack the venv module: their
# python3-venv package is installed when it is missing.
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}
ensure_venv() {
  local extras="${1:-}"
  if [ ! -x .venv/bin/python ]; then
    if ! python3 -m venv .venv >/dev/null 2>&1; then
      rm -rf .venv
      echo "installing Python's venv module (Debian's python3-venv package)..."
      as_root apt-get update -qq
      DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq python3-venv >/dev/null
      python3 -m venv .venv
    fi
  fi
  local target="."
  if [ -n "$extras" ]; then target=".[$extras]"; fi
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e "$target"
}
