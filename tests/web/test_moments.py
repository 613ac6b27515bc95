"""Each game's key moments at 1366x800, played as a person against bots on a real server
(the moments that explain a game): mid-game, every card, tile and work says in its tooltip what it is and
what it is worth now, and the page speaks a player's words; the first round summary comes as a
panel that stays while play goes on until it is closed. The final screen of each game, seen by a
seat, at the same size. Screenshots: test-artifacts/moments/."""

from __future__ import annotations

import random
import re
import statistics

import pytest

from .engine_table import EngineTable, position
from .page_checks import code_words, small_card_words, sticking_out
from .ui import close_summary, create_table, play_one, wait_turn

LAPTOP = {"width": 1366, "height": 800}
GAMES = [("modern-art", 3), ("ratzia", 3), ("qe", 3), ("art-dice", 3)]
# the pictures whose tooltip must say what they are worth now, and how it reads
WORTH = {
    "modern-art": (".board svg.pic[data-card]", r"Worth \d+"),
    "ratzia": (".board svg.pic[data-type]", r"\. (You hold|Worth nothing|Winning it costs)"),
    "qe": (".board svg.pic[data-tile]", r"worth \d+ VP"),
    "art-dice": (".board svg.pic[data-card]", r"\d+ points?"),
}


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_mid_game_and_the_first_round_summary(new_page, server, artifacts, game, players):
    page = new_page(LAPTOP)
    create_table(page, server, game, players, ["you"] + ["beginner"] * (players - 1))
    shots = artifacts / "moments"
    shots.mkdir(exist_ok=True)
    rng = random.Random(game)
    summary = mid_game = None
    for k in range(1500):
        if wait_turn([page]) is None:
            break
        if k >= 4 and mid_game is None:  # a few moves in, this seat to move
            mid_game = k
            page.screenshot(path=str(shots / f"{game}-table.png"))
            selector, worth = WORTH[game]
            tips = page.locator(selector).evaluate_all(
                "els => els.map(e => (e.querySelector('title') || {}).textContent || '')"
            )
            assert tips and all(re.search(worth, t) for t in tips), tips
            assert code_words(page.locator("main").inner_text()) == []
            phase = page.locator(".turn .phase").inner_text().strip()
            assert re.fullmatch(r"[A-Za-z][A-Za-z ().,:'-]*", phase), phase  # words, no code
        brief = page.locator(".summary-brief button.open-summary")
        if brief.count() and summary is None:  # art-dice: a notice, the whole summary on request
            brief.click()
            page.wait_for_selector(".summary-panel")
        panel = page.locator(".summary-panel")
        if panel.count() and summary is None:
            summary = int(panel.get_attribute("data-index"))
            page.screenshot(path=str(shots / f"{game}-round-summary.png"))
            assert code_words(panel.inner_text()) == []
            if game == "qe":  # 3 players: zero bids score nothing (QE-9), no column says they may
                assert "Zero bids" not in panel.inner_text()
        if summary is not None and mid_game is not None:
            break
        play_one(page, rng)
    assert summary is not None, "no round summary came before the end"
    assert mid_game is not None, "the game ended at once"
    if game == "art-dice":  # its summaries are brief notices: test_said_plainly.py follows them
        return
    # it stays while play goes on (until a newer one replaces it), as it was drawn (no flash
    # again at each move: the page keeps the element), and goes when closed
    marked = page.locator(".summary-panel").evaluate(
        "e => { e.dataset.seen = 'yes'; return +e.dataset.index; }"
    )
    for _ in range(3):
        if wait_turn([page]) is None:
            break
        play_one(page, rng)
        # (read in one go: a newer summary may replace it at any moment)
        index, seen = page.locator(".summary-panel").evaluate(
            "e => [+e.dataset.index, e.dataset.seen === 'yes']"
        )
        assert index >= marked >= summary
        assert seen == (index == marked)
    shown, left = close_summary(page)
    assert left == 0
    # ... and a closed one stays closed
    for _ in range(3):
        if wait_turn([page]) is None:
            break
        play_one(page, rng)
        newer = page.locator(".summary-panel").evaluate_all("els => els.map(e => +e.dataset.index)")
        assert all(i > shown for i in newer)
    # every move made by a click: the time until the screen showed the server's answer
    times = page.evaluate("performance.getEntriesByName('click-to-screen').map(e => e.duration)")
    assert times
    print(
        f"\nclick to updated screen ({game}, local server, {len(times)} moves): "
        f"median {statistics.median(times):.1f} ms"
    )


# what a page shows when a value it draws is missing: never on a player's screen
MISSING = re.compile(r"undefined|NaN|null|\[object|Infinity|\?:")


@pytest.mark.parametrize(("game", "players"), [*GAMES[:3], ("qe", 4), ("art-dice", 4)])
def test_the_final_screen_at_1366x800(new_page, server, artifacts, game, players):
    state = position(game, players, lambda st: st.is_over(), seeds=range(40))
    page = new_page(LAPTOP)
    EngineTable(page, state, 0).open(server)
    page.wait_for_selector("#result .breakdown")
    shots = artifacts / "moments"
    shots.mkdir(exist_ok=True)
    page.screenshot(path=str(shots / f"{game}-{players}-final.png"))
    page.screenshot(path=str(shots / f"{game}-{players}-final-whole.png"), full_page=True)
    said = page.locator("main").inner_text()
    assert MISSING.findall(said) == [] and code_words(said) == []
    # the ranking, every score broken down, and nothing reaching past the result's sides
    assert page.locator("#result .ranking li").count() == players
    assert sticking_out(page, "#result", "table, .reveal, .breakdown, .ranking, .links") == []
    assert small_card_words(page) == []
    # whatever is revealed comes right under its heading, or there is no heading
    reveal = page.locator("#result .reveal")
    if reveal.count():
        assert reveal.locator(":scope > div").inner_text().strip()
    if game == "qe":  # over: no tile is left "after this one"; zero bids only with 4 or 5
        assert "left face down" not in said
        heads = page.locator(".board th").all_inner_texts()
        assert ("Ties, zero bids" in heads, "Ties" in heads) == (players > 3, players == 3)
        scoring = page.locator("#result .breakdown thead").inner_text()
        assert ("Zero bids" in scoring) == (players > 3)
