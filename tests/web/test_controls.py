"""The page's legal-move controls against a stand-in server (Playwright routes the API and the
WebSocket): a game no renderer knows is still playable with generic controls; amounts are bounded
by the legal ranges, splits by their parts and total; refused moves show the server's sentence.
Exact, fast and independent of any game's rules."""

from __future__ import annotations

import json

GAME = {
    "name": "new-game",
    "title": "A New Game",
    "summary": "A game the client has no pictures for.",
    "min_players": 2,
    "max_players": 2,
    "options": [],
    "catalog": {},
    "bots": [{"name": "random", "params": {}}],
}
TABLE = {
    "id": "T1",
    "game": "new-game",
    "title": "Stand-in table",
    "players": 2,
    "options": {},
    "status": "playing",
    "version": 3,
    "seats": [
        {"seat": 0, "kind": "human", "name": "Ann", "bot": None, "joined": True, "connected": 1},
        {
            "seat": 1,
            "kind": "bot",
            "name": "random (bot)",
            "bot": "random",
            "joined": True,
            "connected": 0,
        },
    ],  # fmt: skip
    "countdown": None,
    "turn_timer": None,
    "fallback_bot": "random",
    "created_at": 0.0,
    "started_at": 0.0,
    "finished_at": None,
    "result": None,
}
LEGAL = [
    {"kind": "wait"},
    {"kind": "pick", "choices": [3, 5]},
    {"kind": "bid", "min": 0, "max": 4},
    {"kind": "bid", "min": 6, "max": None},
    {"kind": "spread", "parts": [[1, 4], [2, 6], [5, 3]], "total": [1, 6]},
]
STATE = {
    "type": "state",
    "table": "T1",
    "version": 3,
    "status": "playing",
    "seat": 0,
    "view": {
        "game": "new-game",
        "players": 2,
        "seat": 0,
        "phase": "thinking",
        "actors": [0],
        "over": False,
        "log": [{"event": "hello", "seat": 1, "count": 3}],
        "pot": 7,
        "my_cards": [11, 12],
    },
    "legal": LEGAL,
    "countdown": None,
    "timers": [],
}


def stand_in(page, sockets: list | None = None):
    """Route the page to a stand-in server; returns the list of messages the page sends (the
    server's side of the WebSocket goes into `sockets`, for a test to send more)."""
    sent: list[dict] = []
    page.route("**/api/games", lambda route: route.fulfill(json=[GAME]))
    page.route("**/api/tables/T1", lambda route: route.fulfill(json=TABLE))

    def socket(ws):
        if sockets is not None:
            sockets.append(ws)

        def on_message(text):
            msg = json.loads(text)
            sent.append(msg)
            if msg["type"] == "auth":
                ws.send(json.dumps({"type": "welcome", "seat": 0, "table": TABLE}))
                ws.send(json.dumps(STATE))
            elif msg["type"] == "move" and msg["move"][0] == "pick":
                ws.send(json.dumps({"type": "error", "code": "illegal_move", "rule": "X-1",
                                    "message": "pick 5 is not allowed now", "ref": msg["ref"]}))  # fmt: skip
            elif msg["type"] == "move":
                ws.send(json.dumps({**STATE, "ref": msg["ref"]}))

        ws.on_message(on_message)

    page.route_web_socket("**/ws/tables/T1", socket)
    page.add_init_script(
        "localStorage.setItem('auctionhouse.seat.T1', "
        "JSON.stringify({seat: 0, token: 'secret-token', name: 'Ann'}))"
    )
    return sent


def moves(sent):
    return [m["move"] for m in sent if m["type"] == "move"]


def ready(page):
    page.wait_for_selector("#controls[data-ready='true']", state="attached")


def test_an_unknown_game_gets_generic_controls_bounded_by_the_legal_moves(new_page, server):
    page = new_page()
    sent = stand_in(page)
    page.goto(f"{server}/#/table/T1")
    ready(page)
    assert sent[0] == {"type": "auth", "token": "secret-token"}  # from localStorage, not the URL
    assert "secret-token" not in page.url
    board = page.locator(".board").inner_text()
    assert "pot" in board and "7" in board  # the generic board shows the whole view
    assert "hello" in page.locator(".log-list").inner_text()

    page.click("#controls button[data-kind='wait']")
    ready(page)
    assert moves(sent) == [["wait"]]
    assert sent[-1]["version"] == 3  # alone to act: the move is for this exact state

    page.click("#controls button[data-kind='pick'][data-arg='5']")
    page.wait_for_selector(".move-error:text('pick 5 is not allowed now')")
    ready(page)

    # two ranges of one kind: one field, 0..4 or 6 and more; 5 is refused before sending
    field = page.locator("#controls form.amount[data-kind='bid'] input")
    assert field.get_attribute("min") == "0" and field.get_attribute("max") is None
    field.fill("5")
    field.press("Enter")
    assert "0 to 4, or 6 or more" in page.locator("form.amount .field-error").inner_text()
    assert moves(sent)[-1] == ["pick", 5]
    field.fill("6")
    field.press("Enter")
    ready(page)
    assert moves(sent)[-1] == ["bid", 6]

    # a split: each part 0 or within its bounds, the total within its own
    form = page.locator("#controls form.split[data-kind='spread']")
    parts = form.locator("input[type='number']")
    assert parts.nth(2).is_disabled()  # 5..3: nothing may go there
    submit = form.locator("button[type='submit']")
    parts.nth(0).fill("1")
    parts.nth(1).fill("6")
    assert submit.is_disabled()  # total 7 is over 6
    parts.nth(1).fill("1")
    assert submit.is_disabled()  # 1 is under the second part's 2
    parts.nth(1).fill("3")
    assert "Total 4" in form.locator(".split-total").inner_text()
    submit.click()
    ready(page)
    assert moves(sent)[-1] == ["spread", [1, 3, 0]]


def test_a_refused_moves_sentence_goes_when_the_position_changes(new_page, server):
    page = new_page()
    sockets: list = []
    stand_in(page, sockets)
    page.goto(f"{server}/#/table/T1")
    ready(page)
    error = page.locator(".move-error")
    page.click("#controls button[data-kind='pick'][data-arg='5']")
    page.wait_for_selector(".move-error:text('pick 5 is not allowed now')")
    ws = sockets[-1]
    # news of the table, or the same position again, leave the sentence: it still holds
    ws.send(json.dumps({"type": "table", "table": {**TABLE, "title": "Renamed table"}}))
    page.wait_for_selector("h1:text('Renamed table')")
    assert error.inner_text() == "pick 5 is not allowed now"
    ws.send(json.dumps({**STATE, "view": {**STATE["view"], "pot": 8}}))
    page.wait_for_function("() => /pot\\s+8/.test(document.querySelector('.board').innerText)")
    assert error.inner_text() == "pick 5 is not allowed now"
    # another seat moved: a new position, and the sentence about the old one goes
    ws.send(json.dumps({**STATE, "version": 4}))
    page.wait_for_function("() => document.querySelector('.move-error').textContent === ''")
