"""The installed game at a server table in chromium, drawn by the web client's generic renderer
(the game brings no JavaScript): from the lobby to the result and through the replay viewer,
the log in the game's own sentences, the scores those of the stored record."""

from __future__ import annotations

import random

from ..web.conftest import get_json
from ..web.ui import create_table, play_to_end, result_scores
from .conftest import NAME


def test_a_table_against_bots_from_the_lobby_to_the_result(server, new_page):
    games = {g["name"]: g for g in get_json(f"{server}/api/games")}
    assert games[NAME]["title"] == "Going Once"
    page = new_page()
    table = create_table(page, server, NAME, 3, ["you", "standard", "beginner"])
    page.wait_for_selector(".board .panel")  # the generic board: the view as nested lists
    assert "lots left" in page.locator(".board").inner_text().lower()
    assert play_to_end([page], random.Random(3)) == 8  # one bid a lot
    rec = get_json(f"{server}/api/tables/{table}/record")
    assert result_scores(page) == dict(enumerate(rec["result"]["scores"]))
    log = page.locator(".log-list > li").all_inner_texts()
    assert sum("a lot worth" in line for line in log) == 8
    assert any("takes the lot" in line or "nobody takes" in line for line in log)
    page.click("text=Watch the replay")  # the replay viewer, step by step to the end
    page.wait_for_selector(".step-counter[data-step='0']")
    page.keyboard.press("End")
    page.wait_for_selector(f".step-counter[data-step='{len(rec['moves'])}']")
    assert result_scores(page) == dict(enumerate(rec["result"]["scores"]))


def test_its_rules_page_gives_what_the_game_declares(server, new_page):
    page = new_page()
    page.goto(f"{server}/#/rules/{NAME}")
    page.wait_for_selector("h2[data-game]")
    text = page.locator(".rules-page").inner_text()
    assert "How to play Going Once" in text and "no illustrated rules page" in text
    game = next(g for g in get_json(f"{server}/api/games") if g["name"] == NAME)
    assert all(o["help"] in text for o in game["options"])
    assert page.locator(".rules-page .links a[href='#/rules/modern-art']").count() == 1
