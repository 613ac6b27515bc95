"""Files a person names: read with a size bound, folders made ready to write, and a sentence
for whatever is wrong with them."""

from __future__ import annotations

import stat
import tempfile
from pathlib import Path

from .errors import AuctionhouseError

MiB = 1024 * 1024


class FileProblem(AuctionhouseError):
    """What is wrong with a file, as a short clause ("it is a folder"); callers add its name."""


def read_text(path: Path, limit: int) -> str:
    """The UTF-8 text of the regular file `path`, if it holds at most `limit` bytes.

    Anything else (missing, unreadable, a folder, a pipe or device that might never end, too
    big, not UTF-8) raises FileProblem, without reading more than `limit` bytes.
    """
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise FileProblem("it is a folder")
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem("it is not a regular file")
        if info.st_size > limit:
            raise FileProblem(f"it is {_size(info.st_size)}; files over {_size(limit)} are refused")
        with path.open("rb") as f:
            data = f.read(limit + 1)
    except OSError as e:
        raise FileProblem(e.strerror or str(e)) from None
    if len(data) > limit:  # it grew since stat
        raise FileProblem(f"it is over {_size(limit)}; files over {_size(limit)} are refused")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileProblem("it is not UTF-8 text") from None


def ready_folder(path: Path, what: str) -> Path:
    """Make `path` a folder files can be written into (created with its parents when missing);
    AuctionhouseError naming `what` (e.g. "--records") and the reason otherwise."""
    try:
        if path.exists() and not path.is_dir():
            raise AuctionhouseError(f"{what} {path} is a file, not a folder: name a folder")
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as e:
        raise AuctionhouseError(
            f"{what} {path} is not a folder files can be written to ({e.strerror or e})"
        ) from None
    return path


def _size(n: int) -> str:
    return f"{n / MiB:,.4g} MiB" if n >= MiB else f"{n:,} bytes"
