"""The README's two commands, as a new user on a stock Debian 12 or Ubuntu 24.04 runs them: the
system Python refuses `pip install` (PEP 668, "externally-managed-environment"), so both set up
and use a virtual environment in the checkout."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# A `python3` that behaves as Debian's does: `-m venv` works, `pip install` outside a virtual
# environment is refused the way PEP 668 makes pip refuse it.
SYSTEM_PYTHON = """#!/bin/sh
if [ "$1" = "-m" ] && [ "$2" = "pip" ] && [ -z "$VIRTUAL_ENV" ]; then
  echo "error: externally-managed-environment" >&2
  exit 1
fi
exec {python} "$@"
"""


def readme_commands() -> list[str]:
    """The commands of the README's quick start, in order."""
    text = (ROOT / "README.md").read_text()
    start = text.index("## Quick start")
    section = text[start : text.index("\n## ", start + 1)]
    return [c.strip() for c in re.findall(r"```sh\n(.*?)```", section, re.S)]


def test_the_readme_gives_two_commands_and_ci_runs_the_second():
    assert readme_commands() == ["bash scripts/serve.sh", "bash scripts/test.sh"]
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert [line for line in ci if line and not line.startswith(("#", "set ", "cd "))] == [
        "bash scripts/test.sh"
    ]


def test_the_readme_examples_write_only_where_git_looks_away():
    """What the README's command-line examples write (`--records DIR`, `--out DIR` of a study,
    `--out FILE` of a tournament: FILE.json and FILE.csv) is ignored by git: trying them leaves
    the checkout clean."""
    text = (ROOT / "README.md").read_text()
    start = text.index("## The command line")
    (block,) = re.findall(r"```sh\n(.*?)```", text[start : text.index("\n## ", start + 1)], re.S)
    written = []
    for line in block.splitlines():
        for target in re.findall(r"(?:--records|--out) (\S+)", line):
            if line.startswith("auctionhouse tournament"):
                written += [f"{target}.json", f"{target}.csv"]
            else:
                written.append(f"{target.rstrip('/')}/some-file.json")
    assert len(written) == 4
    for path in written:
        check = subprocess.run(["git", "check-ignore", "-q", path], cwd=ROOT)
        assert check.returncode == 0, f"{path} is not ignored"


def test_no_script_installs_into_the_system_python():
    """Every pip the set-up scripts run is the virtual environment's."""
    for script in ("venv.sh", "serve.sh", "test.sh"):
        for line in (ROOT / "scripts" / script).read_text().splitlines():
            if re.search(r"\bpip\b", line) and not line.lstrip().startswith("#"):
                assert ".venv/bin/python -m pip" in line, (script, line)


def test_the_first_command_sets_up_a_venv_where_pip_into_the_system_is_refused(tmp_path):
    """From a fresh clone, with a `python3` that refuses `pip install` as Debian's does, the
    README's first command makes `.venv`, installs the package there, and starts the server
    (here with --help, which shows its options and exits)."""
    clone = tmp_path / "auctionhouse"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    for path in (  # the tree as tested
        "scripts",
        "README.md",
        "pyproject.toml",
        "setup.py",
        "buildtools",
        "auctionhouse",
    ):
        src, dst = ROOT / path, clone / path
        if src.is_dir():
            shutil.rmtree(dst)
            shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(src, dst)
    bin_dir = tmp_path / "system-bin"
    bin_dir.mkdir()
    shim = bin_dir / "python3"
    shim.write_text(SYSTEM_PYTHON.format(python=sys._base_executable))
    shim.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env['PATH']}"
    refused = subprocess.run(
        ["python3", "-m", "pip", "install", "-e", "."], cwd=clone, env=env, capture_output=True
    )
    assert refused.returncode != 0 and b"externally-managed" in refused.stderr
    done = subprocess.run(
        ["bash", "scripts/serve.sh", "--help"],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "--database-url" in done.stdout
    assert (clone / ".venv" / "bin" / "auctionhouse").exists()

    # Started again, it installs nothing (pip writes the INSTALLER file of the package's
    # dist-info on every install: removed here, it stays away) and still runs the checkout's
    # source; with pyproject.toml changed, it installs the package again.
    (marker,) = [
        p / "INSTALLER" for p in clone.glob(".venv/lib/*/site-packages/auctionhouse-*.dist-info")
    ]
    marker.unlink()
    serve = ["bash", "scripts/serve.sh", "--help"]
    again = subprocess.run(serve, cwd=clone, env=env, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0 and not marker.exists(), again.stderr[-2000:]
    where = subprocess.run(
        [".venv/bin/python", "-c", "import auctionhouse; print(auctionhouse.__file__)"],
        cwd=clone, env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert Path(where.stdout.strip()).is_relative_to(clone / "auctionhouse")
    with open(clone / "pyproject.toml", "a") as f:
        f.write("\n# changed\n")
    changed = subprocess.run(serve, cwd=clone, env=env, capture_output=True, text=True, timeout=600)
    assert changed.returncode == 0 and marker.exists(), changed.stderr[-2000:]
