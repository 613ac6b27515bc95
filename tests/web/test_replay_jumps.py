"""The replay viewer's jumps: to the step that starts the next or previous
round (Page Down, Page Up), auction (], [) or move of a chosen seat (., ,), by keys and by
buttons that are disabled when there is nothing to jump to. Each landing is checked against the
record replayed in Python: a round or auction starts at the step whose move (or the deal, at step
0) adds the event that opens it to the public log (docs/events.md)."""

from __future__ import annotations

import pytest

from auctionhouse.core import move_from_json, replay
from auctionhouse.games import get_game

from ..server.clocks import wait_until
from .conftest import get_json
from .test_sentences import post

GAMES = [("modern-art", 3), ("ratzia", 3), ("qe", 3), ("art-dice", 3)]
# what opens a round and an auction in each game's public log, given the event and the players
ROUND = {
    "modern-art": lambda e, n: e["event"] == "round",
    "ratzia": lambda e, n: e["event"] == "round",
    "art-dice": lambda e, n: e["event"] == "round",
    "qe": lambda e, n: e["event"] in ("open", "last_turn") and e["turn"] % n == 0,
}
AUCTION = {"modern-art": {"play"}, "ratzia": {"auction"}, "qe": {"open", "last_turn"},
           "art-dice": {"round"}}  # fmt: skip
SEAT = 1  # the seat this browser held at the table


def finished_table(server: str, name: str, players: int) -> tuple[str, dict]:
    seats = [{"kind": "bot", "bot": "random"}] * players
    tid = post(f"{server}/api/tables", {"game": name, "players": players, "seats": seats})["id"]
    wait_until(
        lambda: get_json(f"{server}/api/tables/{tid}")["status"] == "finished",
        timeout=120,
        what=f"{name}: the bots did not finish",
    )
    return tid, get_json(f"{server}/api/tables/{tid}/record")


def starts(name: str, record: dict) -> dict[str, list[int]]:
    """The steps that open a round, an auction, and each seat's moves, from the record."""
    game, n = get_game(name), record["players"]
    out: dict[str, list[int]] = {"round": [], "auction": []}
    state = replay(game, record, upto=0)  # the deal; then one move a step
    known = 0
    for k in range(len(record["moves"]) + 1):
        if k:
            seat, *move = record["moves"][k - 1]
            state.apply(seat, move_from_json(move))
        log = state.view(None)["log"]
        added, known = log[known:], len(log)
        if any(ROUND[name](e, n) for e in added):
            out["round"].append(k)
        if any(e["event"] in AUCTION[name] for e in added):
            out["auction"].append(k)
    for p in range(n):
        out[f"move {p}"] = [k for k, (seat, *_) in enumerate(record["moves"], 1) if seat == p]
    return out


def shown(page) -> int:
    return int(page.locator(".step-counter").get_attribute("data-step"))


def walk(page, ks: list[int], forward, back, next_name: str, prev_name: str) -> None:
    """From step 0 forward through every start in `ks`, then back from the last step to 0."""
    nxt = page.get_by_role("button", name=next_name, exact=True)
    prev = page.get_by_role("button", name=prev_name, exact=True)
    page.keyboard.press("Home")
    page.wait_for_selector(".step-counter[data-step='0']")
    assert prev.is_disabled()
    for k in [x for x in ks if x > 0]:
        forward()
        page.wait_for_selector(f".step-counter[data-step='{k}']")
    assert nxt.is_disabled()
    assert shown(page) == max([0, *ks])
    page.keyboard.press("End")
    last = int(page.locator("input[type=range]").get_attribute("max"))
    page.wait_for_selector(f".step-counter[data-step='{last}']")
    for k in [x for x in reversed(ks) if x < last]:
        back()
        page.wait_for_selector(f".step-counter[data-step='{k}']")
    assert prev.is_disabled() == (not [x for x in ks if x < shown(page)])


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_replay_jumps_to_rounds_auctions_and_a_seats_moves(new_page, server, name, players):
    tid, record = finished_table(server, name, players)
    want = starts(name, record)
    assert len(want["round"]) >= 2 and len(want["auction"]) >= 2, want
    page = new_page()
    page.add_init_script(
        f"localStorage.setItem('auctionhouse.seat.{tid}', "
        f"JSON.stringify({{seat: {SEAT}, token: 'x', name: 'Bot'}}))"
    )
    page.goto(f"{server}/#/replay/{tid}")
    page.wait_for_selector(".step-counter[data-step='0']")
    button = lambda label: page.get_by_role("button", name=label, exact=True).click  # noqa: E731
    key = lambda k: lambda: page.keyboard.press(k)  # noqa: E731

    # rounds by keys, auctions by buttons going forward and keys going back
    walk(page, want["round"], key("PageDown"), key("PageUp"), "Next round", "Previous round")
    walk(page, want["auction"], button("Next auction"), key("["), "Next auction",
         "Previous auction")  # fmt: skip

    # the moves of the seat this browser held, then of another seat chosen in the viewer
    assert page.locator("#jump-seat").input_value() == str(SEAT)
    mine = f"Bot {SEAT + 1}"
    walk(page, want[f"move {SEAT}"], key("."), button(f"Previous move of {mine}"),
         f"Next move of {mine}", f"Previous move of {mine}")  # fmt: skip
    page.locator("#jump-seat").select_option(label="Bot 1")
    page.locator(".step-counter").click()  # the keys are the page's, not the select's
    walk(page, want["move 0"], button("Next move of Bot 1"), key(","), "Next move of Bot 1",
         "Previous move of Bot 1")  # fmt: skip

    # from within a round, back goes to the start of that round
    start = max(k for k in want["round"] if k < len(record["moves"]))
    page.keyboard.press("End")
    page.keyboard.press("PageUp")
    page.wait_for_selector(f".step-counter[data-step='{start}']")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(f".step-counter[data-step='{start + 1}']")
    page.keyboard.press("PageUp")
    page.wait_for_selector(f".step-counter[data-step='{start}']")
