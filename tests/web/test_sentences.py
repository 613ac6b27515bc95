"""The log in the browser reads exactly as Python writes it (each game's words.py, through
`Game.event_sentence`), every seat named as the table names it: at a live table, where the
server sends each sentence once as its event comes, in the news strip, and in the replay viewer.

Seat 0 is this page's person ("Ann"); its moves come from a second connection with the same
token, random and legal, so the page only watches. The other seats are random bots."""

from __future__ import annotations

import json
import random
import time
import urllib.request

import pytest
from websockets.sync.client import connect

from auctionhouse.core import replay
from auctionhouse.core.words import fill
from auctionhouse.games import get_game
from auctionhouse.server.client import random_move

from .conftest import get_json

GAMES = [("modern-art", 3), ("ratzia", 3), ("qe", 3), ("art-dice", 3)]
LOOKS = {1, 4, 9}  # the times the table waits on seat 0 alone when the page's log is read


def post(url: str, body: dict) -> dict:
    req = urllib.request.Request(
        url, json.dumps(body).encode(), {"content-type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def python_lines(game, log: list[dict], names: list[str]) -> list[str]:
    return [fill(game.event_sentence(e), names.__getitem__) for e in log]


def page_lines(page, where: str = ".log-list > li > .words") -> list[str]:
    return page.locator(where).evaluate_all("els => els.map(e => e.textContent)")


def log_shown(page, n: int) -> None:
    page.wait_for_function("n => document.querySelectorAll('.log-list > li').length === n", arg=n)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_browser_shows_the_sentences_python_writes(new_page, server, name, players):
    game = get_game(name)
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    made = post(
        f"{server}/api/tables",
        {"game": name, "players": players, "seats": seats, "turn_timer": 0, "practice": True,
         "join": {"name": "Ann", "seat": 0}},
    )  # fmt: skip
    tid, token = made["id"], made["joined"]["token"]
    names = ["Ann"] + [f"Bot {p + 1}" for p in range(1, players)]
    page = new_page()
    page.add_init_script(
        f"localStorage.setItem('auctionhouse.seat.{tid}', "
        f"JSON.stringify({{seat: 0, token: {json.dumps(token)}, name: 'Ann'}}))"
    )
    page.goto(f"{server}/#/table/{tid}")
    page.wait_for_selector(".board .panel")

    rng = random.Random(name)
    looked = []
    waits = 0
    with connect(server.replace("http", "ws", 1) + f"/ws/tables/{tid}") as ws:

        def move(state: dict) -> None:  # its ref is the version it answers
            ws.send(json.dumps({"type": "move", "move": random_move(state["legal"], rng),
                                "version": state["version"], "ref": state["version"]}))  # fmt: skip

        ws.send(json.dumps({"type": "auth", "token": token}))
        last = None  # the newest state that asks seat 0 to move
        while True:
            msg = json.loads(ws.recv(timeout=60))
            if msg["type"] == "error":
                # refused while the table still waits (too fast, or an illegal random amount):
                # move again; a stale move needs nothing, the newer state is on its way
                if last is not None and msg.get("ref") == last["version"]:
                    if msg.get("code") == "rate_limited":
                        time.sleep(0.5)
                    move(last)
                continue
            if msg["type"] != "state" or not msg["legal"]:
                if msg.get("status") == "finished":
                    break
                continue
            last = msg
            view = msg["view"]
            # the table waits on seat 0 alone: the page's log must stand as Python writes it
            if view["actors"] == [0]:
                waits += 1
                if waits in LOOKS:
                    log_shown(page, len(view["log"]))
                    assert page_lines(page) == python_lines(game, view["log"], names)
                    looked.append(len(view["log"]))
            move(msg)
    assert len(looked) >= 2, looked

    # the end: every sentence of the game, as the record replays it
    record = get_json(f"{server}/api/tables/{tid}/record")
    log = replay(game, record).view(None)["log"]
    expected = python_lines(game, log, names)
    page.wait_for_selector("#result")
    log_shown(page, len(log))
    assert page_lines(page) == expected
    assert len({e["event"] for e in log}) >= 3
    ann = page.locator(".log-list .seat-name[data-seat='0']")
    assert ann.count() and set(ann.all_inner_texts()) == {"Ann"}  # a name, marked, as text
    news = page_lines(page, ".news li > .words")
    assert news and set(news) <= set(expected[-3:])

    # the replay viewer, at its last step
    page.goto(f"{server}/#/replay/{tid}")
    page.wait_for_selector(".step-counter[data-step='0']")
    dealt = len(replay(game, record, upto=0).view(None)["log"])
    assert page_lines(page) == expected[:dealt]
    page.keyboard.press("End")
    page.wait_for_selector(f".step-counter[data-step='{len(record['moves'])}']")
    assert page_lines(page) == expected
