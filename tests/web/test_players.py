"""Players in the browser (Debian's chromium): the player made on the first sit and carried to
another browser by a link or a code, the player page (ratings, chart, games with replays), the
leaderboards, rematch in one click, the lobby's filter and facts, and the turn clock on the seat
whose move it is. Screenshots go to test-artifacts/; click-to-screen times are printed.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import re
import statistics
import urllib.request
from concurrent.futures import ThreadPoolExecutor

from auctionhouse.server.client import Api, SeatSocket, play_randomly
from auctionhouse.server.players import KEY_HEADER

from .conftest import get_json
from .page_checks import axe_problems
from .ui import CONTROLS_READY, RESULT, create_table

# in the page: mark, click, then wait (frame by frame) for `ready`; the measure in ms
CLICK_TO_SCREEN = """async ([click, ready]) => {
  performance.clearMarks();
  performance.mark("click");
  document.querySelector(click).click();
  const give_up = performance.now() + 60000;  // a bound on a hang: measured, never asserted
  while (!document.querySelector(ready)) {
    if (performance.now() > give_up) throw new Error(`${ready} did not show after ${click}`);
    await new Promise(requestAnimationFrame);
  }
  performance.mark("drawn");
  return performance.measure("click-to-screen", "click", "drawn").duration;
}"""

TIMES: dict[str, list[float]] = {}


def timed_click(page, what: str, click: str, ready: str) -> None:
    TIMES.setdefault(what, []).append(page.evaluate(CLICK_TO_SCREEN, [click, ready]))


def teardown_module() -> None:
    for what, ms in TIMES.items():
        print(f"click to updated screen, {what}: median {statistics.median(ms):.1f} ms ({len(ms)})")


def post_json(url: str, body: dict) -> dict:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as r:
        return json.loads(r.read())


def stored_player(page) -> dict | None:
    return page.evaluate("() => JSON.parse(localStorage.getItem('auctionhouse.player'))")


def watch_requests(page) -> list[str]:
    """The address of every request the page makes (a fragment is never part of one)."""
    urls: list[str] = []
    page.on("request", lambda r: urls.append(r.url))
    return urls


def test_a_player_is_made_on_the_first_sit_and_carried_to_another_browser(
    new_page, server, artifacts, axe_source
):
    ann = new_page()
    urls = watch_requests(ann)
    ann.goto(f"{server}/#/me")
    ann.wait_for_selector("#player-name")
    assert stored_player(ann) is None  # nothing made by a visit alone
    create_table(ann, server, "qe", 3, ["you", "human", "beginner"], name="Ann")
    me = stored_player(ann)
    assert me["name"] == "Ann" and len(me["key"]) == 43
    seats = get_json(f"{server}/api/tables/{ann.url.rsplit('/', 1)[1]}")["seats"]
    assert (seats[0]["name"], seats[0]["player"]) == ("Ann", me["id"])

    timed_click(ann, "profile", "#nav-me", "#export-link")
    link = ann.input_value("#export-link")
    assert link.endswith(f"#key={me['key']}") and ann.input_value("#export-code") == me["key"]
    assert axe_problems(ann, axe_source) == []
    ann.screenshot(path=str(artifacts / "players-profile.png"), full_page=True)

    # the link, opened in another browser, says whose player it brings and brings it when told
    # to; the key leaves the address at once
    other = new_page()
    other_urls = watch_requests(other)
    other.goto(link)
    other.wait_for_selector("#adopt-whose:has-text('Ann')")
    assert me["key"] not in other.url and stored_player(other) is None
    other.click("#adopt")
    other.wait_for_selector("#export-link")
    assert re.search(r"#/me$", other.url)
    assert stored_player(other) == me
    assert me["key"] not in other.url
    # renamed there, the name is the player's everywhere
    other.fill("#player-name", "Ann B")
    other.click(".name-form button[type=submit]")
    other.wait_for_selector("#profile-title:text('Ann B')")
    assert get_json(f"{server}/api/players/{me['id']}")["name"] == "Ann B"

    # a code typed into a third browser that has a player of its own replaces it, when asked
    third = new_page()
    third.goto(f"{server}/#/")
    create_table(third, server, "qe", 3, ["you", "beginner", "beginner"], name="Cy")
    third.goto(f"{server}/#/me")
    third.on("dialog", lambda d: d.accept())
    third.fill("#player-code", me["key"][:-1])
    third.click(".code-form button[type=submit]")
    third.wait_for_selector(".code-form .field-error:text('43')")
    third.fill("#player-code", me["key"])
    third.click(".code-form button[type=submit]")
    third.wait_for_selector("#profile-title:text('Ann B')")
    assert stored_player(third)["id"] == me["id"]
    # the key was in no request's address (the link's fragment stays in the browser)
    assert [u for u in urls + other_urls if me["key"] in u] == []


def test_a_link_to_someone_elses_player_is_taken_only_when_the_person_says_so(new_page, server):
    """The attack: a stranger's link (#key=...) sent to someone who has no player yet. The page
    names the player it brings; refused, nothing is kept, the key is gone from the address and
    the person's first sit makes a player of their own."""
    mallory = post_json(f"{server}/api/players", {"name": "Mallory"})
    victim = new_page()
    victim.goto(f"{server}/#key={mallory['key']}")
    victim.wait_for_selector("#adopt-whose:has-text('Mallory')")
    assert victim.text_content("#adopt") == "Play as Mallory"
    assert mallory["key"] not in victim.url and stored_player(victim) is None
    victim.click("#refuse")
    victim.wait_for_selector("#create")
    assert stored_player(victim) is None and mallory["key"] not in victim.url
    victim.goto(f"{server}/#/adopt")  # the key is forgotten once answered
    victim.wait_for_selector("#player-name")
    assert stored_player(victim) is None
    create_table(victim, server, "qe", 3, ["you", "beginner", "beginner"], name="Vic")
    mine = stored_player(victim)
    assert mine["name"] == "Vic" and mine["id"] != mallory["id"]

    # a browser with a player of its own keeps it when told to
    victim.goto(f"{server}/#key={mallory['key']}")
    victim.wait_for_selector("#adopt-whose:has-text('replaces Vic')")
    victim.click("#refuse")
    victim.wait_for_selector("#export-link")
    assert stored_player(victim) == mine


def quick_table(server: str, seats: list[dict]) -> str:
    """A practice art-dice table whose move clock is so short that the fallback bot plays every
    person's seat to the end at once (a rematch keeps the clock; practice tables are not rated)."""
    body = {"game": "art-dice", "players": len(seats), "seats": seats, "turn_timer": 0.01,
            "practice": True}  # fmt: skip
    return post_json(f"{server}/api/tables", body)["id"]


def rated_games(server: str, player: dict, count: int, seed: int) -> list[str]:
    """`count` rated art-dice games of `player` (a browser's identity, by its key) against a
    beginner bot, the person's every move made from here at random (no turn timer, so none is
    the fallback bot's); their table ids, oldest first."""

    async def play() -> list[str]:
        api = Api(server, headers={KEY_HEADER: player["key"]})
        rng, ids = random.Random(seed), []
        try:
            for _ in range(count):
                seats = [{"kind": "human"}, {"kind": "bot", "bot": "beginner"}]
                t = await api.create_table("art-dice", 2, seats=seats, turn_timer=0)
                token = (await api.join(t["id"], player["name"]))["token"]
                sock = await SeatSocket(api.ws_url(t["id"]), token, keep=False).connect()
                try:
                    await play_randomly(sock, rng)
                finally:
                    await sock.close()
                ids.append(t["id"])
        finally:
            await api.close()
        return ids

    with ThreadPoolExecutor(1) as thread:  # (Playwright's own event loop runs in this one)
        return thread.submit(asyncio.run, play()).result()


def sit(page, server: str, table: str, seat: int, name: str) -> None:
    page.goto(f"{server}/#/join/{table}/{seat}")
    page.fill("#join-name", name)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"#/table/"))


def timed_rematch(page, what: str = "rematch") -> None:
    """Click Rematch; time it until the new table is drawn with this browser's seat."""
    page.evaluate("() => { document.querySelector('.table-page').dataset.old = 'yes'; }")
    ready = ".table-page:not([data-old]):has(.seat-chip.mine) .board .panel"
    timed_click(page, what, "#rematch", ready)
    page.wait_for_url(re.compile(r"#/table/"))


def test_ratings_player_page_leaderboard_and_a_rematch_in_one_click(
    new_page, server, artifacts, axe_source
):
    page = new_page()
    first = quick_table(server, [{"kind": "human"}, {"kind": "bot", "bot": "beginner"}])
    sit(page, server, first, 0, "Dee")
    page.wait_for_selector(RESULT)
    me = stored_player(page)

    # rematch: one click, a new table with the same seats, this browser seated at seat 1 (the
    # new game starts at once, and with the short clock the server plays all of it meanwhile)
    timed_rematch(page, "rematch, the new game played out meanwhile")
    second = page.url.rsplit("/", 1)[1]
    assert second != first
    old, new = (get_json(f"{server}/api/tables/{t}") for t in (first, second))
    assert old["rematch"] == second
    assert [(s["kind"], s["bot"], s["player"]) for s in new["seats"]] == [
        ("human", None, me["id"]),
        ("bot", "beginner", None),
    ]
    assert page.locator(".seat-chip.mine").get_attribute("data-seat") == "0"
    page.wait_for_selector(RESULT)  # the rematch keeps the short clock
    assert new["practice"] is True  # as the first: neither is rated

    # two rated games of the same player, every move theirs
    first, second = rated_games(server, me, 2, seed=1)
    # the player page: rating, games and wins, a chart of both games, the games with replays
    timed_click(page, "player page", "#nav-me", "#my-page")
    timed_click(page, "player page", "#my-page", ".rating-chart")
    card = page.locator(".rating-card[data-game='art-dice']")
    wins = sum(
        0 in get_json(f"{server}/api/tables/{t}")["result"]["winners"] for t in (first, second)
    )
    assert card.locator(".games").inner_text() == "2 games"
    assert int(card.locator(".wins").get_attribute("data-wins")) == wins
    assert card.locator(".rating-chart").get_attribute("data-points") == "2"
    assert card.locator(".rating-chart circle").count() == 2
    rated = get_json(f"{server}/api/players/{me['id']}")["ratings"][0]["rating"]
    assert float(card.locator(".rating").get_attribute("data-rating")) == rated
    items = page.locator(".history-item")
    assert items.evaluate_all("els => els.map(e => e.dataset.table)") == [second, first]
    assert axe_problems(page, axe_source) == []
    page.screenshot(path=str(artifacts / "players-player-page.png"), full_page=True)
    items.nth(1).locator("a:text('Replay')").click()
    page.wait_for_selector(".step-counter[data-step='0']")
    assert page.url.endswith(f"#/replay/{first}")

    # the leaderboard: this player and the bot level, best first, linked to the player page
    page.goto(f"{server}/#/leaderboard/qe")
    page.wait_for_selector(".tabs")
    timed_click(
        page, "leaderboard", ".tab[data-game='art-dice']", ".board-table[data-game='art-dice']"
    )
    rows = page.locator(".board-table tbody tr")
    ratings = [float(x) for x in rows.locator("td:nth-child(3)").all_inner_texts()]
    assert ratings == sorted(ratings, reverse=True)
    mine = page.locator(f".board-table tr[data-player='{me['id']}']")
    assert mine.get_attribute("class") == "me"
    assert page.locator(".board-table tr[data-bot='beginner']").count() == 1
    listed = page.locator("#who-is-listed").inner_text()  # (the test server lists everyone)
    assert "after 1 rated game against 1 different opponent" in listed
    assert axe_problems(page, axe_source) == []
    page.screenshot(path=str(artifacts / "players-leaderboard.png"), full_page=True)
    mine.locator("a").click()
    page.wait_for_selector("#player-title")
    assert page.url.endswith(f"#/player/{me['id']}")


def test_a_rematch_between_two_people_is_one_click_each(new_page, server, artifacts):
    table = quick_table(server, [{"kind": "human"}, {"kind": "human"}])
    ann, bob = new_page(), new_page()
    sit(ann, server, table, 0, "Ann")
    sit(bob, server, table, 1, "Bob")
    for page in (ann, bob):
        page.wait_for_selector(RESULT)
    assert bob.locator("#rematch").inner_text() == "Rematch"
    ann.click("#rematch")
    ann.wait_for_url(re.compile(r"#/table/(?!" + re.escape(table) + ")"))
    new = ann.url.rsplit("/", 1)[1]
    # Bob's result screen learns of it and offers the kept seat
    bob.wait_for_selector("#rematch:text('Join the rematch')")
    bob.screenshot(path=str(artifacts / "players-rematch-offer.png"), full_page=True)
    bob.click("#rematch")
    bob.wait_for_url(re.compile(re.escape(f"#/table/{new}") + "$"))
    for page, seat in ((ann, "0"), (bob, "1")):
        # (started: with the short clock it may be over already)
        page.wait_for_selector(".status[data-status='playing'], .status[data-status='finished']")
        assert page.locator(".seat-chip.mine").get_attribute("data-seat") == seat
    names = [s["name"] for s in get_json(f"{server}/api/tables/{new}")["seats"]]
    assert names == ["Ann", "Bob"]


def test_the_lobby_filters_by_game_and_shows_seats_people_and_clock(new_page, server, artifacts):
    page = new_page()
    mine = create_table(page, server, "ratzia", 3, ["you", "human", "human"], name="Eve",
                        fields={"turn-timer": "120"})  # fmt: skip
    bots = [{"kind": "bot", "bot": "beginner"}] * 2
    alone = post_json(f"{server}/api/tables", {"game": "ratzia", "players": 2, "seats": bots})
    page.goto(f"{server}/#/")
    page.wait_for_selector(f".table-item[data-table='{mine}']")
    # bots alone: no one is waited for
    people = page.locator(f".table-item[data-table='{alone['id']}'] .people")
    assert people.inner_text() == "2 bots"
    page.select_option("#game-filter", "ratzia")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.table-item')].every(e => e.dataset.game === 'ratzia')"
    )
    item = page.locator(f".table-item[data-table='{mine}']")
    assert item.locator(".seats-free").inner_text() == "2 of 3 seats free"
    assert item.locator(".people").inner_text() == "Eve"
    assert item.locator(".move-clock").inner_text() == "2 min a move"
    assert item.locator(".people a").get_attribute("href").startswith("#/player/")
    page.screenshot(path=str(artifacts / "players-lobby.png"), full_page=True)
    page.select_option("#game-filter", "qe")
    page.wait_for_function(
        f"() => !document.querySelector(\".table-item[data-table='{mine}']\")"
        " && document.querySelector('#list-open')"
    )


def test_the_turn_clock_is_on_the_seat_whose_move_it_is(new_page, server, artifacts):
    page = new_page()
    create_table(page, server, "modern-art", 3, ["you", "beginner", "beginner"], name="Flo",
                 fields={"turn-timer": "900"})  # fmt: skip
    page.wait_for_selector(CONTROLS_READY)
    clock = page.locator(".seat-chip .seat-clock")
    assert clock.count() == 1  # bots get no clock: only the person's seat, on their move
    chip = page.locator(".seat-chip:has(.seat-clock)")
    assert chip.get_attribute("data-seat") == "0" and "acting" in chip.get_attribute("class")
    text = clock.locator(".clock-text").inner_text()
    minutes, seconds = (int(x) for x in text.split(":"))
    assert 0 < minutes * 60 + seconds <= 900
    width = clock.locator(".clock-fill").evaluate("e => parseFloat(e.style.width)")
    assert 0 < width <= 100
    assert clock.get_attribute("role") == "timer" and "before a bot moves" in clock.get_attribute(
        "aria-label"
    )
    page.screenshot(path=str(artifacts / "players-seat-clock.png"))


def test_two_players_of_one_name_are_told_apart_by_their_tags(new_page, server, artifacts):
    # display names are not unique: two people called Twin, each rated in a game of art-dice
    twins = []
    for _ in range(2):
        page = new_page()
        table = quick_table(server, [{"kind": "human"}, {"kind": "bot", "bot": "beginner"}])
        sit(page, server, table, 0, "Twin")
        page.wait_for_selector(RESULT)
        twins.append((page, stored_player(page)))
        rated_games(server, twins[-1][1], 1, seed=len(twins))
    (ann, first), (_, second) = twins
    assert first["name"] == second["name"] == "Twin" and first["id"] != second["id"]

    ann.goto(f"{server}/#/leaderboard/art-dice")
    rows = {}
    for who in (first, second):
        row = ann.locator(f".board-table tr[data-player='{who['id']}'] a")
        text = row.inner_text()
        assert re.fullmatch(r"Twin #\d{4}", text), text
        rows[who["id"]] = text
    assert len(set(rows.values())) == 2  # the same name, told apart
    ann.screenshot(path=str(artifacts / "players-leaderboard-twins.png"), full_page=True)
    # each tag leads to its own player, whose page shows the same tag
    for who in (first, second):
        ann.goto(f"{server}/#/leaderboard/art-dice")
        ann.locator(f".board-table tr[data-player='{who['id']}'] a").click()
        ann.wait_for_selector("#player-title")
        assert ann.url.endswith(f"#/player/{who['id']}")
        assert ann.locator("#player-title").inner_text() == rows[who["id"]]
    # and each person learns their own tag on their "You" page
    ann.goto(f"{server}/#/me")
    assert rows[first["id"]] in ann.locator("#seen-as").inner_text()


def test_rematch_after_rematch_and_the_player_pages_one_click_each(new_page, server):
    # two people: Ann's rematch waits for Bob, who joins it; the short clock then plays it out
    ann, bob = new_page(), new_page()
    tables = [quick_table(server, [{"kind": "human"}, {"kind": "human"}])]
    sit(ann, server, tables[0], 0, "Ann")
    sit(bob, server, tables[0], 1, "Bob")
    for _ in range(5):
        for page in (ann, bob):
            page.wait_for_selector(RESULT)
        timed_rematch(ann)
        tables.append(ann.url.rsplit("/", 1)[1])
        assert ann.locator(".seat-chip.mine").get_attribute("data-seat") == "0"
        bob.wait_for_selector("#rematch:text('Join the rematch')")
        bob.click("#rematch")
        bob.wait_for_url(re.compile(re.escape(f"#/table/{tables[-1]}") + "$"))
    assert len(set(tables)) == len(tables)
    page = ann
    page.wait_for_selector(RESULT)  # the last one too is over
    for old, new in itertools.pairwise(tables):
        assert get_json(f"{server}/api/tables/{old}")["rematch"] == new
    rated_games(server, stored_player(ann), 6, seed=3)  # (the practice games are not rated)
    # the pages of players, from the lobby, one click each (timed, as often as the rematch)
    for _ in range(5):
        page.goto(f"{server}/#/")
        page.wait_for_selector("#game-filter")
        timed_click(page, "profile", "#nav-me", "#export-link")
        timed_click(page, "player page", "#my-page", ".rating-chart[data-points='6']")
        timed_click(page, "leaderboard", ".rating-card h2 a", ".board-table tr.me")
