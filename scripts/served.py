"""What the measuring scripts share: a free port, an `auctionhouse serve` waited for and stopped
with whatever it started, and the end of its log."""

from __future__ import annotations

import contextlib
import http.client
import os
import signal
import socket
import subprocess
import time
from pathlib import Path


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
