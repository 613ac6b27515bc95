"""Fixtures of the browser tests: a real `auctionhouse serve` process on a free port with a
fresh SQLite database, and Debian's chromium driven by Playwright (sync API).

Chromium is /usr/bin/chromium (`scripts/test.sh` installs Debian's package when it is missing;
Playwright's own browser download is not used). A missing chromium fails the tests with a
message saying so; it never skips them.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def pytest_configure(config):
    # starlette's TestClient asks for httpx2; httpx is what FastAPI documents and what we install
    config.addinivalue_line("filterwarnings", "ignore:.*httpx2")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get_json(url: str):
    with urllib.request.urlopen(url, timeout=10) as r:
        return json.loads(r.read())


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The base URL of a real `auctionhouse serve` with bots that move at once (every test
    comes from one address: no limit on new players and tables, the server tests check those;
    a player is on the leaderboards after one rated game)."""
    db = tmp_path_factory.mktemp("web") / "server.sqlite3"
    with serving(
        ["--database-url", f"sqlite:///{db}", "--bot-delay", "0", "--players-per-minute", "0",
         "--tables-per-minute", "0", "--open-tables-per-address", "0",
         "--live-tables-per-address", "0", "--leaderboard-min-games", "1",
         "--leaderboard-min-opponents", "1"],
    ) as base:  # fmt: skip
        yield base


@contextlib.contextmanager
def serving(args: list[str], env: dict[str, str] | None = None):
    """`auctionhouse serve` with `args` on a free port, for as long as the block runs: its base
    URL once it answers."""
    port = _free_port()
    cmd = [sys.executable, "-m", "auctionhouse", "serve", "--port", str(port)]
    proc = subprocess.Popen([*cmd, "--log-level", "warning", *args], env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        end = time.monotonic() + 120  # a bound on a hang: a busy machine starts it slowly
        while True:
            with contextlib.suppress(OSError):
                if get_json(f"{base}/api/health")["ok"]:
                    break
            if proc.poll() is not None:
                pytest.fail(f"auctionhouse serve exited with {proc.returncode}")
            if time.monotonic() > end:
                pytest.fail("auctionhouse serve did not start in 120 s")
            time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="package")
def browser():
    """Chromium for this folder's tests (package-scoped, see `chromium`)."""
    with chromium() as b:
        yield b


@contextlib.contextmanager
def chromium():
    """Debian's chromium through Playwright, for as long as the block runs: Playwright's sync API
    holds an event loop in this thread meanwhile, so each folder that needs it keeps it for its
    own tests alone (a package-scoped fixture): never for the rest of a session (later tests'
    `asyncio.run` would fail), never two at once."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"the browser tests need Debian's chromium at {CHROMIUM}: run `bash scripts/test.sh` "
            "(it installs it) or `apt-get install chromium`"
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("the browser tests need the `playwright` package: pip install -e '.[dev]'")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


class PageErrors(list):
    """JavaScript errors and failed requests seen by a page."""


def _watch(page, errors: PageErrors) -> None:
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.on(
        "console",
        lambda m: errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None,
    )


@pytest.fixture
def new_page(browser):
    """Pages in fresh browser contexts (each its own localStorage: a different person); no
    page may raise a JavaScript error."""
    contexts = []
    errors = PageErrors()

    def make(viewport=DESKTOP):
        ctx = browser.new_context(viewport=viewport)
        # a bound on a hang, not a measure: a busy machine (load 10 on 2 cores) is slow
        ctx.set_default_timeout(60_000)
        contexts.append(ctx)
        page = ctx.new_page()
        _watch(page, errors)
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, "\n".join(errors)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


AXE = Path(__file__).resolve().parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe-core's script (npm's `axe-core`, pinned in tests/web/axe/package-lock.json and
    installed by scripts/test.sh); its absence fails the accessibility tests, never skips them."""
    if not AXE.is_file():
        pytest.fail(f"the accessibility scans need {AXE}: run `npm ci --prefix tests/web/axe`")
    return AXE.read_text()
