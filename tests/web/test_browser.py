"""The browser app through Debian's chromium: every game played to its result screen from the
lobby, two people at one Modern Art table each seeing only their own hand, a reload keeping the
seat, keyboard play, the replay viewer, phone widths. Screenshots go to test-artifacts/.

Moves are made by clicking the page's controls and typing amounts within the bounds it shows;
the API is only read to check what the page shows against the stored record."""

from __future__ import annotations

import json
import random
import re

import pytest

from .conftest import PHONE, get_json
from .ui import (
    CONTROLS_READY,
    RESULT,
    create_table,
    play_one,
    play_to_end,
    result_scores,
    wait_turn,
)

GAMES = [("modern-art", 4), ("ratzia", 3), ("qe", 4), ("art-dice", 3)]


def record(server: str, table: str) -> dict:
    return get_json(f"{server}/api/tables/{table}/record")


def hand_of(page, seat: int) -> list[int]:
    return sorted(
        page.locator(f".board [data-hand-seat='{seat}'] [data-card]").evaluate_all(
            "els => els.map(e => +e.dataset.card)"
        )
    )


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_each_game_against_bots_from_the_lobby_to_the_result_and_replay(
    new_page, server, artifacts, game, players
):
    page = new_page()
    table = create_table(page, server, game, players, ["you"] + ["standard"] * (players - 1))
    assert "token" not in page.url
    page.wait_for_selector(".board .panel")
    assert page.locator(".seat-chip.mine").get_attribute("data-seat") == "0"

    def shoot(k: int) -> None:
        if k == 6:
            page.screenshot(path=str(artifacts / f"{game}-table.png"), full_page=True)

    moves = play_to_end([page], random.Random(game), before=shoot)
    assert moves > 0
    page.screenshot(path=str(artifacts / f"{game}-result.png"), full_page=True)
    rec = record(server, table)
    assert result_scores(page) == dict(enumerate(rec["result"]["scores"]))
    winners = {
        int(li.get_attribute("data-seat")) for li in page.locator(".ranking li.winner").all()
    }
    assert winners == set(rec["result"]["winners"])
    # what `final` reveals is shown; art-dice's whole reveal is the deck left: none when empty
    final = get_json(f"{server}/api/tables/{table}/replay")["steps"][-1]["view"]["final"]
    empty = game == "art-dice" and not final["deck"]
    assert page.locator("#result .reveal").count() == (0 if empty else 1)
    assert page.locator(".log-list li").count() > 10

    # the replay viewer, from the result screen
    page.click("text=Watch the replay")
    page.wait_for_selector(".step-counter[data-step='0']")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.wait_for_selector(".step-counter[data-step='3']")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(".step-counter[data-step='2']")
    if game in ("modern-art", "qe"):  # every seat's hand, token or bids shown
        assert page.locator(".hand-of").count() == players
    else:  # everything is public in Ratzia and art-dice
        assert page.locator(".nothing-hidden").count() == 1
    assert page.locator(".step-move").inner_text().startswith("Move 2:")
    page.keyboard.press("End")
    page.wait_for_selector(f".step-counter[data-step='{len(rec['moves'])}']")
    assert page.locator("#result").count() == 1
    page.screenshot(path=str(artifacts / f"{game}-replay.png"), full_page=True)


def test_two_people_at_one_modern_art_table_see_only_their_own_hands(new_page, server, artifacts):
    ann = new_page()
    seats = ["you", "human", "standard", "beginner"]
    table = create_table(ann, server, "modern-art", 4, seats, fields={"turn-timer": "900"})
    ann.wait_for_selector(".invite-panel")
    # the lobby's countdown for Modern Art (20 s) and the turn timer typed in reach the table
    info = get_json(f"{server}/api/tables/{table}")
    assert (info["countdown"], info["turn_timer"]) == (20, 900)
    link = ann.locator("input.join-link[data-seat='1']").input_value()
    assert re.search(rf"#/join/{table}/1$", link)
    assert ann.locator(".status[data-status='open']").count() == 1
    ann.screenshot(path=str(artifacts / "modern-art-invite.png"), full_page=True)

    bob = new_page()
    frames: list[dict] = []
    bob.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(json.loads(f))))
    bob.goto(link)
    bob.fill("#join-name", "Bob")
    bob.press("#join-name", "Enter")
    bob.wait_for_url(re.compile(rf"#/table/{table}$"))
    for page in (ann, bob):
        page.wait_for_selector(".status[data-status='playing']")
        page.wait_for_selector(".board [data-hand-seat]")

    # each sees its own hand, the other's only as a count; the other's cash stays hidden
    ann_hand, bob_hand = hand_of(ann, 0), hand_of(bob, 1)
    assert len(ann_hand) == len(bob_hand) == 9
    assert bob.locator("[data-hand-seat='0']").count() == 0
    assert ann.locator("[data-hand-seat='1']").count() == 0
    bob_sees_ann = bob.locator(".player[data-seat='0']")
    assert "Hand 9" in bob_sees_ann.inner_text()
    assert bob_sees_ann.locator("[data-cash='hidden']").count() == 1
    assert ann.locator(".player[data-seat='0'] [data-cash='100']").count() == 1
    assert ann.locator(".seat-chip[data-seat='1']").inner_text().startswith("Bob")
    bob.screenshot(path=str(artifacts / "modern-art-second-person.png"), full_page=True)

    # a third browser that holds no seat watches: no hand, no controls
    watcher = new_page()
    watcher.goto(f"{server}/#/table/{table}")
    watcher.wait_for_selector(".board .panel")
    assert "Watching" in watcher.locator(".table-head").inner_text()
    assert watcher.locator("[data-hand-seat]").count() == 0
    assert watcher.locator("#controls button, #controls input").count() == 0
    watcher.close()

    # play on with both people; in hidden auctions each page shows who has bid, never how much
    rng = random.Random(7)
    seen_sealed, countdowns = [], []

    def check(_k: int) -> None:
        for page in (ann, bob):
            left = page.evaluate(
                "() => { const c = document.querySelector('.countdown');"
                " return c && !c.hidden ? Number(c.dataset.left) : null; }"
            )
            if left is not None:  # an open auction: its countdown (20 s, the lobby's) is shown
                countdowns.append(left)
            for text in page.locator(".sealed .tag").all_inner_texts():
                assert re.fullmatch(r"(Ann|Bob|Bot \d) (has bid|is choosing)", text), text
                seen_sealed.append(text)

    play_to_end([ann, bob], rng, before=check)
    assert seen_sealed  # a hidden auction was seen while a person still had to bid
    assert countdowns and all(0 <= c <= 20 for c in countdowns)
    rec = record(server, table)
    for page in (ann, bob):
        assert result_scores(page) == dict(enumerate(rec["result"]["scores"]))
    assert rec["setup"]["hands"][0] and sorted(rec["setup"]["hands"][1]) == bob_hand
    assert sorted(rec["setup"]["hands"][0]) == ann_hand
    # every state Bob's browser received was Bob's own view: no other hand, no hidden cash
    states = [f for f in frames if f.get("type") == "state"]
    assert states
    for f in states:
        v = f["view"]
        assert v["seat"] == 1 and len(v["hand"]) == v["hand_sizes"][1]
        if not v["over"]:
            assert v["cash"][0] is None and "final" not in v


def test_a_reload_keeps_the_seat_and_keyboard_alone_plays(new_page, server, artifacts):
    page = new_page()
    table = create_table(page, server, "qe", 3, ["you", "standard", "beginner"], name="Kim")
    assert page.evaluate(f"localStorage.getItem('auctionhouse.seat.{table}')")
    assert "token" not in page.url
    rng = random.Random(3)
    assert wait_turn([page]) is page
    play_one(page, rng)
    page.reload()
    page.wait_for_selector(".status[data-status='playing']")
    assert page.locator(".seat-chip.mine").get_attribute("data-seat") == "0"
    assert "Kim" in page.locator(".seat-chip.mine").inner_text()
    assert "You sit at seat 1" in page.locator(".table-head").inner_text()
    # a new tab of the same browser is the same person
    again = page.context.new_page()
    again.goto(f"{server}/#/table/{table}")
    again.wait_for_selector(".seat-chip.mine[data-seat='0']")
    again.close()

    # keyboard only: Tab to the amount field, type a legal amount, Enter submits it
    assert wait_turn([page]) is page
    form = page.locator("#controls form.amount").first
    ranges = json.loads(form.get_attribute("data-ranges"))
    target = form.locator("input[type='number']").get_attribute("id")
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.id") == target:
            break
    else:
        raise AssertionError("the amount field cannot be reached with Tab")
    version = page.evaluate("document.querySelectorAll('.log-list li').length")
    page.keyboard.press("Control+A")
    page.keyboard.type(str(ranges[0][0]))
    page.keyboard.press("Enter")
    page.locator(".log-list li").nth(version).wait_for(state="attached")
    assert page.locator(".move-error").inner_text() == ""
    play_to_end([page], rng)
    assert result_scores(page) == dict(enumerate(record(server, table)["result"]["scores"]))


def test_the_replay_viewer_steps_through_a_finished_game_with_every_hand(
    new_page, server, artifacts
):
    page = new_page()
    page.goto(f"{server}/#/")
    page.screenshot(path=str(artifacts / "lobby.png"), full_page=True)
    table = create_table(page, server, "modern-art", 3, ["beginner", "beginner", "standard"])
    page.wait_for_selector(RESULT, timeout=180_000)  # bots only, watched to the end: a bound
    page.goto(f"{server}/#/")
    item = page.locator(f".table-list[data-status='finished'] .table-item[data-table='{table}']")
    item.locator("text=Replay").click()
    page.wait_for_selector(".step-counter[data-step='0']")
    rec = record(server, table)
    assert "The deal" in page.locator(".step-move").inner_text()
    for seat, hand in enumerate(rec["setup"]["hands"]):  # every hand, face up, at the deal
        shown = page.locator(f".hand-of[data-seat='{seat}'] [data-card]").all()
        assert sorted(int(c.get_attribute("data-card")) for c in shown) == sorted(hand)
    page.click("button[aria-label='Step forward']")
    page.click("button[aria-label='Step forward']")
    page.wait_for_selector(".step-counter[data-step='2']")
    first = rec["moves"][0]
    assert page.locator(".log-list li").count() >= 2
    page.click("button[aria-label='Step back']")
    page.wait_for_selector(".step-counter[data-step='1']")
    assert page.locator(".step-move .who").inner_text().startswith(f"Bot {first[0] + 1}")
    page.keyboard.press("End")
    last = len(rec["moves"])
    page.wait_for_selector(f".step-counter[data-step='{last}']")
    assert result_scores(page) == dict(enumerate(rec["result"]["scores"]))
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f".step-counter[data-step='{last - 1}']")
    assert page.locator("#result").count() == 0
    page.click("button[aria-label='First step']")
    page.wait_for_selector(".step-counter[data-step='0']")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(".step-counter[data-step='1']")
    page.screenshot(path=str(artifacts / "replay.png"), full_page=True)


def test_phone_width_lobby_and_table_fit_the_screen(new_page, server, artifacts):
    page = new_page(PHONE)
    page.goto(f"{server}/#/")
    page.wait_for_selector(".game-card")
    page.screenshot(path=str(artifacts / "lobby-phone.png"), full_page=True)
    create_table(page, server, "modern-art", 3, ["you", "beginner", "beginner"], name="Lee")
    rng = random.Random(5)
    for _ in range(3):
        page.wait_for_selector(f"{CONTROLS_READY}, {RESULT}", state="attached")
        if page.locator(RESULT).count():
            break
        play_one(page, rng)
    page.wait_for_selector(".board .panel")
    page.screenshot(path=str(artifacts / "modern-art-phone.png"), full_page=True)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"the page is {overflow}px wider than a phone"
