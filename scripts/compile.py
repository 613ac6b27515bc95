"""Compile the hot modules with mypyc (setup.py's COMPILED), beside the sources or in a copy.

usage: compile.py            compile in this checkout (the .so files shadow the .py files)
       compile.py --out DIR  copy the package into DIR and compile there (PYTHONPATH=DIR
                             then runs the compiled build; this checkout stays pure Python)
       compile.py --clean    remove the compiled files from this checkout
Needs mypy (pip install mypy) and a C compiler. Takes minutes: each step is said on stderr as
it starts (the type check, then each extension the C compiler builds), with the time so far.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
START = time.monotonic()


def compiled_files(root: Path) -> list[Path]:
    return [*root.glob("auctionhouse/**/*.so"), *root.glob("*__mypyc*.so")]


def clean(root: Path) -> None:
    for f in compiled_files(root):
        f.unlink()
    shutil.rmtree(root / "build", ignore_errors=True)


def say(text: str) -> None:
    """A step, on stderr, with the minutes and seconds since the start."""
    minutes, seconds = divmod(int(time.monotonic() - START), 60)
    print(f"[{minutes}:{seconds:02}] {text}", file=sys.stderr, flush=True)


def build(root: Path) -> None:
    env = {**os.environ, "AUCTIONHOUSE_COMPILE": "1"}
    cmd = [sys.executable, "setup.py", "-q", "build_ext", "--inplace"]
    # mypyc's notes (stdout) are shown only when compiling fails
    with tempfile.TemporaryFile("w+") as notes:
        proc = subprocess.Popen(
            cmd, cwd=root, env=env, stdout=notes, stderr=subprocess.PIPE, text=True
        )
        assert proc.stderr is not None
        for line in proc.stderr:  # setup.py's steps, timed; anything else (errors) as it came
            if line.startswith("auctionhouse: "):
                say(line.removeprefix("auctionhouse: ").rstrip())
            else:
                sys.stderr.write(line)
        if proc.wait() != 0:
            notes.seek(0)
            sys.stderr.write(notes.read())
            sys.exit("compiling failed (is mypy installed, and a C compiler?)")


def copy_tree(out: Path) -> None:
    """The package and setup.py into `out`, without caches or compiled files."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    skip = shutil.ignore_patterns("__pycache__", "*.so", "*.c")
    shutil.copytree(ROOT / "auctionhouse", out / "auctionhouse", ignore=skip)
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, out / name)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--out", type=Path, help="compile a copy of the package in this folder")
    ap.add_argument("--clean", action="store_true", help="remove the compiled files here")
    args = ap.parse_args()
    if args.clean:
        clean(ROOT)
        return
    root = ROOT
    if args.out is not None:
        root = args.out.resolve()
        say(f"copying the package into {root}")
        copy_tree(root)
    build(root)
    say(f"compiled {len(compiled_files(root))} extension modules in {root}")


if __name__ == "__main__":
    main()
