"""The lobby: one click plays each game against `standard` bots (a practice table at the game's
usual player count, made and joined in one request); the Create button is in the first screen
at laptop and phone sizes; a missing name is flagged before any click."""

from __future__ import annotations

import re

from .conftest import PHONE, get_json

LAPTOP = {"width": 1366, "height": 800}
USUAL = {"modern-art": 4, "ratzia": 4, "qe": 4, "art-dice": 4}


def in_first_screen(page, selector: str) -> bool:
    return page.evaluate(
        """s => { const b = document.querySelector(s).getBoundingClientRect();
                  return b.top >= 0 && b.bottom <= innerHeight && b.height > 0; }""",
        selector,
    )


def test_create_is_in_the_first_screen_and_a_missing_name_is_flagged_before_the_click(
    new_page, server
):
    for viewport in (LAPTOP, PHONE):
        page = new_page(viewport)
        page.goto(f"{server}/#/")
        page.wait_for_selector("button.quick")
        assert page.evaluate("window.scrollY") == 0
        assert in_first_screen(page, "#create")
        # no name yet: the field says so, Create and the quick buttons say why they wait
        name = page.locator("#your-name")
        assert name.get_attribute("aria-invalid") == "true"
        assert page.locator("#name-problem").inner_text() == "Type your name to sit at a table."
        assert name.get_attribute("aria-describedby") == "name-problem"
        create = page.locator("#create")
        assert create.is_disabled()
        assert "type your name" in create.inner_text()
        assert all(b.is_disabled() for b in page.locator("button.quick").all())
        name.fill("Ann")
        assert name.get_attribute("aria-invalid") == "false"
        assert page.locator("#name-problem").inner_text() == ""
        assert create.is_enabled() and create.inner_text() == "Create table"
        assert all(b.is_enabled() for b in page.locator("button.quick").all())
        # a table with no seat for this person needs no name
        name.fill("")
        assert create.is_disabled()
        page.select_option("#seat-0", "human")
        assert create.is_enabled()
    create.click()
    page.wait_for_url(re.compile(r"#/table/"))


def test_play_now_against_bots_makes_and_joins_a_practice_table_in_one_request(new_page, server):
    page = new_page(LAPTOP)
    posts: list[str] = []
    page.on(
        "request",
        lambda r: (
            posts.append(r.url.rsplit("/api/", 1)[1])
            if r.method == "POST" and "/api/tables" in r.url
            else None
        ),
    )
    for i, (game, players) in enumerate(USUAL.items()):
        page.goto(f"{server}/#/")
        page.wait_for_selector("button.quick")
        if i == 0:
            page.fill("#your-name", "Ann")
        else:  # the stored player's name is offered: nothing to ask
            assert page.input_value("#your-name") == "Ann"
        posts.clear()
        page.click(f"button.quick[data-game='{game}']")
        page.wait_for_url(re.compile(r"#/table/"))
        page.wait_for_selector(".seat-chip.mine[data-seat='0']")
        assert posts == ["tables"]  # made and joined in one request
        table = get_json(f"{server}/api/tables/{page.url.rsplit('/', 1)[1]}")
        assert (table["game"], table["players"], table["practice"]) == (game, players, True)
        seats = table["seats"]
        assert seats[0]["kind"] == "human" and seats[0]["name"] == "Ann"
        assert [(s["kind"], s["bot"]) for s in seats[1:]] == [("bot", "standard")] * (players - 1)
