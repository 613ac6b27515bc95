"""What the measuring scripts share: the checkout to measure (`--root`), a free port, an
`auctionhouse serve` of that checkout started, waited for and stopped with whatever it started,
and the end of its log."""

from __future__ import annotations

import contextlib
import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[1]


def add_root_option(ap) -> None:
    ap.add_argument(
        "--root",
        type=Path,
        default=CHECKOUT,
        help="the checkout whose server to run, e.g. a git worktree of an older commit "
        "(default: the one holding this script)",
    )


def server_env(root: Path, folder: str) -> dict[str, str]:
    """The environment of a server of the checkout at `root` (first on PYTHONPATH), its data in
    `folder`, believing no forwarded header unless told (FORWARDED_ALLOW_IPS dropped)."""
    env = {**os.environ, "PYTHONPATH": str(root), "XDG_DATA_HOME": folder, "COLUMNS": "300"}
    env.pop("FORWARDED_ALLOW_IPS", None)
    return env


def start_server(
    root: Path,
    port: int,
    folder: str,
    options: list[str],
    preexec_fn: Callable[[], None] | None = None,
) -> subprocess.Popen:
    """`auctionhouse serve` of the checkout at `root` on `port`, a fresh SQLite file in `folder`,
    with the extra `options`; its log in `folder`/server.log."""
    command = [sys.executable, "-m", "auctionhouse", "serve", "--port", str(port)]
    command += ["--database-url", f"sqlite:///{folder}/server.sqlite3", "--log-level", "warning"]
    with open(f"{folder}/server.log", "w") as log:
        return subprocess.Popen(
            command + options,
            cwd=root,  # run from the checkout: `python -m` puts the working folder first
            env=server_env(root, folder),
            preexec_fn=preexec_fn,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, for stop_server
        )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_up(port: int, server: subprocess.Popen) -> None:
    """Until `GET /api/health` answers 200 (60 s at most), or the server exits."""
    for _ in range(300):
        if server.poll() is not None:
            raise SystemExit(f"the server exited with status {server.returncode}")
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
        try:
            conn.request("GET", "/api/health")
            if conn.getresponse().status == 200:
                return
        except OSError:
            pass
        finally:
            conn.close()
        time.sleep(0.2)
    raise SystemExit("the server did not answer within 60 s")


def stop_server(server: subprocess.Popen) -> None:
    """Stops the server (started with `start_new_session=True`), then whatever it started that
    outlived it (its process group)."""
    server.terminate()
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGKILL)


def print_log_tail(folder: str) -> None:
    tail = Path(folder, "server.log").read_text(errors="replace")[-1500:]
    if tail.strip():
        print("end of the server's log:")
        print(tail)
