"""What the table says plainly, in Debian's chromium with the real renderers fed by the game engine
(engine_table.py) or by a real server: a seat that passed in Modern Art's open auction is out
unless it bids again, not asked; a move the fallback bot made for a person says so, in the log
and to the person; art-dice's round summaries are a line in the log and a brief notice, the whole
summary on request."""

from __future__ import annotations

import json
import random
import re
import urllib.request

from .engine_table import EngineTable, position, random_step

LAPTOP = {"width": 1366, "height": 800}
PHONE = {"width": 390, "height": 844}


def open_auction_asking(state) -> bool:
    """An open auction with a high bid by another seat; seat 0 may pass, and another seat has
    the cash to raise after it."""
    view = state.view(0)
    a = view["auction"]
    if view["phase"] != "open_auction" or a["high_bidder"] in (None, 0) or 0 not in state.actors():
        return False
    if not any(mk.kind == "pass" for mk in state.legal_moves(0)):
        return False
    return any(
        state.cash[p] > a["high"] + 1 for p in range(1, state.num_players) if p != a["high_bidder"]
    )


def at_both_sizes(new_page, server, state):
    """A page at the laptop's and the phone's size, each at table E1 from `state` (a copy), seat
    0 asked: (size, page, table) for each."""
    for size, viewport in (("1366", LAPTOP), ("390", PHONE)):
        page = new_page(viewport)
        table = EngineTable(page, state.clone(), 0)
        table.open(server)
        page.wait_for_selector("#controls[data-ready='true']")
        yield size, page, table


def test_modern_art_a_seat_that_passed_is_out_unless_it_bids_again(new_page, server, artifacts):
    state = position("modern-art", 4, open_auction_asking)
    for size, page, table in at_both_sizes(new_page, server, state):
        # asked: the "to act" mark, no word of being out
        assert page.locator(".seat-chip[data-seat='0'] .acting-mark").count() == 1
        assert page.locator(".out-note").count() == 0
        page.click("#controls button[data-kind='pass']")
        page.wait_for_function("() => document.querySelector('.out-seats')")
        # another seat raises: seat 0 may pass again (MA-9) but is out until it bids again
        st = table.state
        a = st.view(0)["auction"]
        raiser = next(
            p for p in range(1, st.num_players) if p != a["high_bidder"] and st.cash[p] > a["high"]
        )
        st.apply(raiser, ("bid", a["high"] + 1))
        assert 0 in st.actors() and 0 in st.view(0)["auction"]["out"]
        table.push()
        page.wait_for_selector(f"[data-high='{a['high'] + 1}']")
        page.wait_for_selector("#controls[data-ready='true']")
        page.screenshot(path=str(artifacts / f"modern-art-passed-{size}.png"))
        note = page.locator(".turn .out-note")
        assert note.inner_text() == "You passed: you are out of this auction unless you bid again."
        assert note.is_visible()
        # not marked as asked: no "to act" on its chip or its box, no dot in the title
        assert page.locator(".seat-chip[data-seat='0'] .acting-mark").count() == 0
        assert page.locator(".board .player[data-seat='0'].acting").count() == 0
        assert not page.title().startswith("●")
        assert page.locator(".board .player[data-seat='0'] .passed-tag").count() == 1
        # staying out is the first choice, bidding again still offered
        assert page.locator("#controls button[data-kind='pass']").inner_text() == "Stay out"
        assert page.locator("#controls form.amount label").inner_text() == "Bid again"
        # bidding again puts it back in: asked like anyone
        page.fill("#controls form.amount input", str(a["high"] + 2))
        page.click("#controls form.amount button[type=submit]")
        page.wait_for_function("() => !document.querySelector('.out-note')")
        assert page.locator(".board .player[data-seat='0'] .passed-tag").count() == 0


def test_art_dice_a_round_summary_is_a_brief_notice_and_a_line_in_the_log(
    new_page, server, artifacts
):
    def placing_gold(state) -> bool:
        """Round 3, seat 0 places gold: the summary of round 2 is the newest."""
        bid = [mk for mk in state.legal_moves(0) if mk.kind == "bid"] if 0 in state.actors() else []
        return bool(bid) and len(state.view(0)["on_sale"]) == 3 and state.round == 3

    state = position("art-dice", 4, placing_gold)
    for size, page, table in at_both_sizes(new_page, server, state):  # noqa: B007 (the last plays on)
        page.screenshot(path=str(artifacts / f"art-dice-brief-summary-{size}.png"))
        # a notice of a line or two, nothing to close, the whole summary not in the way
        brief = page.locator(".summary-brief")
        assert brief.inner_text().startswith("Round 2 done: ")
        assert "points now Ann " in brief.inner_text()
        assert brief.bounding_box()["height"] < (70 if size == "1366" else 140)
        assert page.locator(".summary-panel").count() == 0
        assert page.locator(".summary-brief button.dismiss").count() == 0
        # in the log, a line of its own, the whole summary under it when clicked
        line = page.locator(".log-summary summary", has_text="Round 2 done: ")
        assert line.count() == 1
        line.click()
        assert page.locator(".log-summary[open] table.ad-squares tbody tr").count() == 4
        # the whole summary on request, beside the board, until closed
        brief.locator("button.open-summary").click()
        panel = page.locator(".summary-panel")
        assert panel.locator("table.ad-squares tbody tr").count() == 4
        if size == "1366":
            page.screenshot(path=str(artifacts / "art-dice-whole-summary-1366.png"))
        panel.locator("button.dismiss").click()
        assert page.locator(".summary-panel, .summary-brief").count() == 0
    # the next round's summary comes as a notice again, with no closing needed
    rng = random.Random(3)
    while table.state.round < 4 and not table.state.is_over():
        random_step(table.state, rng)
    table.push()
    page.wait_for_selector(".summary-brief:has-text('Round 3 done: ')")


def test_a_move_the_fallback_bot_made_for_a_person_says_so(new_page, server, artifacts):
    # a practice table whose turn timer runs out at once: the standard bot moves for Ann
    body = {
        "game": "ratzia", "players": 2, "practice": True, "turn_timer": 1,
        "fallback_bot": "standard",
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "beginner"}],
        "join": {"seat": 0, "name": "Ann"},
    }  # fmt: skip
    request = urllib.request.Request(
        f"{server}/api/tables", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as answer:
        made = json.load(answer)
    seat = {"seat": 0, "token": made["joined"]["token"], "name": "Ann"}
    for size, viewport in (("1366", LAPTOP), ("390", PHONE)):
        page = new_page(viewport)
        page.add_init_script(
            f"localStorage.setItem('auctionhouse.seat.{made['id']}', '{json.dumps(seat)}')"
        )
        page.goto(f"{server}/#/table/{made['id']}")
        # said to the person, with the move the bot made
        notice = page.locator(".stood-in")
        notice.wait_for()
        said = notice.inner_text()
        assert re.fullmatch(r"Time ran out: the Standard bot moved for you: .+\.\s*OK", said), said
        # and in the log, on the lines its move added
        mark = page.locator(".log-list li .made-for").first
        mark.wait_for()
        assert mark.inner_text().strip() == "(by the Standard bot for Ann, time ran out)"
        page.screenshot(path=str(artifacts / f"fallback-said-{size}.png"))
        # closed, it stays closed (the next move made for Ann is said again)
        version = notice.get_attribute("data-version")
        notice.locator("button").click()
        assert page.locator(f".stood-in[data-version='{version}']").count() == 0
