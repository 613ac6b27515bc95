"""The learned levels in the lobby (Debian's chromium): offered at the player counts their
weights play, gone from every seat's choices at the others, and a table of them plays."""

from __future__ import annotations

from .ui import CONTROLS_READY, create_table

SEAT_LEVELS = "() => [...document.querySelectorAll('#seat-1 option')].map(o => o.value)"


def test_learned_levels_follow_the_player_count(new_page, server):
    page = new_page()
    page.goto(f"{server}/#/")
    page.click("label.game-card[data-game='qe']")
    page.select_option("#players", "4")
    page.wait_for_function(f"({SEAT_LEVELS})().includes('bot:learned')")
    page.select_option("#seat-1", "bot:expert")
    page.select_option("#players", "3")
    page.wait_for_function(f"!({SEAT_LEVELS})().includes('bot:learned')")
    assert "bot:expert" not in page.evaluate(SEAT_LEVELS)
    assert page.locator("#seat-1").input_value() == "bot:standard"  # the refused level is let go
    create_table(page, server, "qe", 4, ["you", "learned", "learned", "learned"])
    page.wait_for_selector(CONTROLS_READY)
    assert page.locator("text=Learned bot").count() >= 3
