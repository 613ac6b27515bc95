"""Feedback, in Debian's chromium with the real renderers fed by the game
engine itself (engine_table.py): every event shows in the news strip, a sound when asked for, no
motion under prefers-reduced-motion, a log with round separators and complete lines."""

from __future__ import annotations

import random
import re

from .conftest import get_json
from .engine_table import EngineTable, position, random_step

LAPTOP = {"width": 1366, "height": 800}
ACCENT = "rgb(180, 67, 31)"  # --accent: the newest lines' mark


def news(page) -> list[dict]:
    return page.locator(".news li").evaluate_all(
        "els => els.map(e => ({event: e.dataset.event, text: e.textContent,"
        " flash: e.classList.contains('flash')}))"
    )


def log_lines(page) -> list[str]:
    """Each log line's own words (a summary folded under it left out)."""
    return page.locator(".log-list > li").evaluate_all(
        "els => els.map(e => e.firstChild.textContent)"
    )


def arrive(page, table: EngineTable, rng: random.Random) -> None:
    """Random moves until a public event comes, sent to the page; waits until it is drawn."""
    count = len(table.state.view(0)["log"])
    while len(table.state.view(0)["log"]) == count:
        random_step(table.state, rng)
    table.push()
    page.wait_for_function("n => document.querySelectorAll('.log-list > li').length > n", arg=count)


def modern_art_table(new_page, server, viewport=None, seed_moves=25):
    """A 4-seat Modern Art table, seat 0 this browser's, some way into round 1."""
    state = position("modern-art", 4, lambda st: len(st.history) >= seed_moves)
    page = new_page(viewport) if viewport else new_page()
    table = EngineTable(page, state, 0)
    table.open(server)
    return page, table


def test_the_news_strip_shows_every_event_as_it_comes(new_page, server):
    page, table = modern_art_table(new_page, server)
    assert news(page) == []  # the page just opened: nothing is news yet
    rng = random.Random(4)
    seen: set[str] = set()
    for k in range(300):  # on until a round was scored
        if k >= 20 and "scored" in seen:
            break
        before = len(table.state.view(0)["log"])
        for _ in range(rng.randint(1, 3)):  # one or a few moves come in one state
            if not table.state.is_over():
                random_step(table.state, rng)
        table.push()
        log = table.state.view(0)["log"]
        fresh = log[before:]
        page.wait_for_function("n => document.querySelectorAll('.log-list > li').length === n",
                               arg=len(log))  # fmt: skip
        shown = news(page)
        if not fresh:
            continue
        # the newest events first, each flashing, in the log's own words; at most three kept
        new = shown[: min(len(fresh), 3)]
        assert [n["event"] for n in new] == [e["event"] for e in reversed(fresh)][:3]
        assert all(n["flash"] for n in new) and not any(n["flash"] for n in shown[len(new) :])
        assert [n["text"] for n in new] == log_lines(page)[::-1][: len(new)]
        assert len(shown) <= 3 and page.locator(".news li").first.is_visible()
        seen.update(e["event"] for e in fresh)
    # card played, bid placed, auction won, sale paid (round scored) all came through the strip
    assert {"play", "won", "scored"} <= seen and seen & {"bid", "sealed", "buy"}


def test_sound_is_off_until_asked_for_and_then_sounds_for_events(new_page, server):
    page, table = modern_art_table(new_page, server)
    toggle = page.locator(".sound-toggle")
    assert toggle.get_attribute("aria-pressed") == "false" and toggle.inner_text() == "Sound off"
    rng = random.Random(5)

    arrive(page, table, rng)
    assert toggle.get_attribute("data-played") == "0"  # off: silent
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true" and toggle.inner_text() == "Sound on"
    assert toggle.get_attribute("data-played") == "1"  # a sound says it is on
    # then a sound for each state that brings events, and a chime when this seat's turn comes
    for _ in range(12):
        played = int(toggle.get_attribute("data-played"))
        before = table.state.actors()
        arrive(page, table, rng)
        turn_came = 0 in table.state.actors() and 0 not in before
        assert int(toggle.get_attribute("data-played")) == played + 1 + turn_came
    # the choice is kept: on after a reload, off again when switched off
    assert page.evaluate("localStorage.getItem('auctionhouse.sound')") == "on"
    page.reload()
    page.wait_for_selector(".sound-toggle[aria-pressed='true']")
    page.locator(".sound-toggle").click()
    assert page.evaluate("localStorage.getItem('auctionhouse.sound')") == "off"


def test_no_motion_under_prefers_reduced_motion_yet_every_event_is_marked(browser, server):
    def newest_line(reduce: bool) -> dict:
        ctx = browser.new_context(reduced_motion="reduce" if reduce else "no-preference")
        page = ctx.new_page()
        state = position("modern-art", 4, lambda st: len(st.history) >= 10)
        table = EngineTable(page, state, 0)
        table.open(server)
        arrive(page, table, random.Random(1))
        style = page.locator(".news li.flash").first.evaluate(
            "e => { const s = getComputedStyle(e);"
            " return {animation: s.animationName, mark: s.borderLeftColor}; }"
        )
        ctx.close()
        return style

    moving, still = newest_line(False), newest_line(True)
    assert moving["animation"] == "flash-in"
    assert still["animation"] == "none"
    assert moving["mark"] == still["mark"] == ACCENT  # still visibly marked, without motion


def test_the_log_marks_each_round_and_every_line_is_complete(new_page, server):
    catalogs = {g["name"]: g["catalog"] for g in get_json(f"{server}/api/games")}
    for game, players in (("modern-art", 3), ("ratzia", 3), ("qe", 4), ("art-dice", 3)):
        state = position(game, players, lambda st: len(st.history) >= 120 or st.is_over())
        page = new_page()
        EngineTable(page, state, 0).open(server)
        log = state.view(0)["log"]
        if game == "qe":
            opened = [e for e in log if e["event"] in ("open", "last_turn")]
            rounds = sum(1 for e in opened if e["turn"] % players == 0)
        else:
            rounds = sum(1 for e in log if e["event"] == "round")
        marks = page.locator(".log-list > li.round-start").evaluate_all(
            "els => els.map(e => e.dataset.round)"
        )
        assert rounds >= 2 and marks == [f"Round {r + 1}" for r in range(rounds)], game
        lines = log_lines(page)
        assert len(lines) == len(log)
        if game == "art-dice":  # a bid says which works got how much
            works = catalogs[game]["cards"]
            bids = [(e, t) for e, t in zip(log, lines, strict=True) if e["event"] == "bid"]
            assert bids
            for e, text in bids:
                for amount, card in zip(e["amounts"], e["cards"], strict=True):
                    name = re.escape(works[card]["name"])
                    said = re.search(rf"\b{amount}( gold)? on {name}(?!\d)", text)
                    assert bool(said) == (amount > 0), text
        if game == "qe":  # a win says the price when it is public, else that it is secret
            # (one sentence for every seat: the price a seat knows is in its past auctions)
            wins = [(e, t) for e, t in zip(log, lines, strict=True) if e["event"] == "won"]
            assert wins
            for e, text in wins:
                if e["price"] is not None:
                    assert re.search(rf"\bfor {e['price']}\b", text), text
                else:
                    assert "secret" in text, text
        page.close()
