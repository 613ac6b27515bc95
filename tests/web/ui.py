"""Driving the app as a person does: the lobby form, the join page, clicking legal moves and
typing amounts within the bounds the page shows."""

from __future__ import annotations

import json
import random
import re
import time

CONTROLS_READY = "#controls[data-ready='true']"
RESULT = "#result"


def create_table(page, base: str, game: str, players: int, seats: list[str], name: str = "Ann"):
    """Fill the lobby form: `seats` holds "you", "human" or a bot spec per seat. Returns the
    table id from the address the page goes to."""
    page.goto(f"{base}/#/")
    page.click(f"label.game-card[data-game='{game}']")
    page.select_option("#players", str(players))
    for i, who in enumerate(seats):
        value = who if who in ("you", "human") else f"bot:{who}"
        page.select_option(f"#seat-{i}", value)
    if "you" in seats:
        page.fill("#your-name", name)
    page.click("#create")
    page.wait_for_url(re.compile(r"#/table/"))
    return page.url.rsplit("/", 1)[1]


def _split_values(form, rng: random.Random) -> list[int]:
    """A legal split from the bounds the form shows: one part at its lowest amount."""
    lo_total, hi_total = json.loads(form.get_attribute("data-total"))
    parts = []
    for inp in form.locator("input[type='number']").all():
        parts.append((int(inp.get_attribute("data-lo")), int(inp.get_attribute("data-hi"))))
    usable = [
        i for i, (lo, hi) in enumerate(parts) if lo <= hi and (hi_total is None or lo <= hi_total)
    ]
    values = [0] * len(parts)
    i = rng.choice(usable)
    values[i] = max(parts[i][0], lo_total)
    return values


def play_one(page, rng: random.Random) -> str:
    """Make one legal move through the page's controls; returns what was done."""
    options = []
    for b in page.locator(
        "#controls button.move[data-kind], .board button.card-button[data-kind]"
    ).all():
        if b.is_enabled():
            options.append(("click", b))
    for f in page.locator("#controls form.amount").all():
        options.append(("amount", f))
    for f in page.locator("#controls form.split").all():
        options.append(("split", f))
    if not options:
        return ""
    how, el = rng.choice(options)
    kind = el.get_attribute("data-kind")
    if how == "click":
        el.click()
        return kind
    if how == "amount":
        lo, hi = json.loads(el.get_attribute("data-ranges"))[0]
        top = lo + 5 if hi is None else min(hi, lo + 5)
        value = rng.randint(lo, top)
        field = el.locator("input[type='number']")
        field.fill(str(value))
        field.press("Enter")  # Enter submits an amount
        return f"{kind} {value}"
    values = _split_values(el, rng)
    for inp, v in zip(el.locator("input[type='number']").all(), values, strict=True):
        if inp.is_enabled():
            inp.fill(str(v))
    el.locator("button[type='submit']").click()
    return f"{kind} {values}"


def wait_turn(pages, timeout: float = 30.0):
    """The first page whose controls are ready, or None once every page shows the result."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        done = 0
        for page in pages:
            if page.locator(RESULT).count():
                done += 1
            elif page.locator(CONTROLS_READY).count():
                return page
        if done == len(pages):
            return None
        time.sleep(0.03)
    raise AssertionError("no page got a turn or a result in time")


def play_to_end(pages, rng: random.Random, max_moves: int = 2000, before=None) -> int:
    """Play legal moves on whichever page may move until every page shows the result;
    `before(k)` looks at the pages before the k-th move."""
    moves = 0
    while True:
        page = wait_turn(pages)
        if page is None:
            return moves
        if before:
            before(moves)
        if play_one(page, rng):
            moves += 1
        assert moves < max_moves, "the game did not end"


def result_scores(page) -> dict[int, int]:
    out = {}
    for li in page.locator("#result .ranking li").all():
        out[int(li.get_attribute("data-seat"))] = int(
            li.locator(".score").get_attribute("data-score")
        )
    return out
