"""Driving the app as a person does: the lobby form, the join page, clicking legal moves and
typing amounts within the bounds the page shows."""

from __future__ import annotations

import random
import re
import time

CONTROLS_READY = "#controls[data-ready='true']"
RESULT = "#result"


def create_table(
    page,
    base: str,
    game: str,
    players: int,
    seats: list[str],
    name: str = "Ann",
    fields: dict[str, str] | None = None,
):
    """Fill the lobby form: `seats` holds "you", "human" or a bot spec per seat; `fields` more
    inputs by id. Returns the table id from the address the page goes to."""
    page.goto(f"{base}/#/")
    page.click(f"label.game-card[data-game='{game}']")
    page.select_option("#players", str(players))
    for i, who in enumerate(seats):
        value = who if who in ("you", "human") else f"bot:{who}"
        page.select_option(f"#seat-{i}", value)
    if "you" in seats:
        page.fill("#your-name", name)
    if fields:
        page.click("details.more summary")  # "Title and clocks" starts folded
    for key, value in (fields or {}).items():
        page.fill(f"#{key}", value)
    posts = []

    def seen(request):
        if request.method == "POST" and "/api/tables" in request.url:
            posts.append(request.url)

    page.on("request", seen)
    page.click("#create")
    page.wait_for_url(re.compile(r"#/table/"))
    page.remove_listener("request", seen)
    table = page.url.rsplit("/", 1)[1]
    assert [p.rsplit("/api/", 1)[1] for p in posts] == ["tables"]  # the creator sits in one
    return table


BUTTONS = "#controls button.move[data-kind], .board button.card-button[data-kind]"
ACT_TIMEOUT = 3000  # ms: a control that went away with a new state is given up, not waited for


def _split_values(parts, total, rng: random.Random) -> list[int]:
    """A legal split from the bounds the form shows: one part at its lowest amount."""
    lo_total, hi_total = total
    usable = [
        i for i, (lo, hi) in enumerate(parts) if lo <= hi and (hi_total is None or lo <= hi_total)
    ]
    values = [0] * len(parts)
    i = rng.choice(usable)
    values[i] = max(parts[i][0], lo_total)
    return values


def play_one(page, rng: random.Random) -> str:
    """Make one legal move through the page's controls; returns what was done ("" when the
    controls changed under it: a new state came in)."""
    from playwright.sync_api import Error

    kinds = page.locator(BUTTONS).evaluate_all(
        "els => els.map(e => e.disabled ? null : e.dataset.kind)"
    )
    amounts = page.locator("#controls form.amount").evaluate_all(
        "els => els.map(e => [e.dataset.kind, JSON.parse(e.dataset.ranges)])"
    )
    splits = page.locator("#controls form.split").evaluate_all(
        "els => els.map(e => [e.dataset.kind, JSON.parse(e.dataset.total), "
        "[...e.querySelectorAll('input[type=number]')].map(i => [+i.dataset.lo, +i.dataset.hi])])"
    )
    options = [("click", i, k) for i, k in enumerate(kinds) if k]
    options += [("amount", i, a) for i, a in enumerate(amounts)]
    options += [("split", i, sp) for i, sp in enumerate(splits)]
    if not options:
        return ""
    how, i, what = rng.choice(options)
    try:
        if how == "click":
            page.locator(BUTTONS).nth(i).click(timeout=ACT_TIMEOUT)
            return what
        if how == "amount":
            kind, ranges = what
            lo, hi = ranges[0]
            value = rng.randint(lo, lo + 5 if hi is None else min(hi, lo + 5))
            field = page.locator("#controls form.amount").nth(i).locator("input[type='number']")
            field.fill(str(value), timeout=ACT_TIMEOUT)
            field.press("Enter", timeout=ACT_TIMEOUT)  # Enter submits an amount
            return f"{kind} {value}"
        kind, total, parts = what
        values = _split_values(parts, total, rng)
        form = page.locator("#controls form.split").nth(i)
        for j, v in enumerate(values):
            if parts[j][0] <= parts[j][1]:
                form.locator("input[type='number']").nth(j).fill(str(v), timeout=ACT_TIMEOUT)
        form.locator("button[type='submit']").click(timeout=ACT_TIMEOUT)
        return f"{kind} {values}"
    except Error:  # the controls were redrawn for a new state: look again
        return ""


def wait_turn(pages, timeout: float = 60.0):
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
    pairs = page.locator("#result .ranking li").evaluate_all(
        "els => els.map(e => [+e.dataset.seat, +e.querySelector('.score').dataset.score])"
    )
    return dict(pairs)


def close_summary(page) -> tuple[int, int]:
    """Close the round summary on screen: its log index, and how many summary panels are left
    right after the click. Both are read in the click's own task, so a newer summary coming
    right after it cannot be counted as the closed one staying."""
    return page.locator(".summary-panel").evaluate(
        """e => {
          const index = +e.dataset.index;
          e.querySelector('button.dismiss').click();
          return [index, document.querySelectorAll('.summary-panel').length];
        }"""
    )
