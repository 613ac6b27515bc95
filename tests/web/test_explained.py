"""The page explains what happened, in Debian's chromium against a real
server: round summaries kept in the log and shown until closed, the final breakdown of every
score, rules pages, plain words, the Q.E. peek while others bid, readable cards and axe-core
scans. Screenshots of each game's key moments go to test-artifacts/explained/."""

from __future__ import annotations

import json
import random
import re
import statistics
import time
import urllib.request

import pytest

from .conftest import DESKTOP, PHONE, get_json
from .page_checks import axe_problems, code_words, small_card_words, sticking_out
from .ui import CONTROLS_READY, RESULT, close_summary, create_table, play_one, wait_turn

LAPTOP = {"width": 1366, "height": 800}
GAMES = [("modern-art", 4), ("ratzia", 3), ("qe", 5), ("art-dice", 3)]
TITLES = {
    "modern-art": "Modern Art",
    "ratzia": "Ratzia",
    "qe": "Q.E.",
    "art-dice": "Art Auction (dice)",
}


def post(url: str, body: dict) -> dict:
    req = urllib.request.Request(
        url, json.dumps(body).encode(), {"content-type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def bots_table(server: str, game: str, players: int) -> str:
    seats = [{"kind": "bot", "bot": "beginner"}] * players
    return post(f"{server}/api/tables", {"game": game, "players": players, "seats": seats})["id"]


def summarized(game: str, log: list[dict], players: int) -> list[dict]:
    """The events a summary closes, from the public log (what the page must keep)."""
    if game == "modern-art":
        return [e for e in log if e["event"] == "scored"]
    if game == "ratzia":
        return [e for e in log if e["event"] in ("scored", "end")]
    if game == "art-dice":
        return [e for e in log if (e["event"] == "round" and e["round"] > 1) or e["event"] == "end"]
    out = []
    for i, e in enumerate(log):  # Q.E.: a round's last auction, its zero bids included
        if e["event"] in ("won", "unsold", "zero_bids") and (e["turn"] + 1) % players == 0:
            nxt = log[i + 1] if i + 1 < len(log) else None
            if e["event"] == "zero_bids" or not (nxt and nxt["event"] == "zero_bids"):
                out.append(e)
    return out


def cells(page, selector: str, column: int) -> list[list[str]]:
    """The text of one column of every table matching `selector` (open or folded)."""
    return page.locator(selector).evaluate_all(
        """(ts, col) => ts.map(t => [...t.querySelectorAll('tbody tr')].map(
              r => r.children[col < 0 ? r.children.length + col : col].textContent.trim()))""",
        column,
    )


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_log_keeps_every_summary_and_the_result_breaks_every_score_down(
    new_page, server, artifacts, axe_source, game, players
):
    table = bots_table(server, game, players)
    page = new_page(LAPTOP)
    page.goto(f"{server}/#/table/{table}")
    page.wait_for_selector(RESULT, timeout=180_000)  # bots only, to the end: a bound on a hang
    rep = get_json(f"{server}/api/tables/{table}/replay")
    scores = rep["steps"][-1]["view"]["result"]["scores"]
    expected = summarized(game, rep["log"], players)
    assert expected and page.locator(".log-summary").count() == len(expected)

    # what each summary says is what the events say
    if game == "modern-art":
        paid = cells(page, ".log-summary table.ma-sales", 2)
        assert paid == [[str(x) for x in e["gains"]] for e in expected]
        arithmetic = cells(page, ".log-summary table.ma-sales", 1)[0]
        assert any("×" in x for x in arithmetic)  # cards × value
    elif game == "ratzia":
        totals = cells(page, ".log-summary table.numbers", -2)
        signed = [[f"+{g}" if g > 0 else str(g) for g in e["gains"]] for e in expected]
        assert totals == signed
    elif game == "art-dice":
        points = cells(page, ".log-summary table.ad-squares", 2)
        assert points[-1] == [str(x) for x in scores]  # the last one: the final points
    else:
        assert all(row for row in cells(page, ".log-summary table.qe-round", 1))

    # the final screen: every score broken down, per round where the game has rounds
    final = cells(page, "#result .breakdown table.numbers", -1)[0]
    if game == "qe":
        eliminated = rep["steps"][-1]["view"]["final"]["eliminated"]
        assert final == [
            "0 (eliminated)" if p in eliminated else str(s) for p, s in enumerate(scores)
        ]
        noted = page.locator("#result .ranking li:has(.rank-note)").evaluate_all(
            "els => els.map(e => +e.dataset.seat)"
        )
        assert sorted(noted) == sorted(eliminated)
    else:
        assert [int(x) for x in final] == scores
    if game in ("modern-art", "ratzia"):
        head = page.locator("#result .breakdown thead").inner_text()
        assert "Round 1" in head and "Round 3" in head
    if game == "art-dice" and not rep["steps"][-1]["view"]["final"]["deck"]:
        assert page.locator("#result .reveal").count() == 0  # nothing to reveal: no block

    # plain words, readable cards, no serious accessibility problem
    assert code_words(page.locator("main").inner_text()) == []
    assert small_card_words(page) == []
    assert axe_problems(page, axe_source) == []
    shots = artifacts / "explained"
    shots.mkdir(exist_ok=True)
    page.screenshot(path=str(shots / f"{game}-final.png"), full_page=True)
    page.locator(".log-summary summary").last.click()
    page.locator(".log-summary").last.screenshot(path=str(shots / f"{game}-log-summary.png"))

    # the replay says the game's name once and keeps the summaries
    page.goto(f"{server}/#/replay/{table}")
    page.wait_for_selector(".step-counter[data-step='0']")
    page.keyboard.press("End")
    page.wait_for_selector("#result .breakdown")
    assert page.locator("h1").inner_text().count(TITLES[game]) == 1
    assert page.locator(".log-summary").count() == len(expected)
    # a split move (art-dice's gold on the works) says which work got how much
    moves = get_json(f"{server}/api/tables/{table}/record")["moves"]
    splits = [k for k, m in enumerate(moves, 1) if isinstance(m[-1], list) and any(m[-1])]
    assert bool(splits) == (game == "art-dice")
    if splits:
        page.locator(".stepper input[type=range]").fill(str(splits[0]))
        page.wait_for_selector(f".step-counter[data-step='{splits[0]}']")
        said = page.locator(".step-move").inner_text()
        assert re.search(r"— Place gold: \d+ on Artist [A-I] #\d", said), said


def test_a_round_summary_stays_until_closed_and_clicks_reach_the_screen_fast(
    new_page, server, artifacts
):
    page = new_page(LAPTOP)
    create_table(page, server, "ratzia", 2, ["you", "beginner"])
    rng = random.Random(11)
    shots = artifacts / "explained"
    shots.mkdir(exist_ok=True)
    seen: list[int] = []
    for _ in range(800):
        panel = page.locator(".summary-panel")
        if panel.count():
            index = int(panel.get_attribute("data-index"))
            if not seen:
                seen.append(index)
                assert "Round 1 scored" in panel.inner_text()
                page.screenshot(path=str(shots / "ratzia-round-summary.png"))
                assert panel.locator("table.numbers tbody tr").count() == 2
                _, left = close_summary(page)
                assert left == 0
            elif index != seen[0]:
                seen.append(index)
                break
            else:  # closed stays closed while the position changes
                raise AssertionError("a closed summary came back")
        if wait_turn([page]) is None:
            break
        play_one(page, rng)
    assert len(seen) == 2, "the next round's summary did not show"
    # every move made by a click: the time to the screen showing its answer
    times = page.evaluate("performance.getEntriesByName('click-to-screen').map(e => e.duration)")
    assert times
    print(
        f"\nclick to updated screen (Ratzia, local server, {len(times)} moves): "
        f"median {statistics.median(times):.1f} ms, "
        f"90th percentile {sorted(times)[int(0.9 * (len(times) - 1))]:.1f} ms"
    )


def test_rules_pages_and_the_lobby_speak_a_players_language(
    new_page, server, artifacts, axe_source
):
    page = new_page(LAPTOP)
    page.goto(f"{server}/#/")
    page.wait_for_selector(".game-card")
    page.click("label.game-card[data-game='modern-art']")
    deck = page.locator("#opt-deck option").all_inner_texts()
    assert [d.split(":")[0] for d in deck] == ["The standard deck", "The seed-001 edition"]
    page.click("label.game-card[data-game='qe']")
    assert "seed_literal" not in page.locator("form.new-table").inner_text()
    assert "Simple rules" in page.locator("label[for='opt-seed_literal']").inner_text()
    seats = page.locator("#seat-1 option").all_inner_texts()
    assert any(s.startswith("Strong bot") for s in seats)
    assert code_words(page.locator("main").inner_text()) == []
    assert axe_problems(page, axe_source) == []
    shots = artifacts / "explained"
    shots.mkdir(exist_ok=True)
    for name, title in TITLES.items():
        page.goto(f"{server}/#/")
        page.click(f".how-to-play a[data-rules='{name}']")
        page.wait_for_selector(f".rules-page h2[data-game='{name}']")
        text = page.locator(".rules-page").inner_text()
        assert title in text and code_words(text) == []
        assert page.locator(".rules-page figure svg.pic").count() >= 3  # illustrated
        tips = page.locator(".rules-page figure svg.pic title").all_text_contents()
        assert all(len(t) > 20 for t in tips)  # each picture says what it is and is worth
        assert small_card_words(page) == []
        page.screenshot(path=str(shots / f"{name}-rules.png"), full_page=True)
    assert axe_problems(page, axe_source) == []


def test_the_new_table_form_keeps_within_its_panel(new_page, server):
    for viewport in (DESKTOP, LAPTOP, PHONE):
        page = new_page(viewport)
        page.goto(f"{server}/#/")
        for game in TITLES:  # each game's options and seat levels (some are long)
            page.click(f"label.game-card[data-game='{game}']")
            page.select_option("#players", page.locator("#players option").last.inner_text())
            assert sticking_out(page, "form.new-table", "input, select, fieldset") == [], game
        page.close()


def test_an_unknown_table_shows_one_clear_message(browser, server):
    # not `new_page`: the browser itself logs the API's 404 to the console
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/#/table/no-such-table")
    page.wait_for_selector(".missing-table")
    body = page.locator("main").inner_text()
    assert body.count("no such table") == 1
    assert page.locator(".table-page").count() == 0
    context.close()
    assert not errors


def _amount(page, rng: random.Random) -> None:
    """Open or bid through the amount field (never the peek); nothing when the controls went
    away under it (a new state came in)."""
    from playwright.sync_api import Error

    try:
        form = page.locator("#controls form.amount").first
        lo, hi = json.loads(form.get_attribute("data-ranges", timeout=3000))[0]
        value = rng.randint(lo, lo + 3 if hi is None else min(hi, lo + 3))
        field = form.locator("input[type='number']")
        field.fill(str(value), timeout=3000)
        field.press("Enter", timeout=3000)
    except Error:
        pass


def test_qe_a_five_player_seat_peeks_while_others_bid(new_page, server, artifacts, axe_source):
    ann = new_page(LAPTOP)
    table = create_table(ann, server, "qe", 5, ["you", "human", "standard", "standard", "standard"])
    bob = new_page(LAPTOP)
    bob.goto(ann.locator("input.join-link[data-seat='1']").input_value())
    bob.fill("#join-name", "Bob")
    bob.press("#join-name", "Enter")
    rng = random.Random(2)
    peek = "#controls button[data-kind='peek']"
    moves, end = 0, time.monotonic() + 180  # bounds on a hang, not a measure of speed
    while True:
        assert moves < 300 and time.monotonic() < end, "no peek offered while others bid"
        page = wait_turn([ann, bob])
        assert page is not None, "the game ended before the peek"
        turn = ann.locator(".turn").inner_text()
        if page is ann and "Meanwhile" in turn and ann.locator(peek).count():
            if "Bob" in turn and bob.locator(f"{CONTROLS_READY} form.amount").count():
                break  # Ann has bid, Bob (moved by this test only) has not: the position holds
            time.sleep(0.2)  # bots to wait for (say a tie among them), or a page behind
            continue
        _amount(page, rng)
        moves += 1
    assert "Bob" in ann.locator(".turn").inner_text()
    assert ann.locator("#controls form.amount").count() == 0  # only the peek
    turn_of = int(ann.locator(peek).first.get_attribute("data-arg"))
    ann.locator(peek).first.click()
    ann.wait_for_selector(".log-list li[data-event='peek']")
    view = get_json(f"{server}/api/tables/{table}")
    assert view["status"] == "playing"
    assert f"Peeked at turn {turn_of + 1}" in ann.locator(".player[data-seat='0']").inner_text()
    assert ann.locator(peek).count() == 0  # once per game
    assert ann.locator(".move-error").inner_text() == ""
    assert re.search(r"Peeked at turn", bob.locator(".player[data-seat='0']").inner_text())
    ann.screenshot(path=str(artifacts / "explained" / "qe-peek.png"), full_page=True)
    assert small_card_words(ann) == []
    assert axe_problems(ann, axe_source) == []
