"""A stalled seat at the table page, in Debian's chromium (engine_table.py feeds the page): once the
server says a seat may be expelled, the others see who has not moved for how long and a button
that hands the seat to the fallback bot; the page sends the expel message, then shows the seat as
the bot's."""

from __future__ import annotations

import json
import time

from .engine_table import EngineTable, position


class StalledTable(EngineTable):
    """Seat 0 is this browser's (Ann); seat 1 is Bob, a person the table waits on, stalled from
    `expel_at` (Unix seconds)."""

    def __init__(self, page, state, expel_at: float) -> None:
        super().__init__(page, state, 0)
        self.info["seats"][1].update(kind="human", name="Bob", bot=None, expelled=None)
        self.expel_at = expel_at
        self.expelled: list[dict] = []

    def message(self, ref=None) -> dict:
        msg = super().message(ref)
        stalled = not self.expelled and 1 in self.state.actors()
        since = self.expel_at - 600
        msg["stalls"] = (
            [{"seat": 1, "since": since, "expel_at": self.expel_at, "takeover_at": since + 86400}]
            if stalled
            else []
        )
        return msg

    def other_message(self, msg: dict) -> None:
        if msg["type"] != "expel":
            return
        self.expelled.append(msg)
        self.info["seats"][msg["seat"]]["expelled"] = {"at": time.time(), "by": 0}
        self.ws.send(json.dumps({"type": "table", "table": self.info}))
        self.ws.send(json.dumps(self.message(msg.get("ref"))))


def bobs_turn():
    return position("art-dice", 2, lambda st: list(st.actors()) == [1])


def test_a_stalled_seat_gets_a_sentence_and_a_button_that_hands_it_to_the_bot(new_page, server):
    page = new_page()
    table = StalledTable(page, bobs_turn(), expel_at=time.time() - 120)  # 12 minutes waited on
    table.open(server)
    line = page.locator(".stall")
    line.wait_for()
    assert line.inner_text() == (
        "Bob has not moved for 12 minutes: hand their seat to the Beginner bot for the rest of "
        "the game"
    )
    line.get_by_role("button").click()
    page.wait_for_function("() => !document.querySelector('.stall')")
    assert [(m["type"], m["seat"]) for m in table.expelled] == [("expel", 1)]
    chip = page.locator('.seat-chip[data-seat="1"] .seat-kind')
    assert chip.inner_text() == "played by the Beginner bot"


def test_no_button_before_the_server_allows_it(new_page, server):
    page = new_page()
    table = StalledTable(page, bobs_turn(), expel_at=time.time() + 3600)
    table.open(server)
    page.wait_for_selector('.seat-chip[data-seat="1"].acting')
    assert page.locator(".stall").count() == 0 and table.expelled == []
