"""Keyboard play: after a move, focus goes to the first control of the next decision this seat
is asked (it used to drop to the top of the page), never away from a field being typed in."""

from __future__ import annotations

import random
import re

from .ui import CONTROLS_READY, create_table, play_one

LAPTOP = {"width": 1366, "height": 800}
FIRST = "#controls button.move[data-kind], .board button.card-button[data-kind]"
# the focus is on one of the decision's controls (a button or field of #controls, a card)
ON_DECISION = """() => {
  const a = document.activeElement;
  return !!a && a !== document.body && a.matches('button, input, select')
    && (document.getElementById('controls').contains(a) || !!a.closest('.board'));
}"""


def move_by_keyboard(page) -> None:
    page.wait_for_selector(CONTROLS_READY)
    page.locator(FIRST).first.focus()
    page.keyboard.press("Enter")


def until_asked(ann, bob, rng) -> None:
    """Bob moves whenever he is asked, until Ann is asked again."""
    for _ in range(200):
        if ann.locator(CONTROLS_READY).count():
            return
        if bob.locator(CONTROLS_READY).count():
            play_one(bob, rng)
        ann.wait_for_timeout(50)
    raise AssertionError("Ann was not asked again")


def test_focus_goes_to_the_next_decision_and_stays_in_a_field_being_typed_in(new_page, server):
    ann = new_page(LAPTOP)
    table = create_table(ann, server, "ratzia", 2, ["you", "human"])
    bob = new_page(LAPTOP)
    bob.goto(f"{server}/#/join/{table}/1")
    bob.fill("#join-name", "Bob")
    bob.press("#join-name", "Enter")
    bob.wait_for_url(re.compile(rf"#/table/{table}$"))
    rng = random.Random(5)

    for _ in range(3):  # every time Ann is asked again after her move
        until_asked(ann, bob, rng)
        move_by_keyboard(ann)
        until_asked(ann, bob, rng)
        ann.wait_for_function(ON_DECISION, timeout=10_000)

    # a field the person types in keeps the focus when the next decision comes
    ann.evaluate(
        """() => {
          const f = document.createElement('input');
          f.id = 'typing'; f.type = 'text';
          document.body.append(f);  // not redrawn with a state
        }"""
    )
    move_by_keyboard(ann)
    ann.focus("#typing")
    ann.keyboard.type("hello")
    until_asked(ann, bob, rng)
    ann.wait_for_timeout(300)
    assert ann.evaluate("document.activeElement.id") == "typing"
