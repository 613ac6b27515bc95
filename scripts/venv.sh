# Sourced by scripts/serve.sh and scripts/test.sh: make sure `.venv` (in the checkout) exists and
# holds the package with the extras named in $1, using the system's python3. Debian and Ubuntu
# refuse `pip install` into their own Python (PEP 668) and may lack the venv module: their
# python3-venv package is installed when it is missing, and so are ICU's headers and the compiler
# PyICU is built with. The package is installed editable (edits to the source take effect) and
# again only when pyproject.toml or setup.py changed since (a stamp in .venv per set of extras).
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
  # PyTorch (the train extra) is installed first, pinned: left to pip, `torch` would take the
  # newest release, which on a machine without NVIDIA's wheels cached means several GB of CUDA
  # packages; this project's machines carry the CPU build of 2.13.0. AUCTIONHOUSE_TORCH names
  # another requirement (e.g. "torch>=2.6" on a machine with a GPU).
  if [[ ",$extras," == *",train,"* ]] && ! .venv/bin/python -c "import torch" >/dev/null 2>&1; then
    .venv/bin/python -m pip install --quiet --disable-pip-version-check "${AUCTIONHOUSE_TORCH:-torch==2.13.0}"
  fi
  local target="." stamp=".venv/.installed-${extras:-base}" digest
  if [ -n "$extras" ]; then target=".[$extras]"; fi
  digest="$(cat pyproject.toml setup.py | sha256sum)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$digest" ]; then
    return
  fi
  if ! .venv/bin/python -c "import icu" >/dev/null 2>&1 \
    && ! { pkg-config --exists icu-i18n && command -v c++; } >/dev/null 2>&1 \
    && command -v apt-get >/dev/null 2>&1; then
    echo "installing ICU's headers and a C++ compiler for PyICU (Debian's libicu-dev, pkg-config, g++)..."
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq libicu-dev pkg-config g++ >/dev/null
  fi
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e "$target"
  echo "$digest" >"$stamp"
}
