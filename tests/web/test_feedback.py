"""Feedback and what must not mislead (issue 19, items 4 and 5), in Debian's chromium with the
real renderers fed by the game engine itself (engine_table.py): every event shows in the news
strip, a sound when asked for, no motion under prefers-reduced-motion, a log with round
separators and complete lines; Modern Art's cash and purchases beside the auction at 1366x800,
what a painting pays if its artist ranks, and the warning before a Double's second card that
ends the round unsold."""

from __future__ import annotations

import math
import random
import re

from .conftest import get_json
from .engine_table import EngineTable, position, random_step

LAPTOP = {"width": 1366, "height": 800}
ACCENT = "rgb(180, 67, 31)"  # --accent: the newest lines' mark


def news(page) -> list[dict]:
    return page.locator(".news li").evaluate_all(
        "els => els.map(e => ({event: e.dataset.event, text: e.textContent,"
        " flash: e.classList.contains('flash')}))"
    )


def log_lines(page) -> list[str]:
    """Each log line's own words (a summary folded under it left out)."""
    return page.locator(".log-list > li").evaluate_all(
        "els => els.map(e => e.firstChild.textContent)"
    )


def arrive(page, table: EngineTable, rng: random.Random) -> None:
    """Random moves until a public event comes, sent to the page; waits until it is drawn."""
    count = len(table.state.view(0)["log"])
    while len(table.state.view(0)["log"]) == count:
        random_step(table.state, rng)
    table.push()
    page.wait_for_function("n => document.querySelectorAll('.log-list > li').length > n", arg=count)


def modern_art_table(new_page, server, viewport=None, seed_moves=25):
    """A 4-seat Modern Art table, seat 0 this browser's, some way into round 1."""
    state = position("modern-art", 4, lambda st: len(st.history) >= seed_moves)
    page = new_page(viewport) if viewport else new_page()
    table = EngineTable(page, state, 0)
    table.open(server)
    return page, table


def test_the_news_strip_shows_every_event_as_it_comes(new_page, server, artifacts):
    page, table = modern_art_table(new_page, server)
    assert news(page) == []  # the page just opened: nothing is news yet
    rng = random.Random(4)
    seen: set[str] = set()
    for k in range(300):  # on until a round was scored
        if k >= 20 and "scored" in seen:
            break
        before = len(table.state.view(0)["log"])
        for _ in range(rng.randint(1, 3)):  # one or a few moves come in one state
            if not table.state.is_over():
                random_step(table.state, rng)
        table.push()
        log = table.state.view(0)["log"]
        fresh = log[before:]
        page.wait_for_function("n => document.querySelectorAll('.log-list > li').length === n",
                               arg=len(log))  # fmt: skip
        shown = news(page)
        if not fresh:
            continue
        # the newest events first, each flashing, in the log's own words; at most three kept
        new = shown[: min(len(fresh), 3)]
        assert [n["event"] for n in new] == [e["event"] for e in reversed(fresh)][:3]
        assert all(n["flash"] for n in new) and not any(n["flash"] for n in shown[len(new) :])
        assert [n["text"] for n in new] == log_lines(page)[::-1][: len(new)]
        assert len(shown) <= 3 and page.locator(".news li").first.is_visible()
        seen.update(e["event"] for e in fresh)
    # card played, bid placed, auction won, sale paid (round scored) all came through the strip
    assert {"play", "won", "scored"} <= seen and seen & {"bid", "sealed", "buy"}


def test_sound_is_off_until_asked_for_and_then_sounds_for_events(new_page, server):
    page, table = modern_art_table(new_page, server)
    toggle = page.locator(".sound-toggle")
    assert toggle.get_attribute("aria-pressed") == "false" and toggle.inner_text() == "Sound off"
    rng = random.Random(5)

    arrive(page, table, rng)
    assert toggle.get_attribute("data-played") == "0"  # off: silent
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true" and toggle.inner_text() == "Sound on"
    assert toggle.get_attribute("data-played") == "1"  # a sound says it is on
    # then a sound for each state that brings events, and a chime when this seat's turn comes
    for _ in range(12):
        played = int(toggle.get_attribute("data-played"))
        before = table.state.actors()
        arrive(page, table, rng)
        turn_came = 0 in table.state.actors() and 0 not in before
        assert int(toggle.get_attribute("data-played")) == played + 1 + turn_came
    # the choice is kept: on after a reload, off again when switched off
    assert page.evaluate("localStorage.getItem('auctionhouse.sound')") == "on"
    page.reload()
    page.wait_for_selector(".sound-toggle[aria-pressed='true']")
    page.locator(".sound-toggle").click()
    assert page.evaluate("localStorage.getItem('auctionhouse.sound')") == "off"


def test_no_motion_under_prefers_reduced_motion_yet_every_event_is_marked(browser, server):
    def newest_line(reduce: bool) -> dict:
        ctx = browser.new_context(reduced_motion="reduce" if reduce else "no-preference")
        page = ctx.new_page()
        state = position("modern-art", 4, lambda st: len(st.history) >= 10)
        table = EngineTable(page, state, 0)
        table.open(server)
        arrive(page, table, random.Random(1))
        style = page.locator(".news li.flash").first.evaluate(
            "e => { const s = getComputedStyle(e);"
            " return {animation: s.animationName, mark: s.borderLeftColor}; }"
        )
        ctx.close()
        return style

    moving, still = newest_line(False), newest_line(True)
    assert moving["animation"] == "flash-in"
    assert still["animation"] == "none"
    assert moving["mark"] == still["mark"] == ACCENT  # still visibly marked, without motion


def test_the_log_marks_each_round_and_every_line_is_complete(new_page, server):
    catalogs = {g["name"]: g["catalog"] for g in get_json(f"{server}/api/games")}
    starts = {"modern-art": "round", "ratzia": "round_start", "art-dice": "round"}
    for game, players in (("modern-art", 3), ("ratzia", 3), ("qe", 4), ("art-dice", 3)):
        state = position(game, players, lambda st: len(st.history) >= 120 or st.is_over())
        page = new_page()
        EngineTable(page, state, 0).open(server)
        log = state.view(0)["log"]
        if game == "qe":
            opened = [e for e in log if e["event"] in ("open", "last_turn")]
            rounds = sum(1 for e in opened if e["turn"] % players == 0)
        else:
            rounds = sum(1 for e in log if e["event"] == starts[game])
        marks = page.locator(".log-list > li.round-start").evaluate_all(
            "els => els.map(e => e.dataset.round)"
        )
        assert rounds >= 2 and marks == [f"Round {r + 1}" for r in range(rounds)], game
        lines = log_lines(page)
        assert len(lines) == len(log)
        if game == "art-dice":  # a bid says which works got how much
            works = catalogs[game]["cards"]
            bids = [(e, t) for e, t in zip(log, lines, strict=True) if e["event"] == "bid"]
            assert bids
            for e, text in bids:
                for amount, card in zip(e["amounts"], e["cards"], strict=True):
                    name = re.escape(works[card]["name"])
                    said = re.search(rf"\b{amount}( gold)? on {name}(?!\d)", text)
                    assert bool(said) == (amount > 0), text
        if game == "qe":  # a win says the price whenever this seat may know it
            known = {a["turn"]: a.get("amount") for a in state.view(0)["auctions"]}
            wins = [(e, t) for e, t in zip(log, lines, strict=True) if e["event"] == "won"]
            assert wins
            for e, text in wins:
                price = e.get("amount", known.get(e["turn"]))
                if price is None:
                    assert "secret" in text, text
                else:
                    assert re.search(rf"\bfor {price}\b", text), text
        page.close()


# --- Modern Art --------------------------------------------------------------------------------
def bidding_with_purchases(state) -> bool:
    """Seat 0 may bid in an auction, and some paintings were bought this round already."""
    view = state.view(0)
    bidding = view["phase"] in ("open_auction", "once_around_auction", "hidden_auction")
    return bidding and 0 in state.actors() and sum(map(len, view["paintings"])) >= 3


def test_modern_art_while_bidding_cash_and_every_purchase_are_in_view_at_1366x800(
    new_page, server, artifacts
):
    state = position("modern-art", 4, bidding_with_purchases)
    page = new_page(LAPTOP)
    EngineTable(page, state, 0).open(server)
    page.wait_for_selector("#controls[data-ready='true']")
    page.screenshot(path=str(artifacts / "modern-art-bidding-1366.png"))

    def on_screen(selector: str) -> list[bool]:
        return page.locator(selector).evaluate_all(
            """els => els.map(e => { const b = e.getBoundingClientRect();
                 return b.height > 0 && b.top >= 0 && b.bottom <= innerHeight
                   && b.left >= 0 && b.right <= innerWidth; })"""
        )

    # without scrolling: the auction, the bid field, this seat's cash, every seat's purchases
    assert page.evaluate("scrollY") == 0
    assert on_screen(".board .panel:has(.auction-box)") == [True]
    assert on_screen("#controls form.amount input") == [True]
    assert on_screen(".player[data-seat='0'] [data-cash]") == [True]
    bought = on_screen(".board .player .facts:has-text('Bought this round')")
    assert bought == [True] * 4


def test_modern_art_a_painting_pays_what_its_artist_would_pay_if_the_round_ended_now(
    new_page, server
):
    state = position("modern-art", 4, lambda st: sum(st.played) >= 6 and st.round == 1)
    page = new_page(LAPTOP)
    EngineTable(page, state, 0).open(server)
    # the engine's own round end (MA-16, MA-17) on a copy: the ranking and the artists' values
    ended = state.clone()
    ended._end_round(0)
    scored = [e for e in ended.view(0)["log"] if e["event"] == "scored"][-1]
    expected = [
        scored["values"][a] if a in scored["ranking"] else 0 for a in range(len(state.played))
    ]
    cells = page.locator(".artist-board tbody td[data-pays]")
    assert [int(x) for x in cells.evaluate_all("els => els.map(e => e.dataset.pays)")] == expected
    texts = cells.evaluate_all("els => els.map(e => e.textContent)")
    for a, (pays, text) in enumerate(zip(expected, texts, strict=True)):
        if a in scored["ranking"]:
            place = ["1st", "2nd", "3rd"][scored["ranking"].index(a)]
            assert text.startswith(f"{pays} if it stays {place}"), text
        elif state.played[a]:
            assert text == "0: not among the top 3 now"
        else:  # unplayed: what it would pay once played and ranked, never a bare sum
            assert re.fullmatch(r"0 unless played \(then \d+ or more\)", text), text


def offered_a_double(state) -> bool:
    """Seat 0 is offered to add a second card to a Double, and holds one it may add."""
    return (
        state.view(0)["phase"] == "double_offer"
        and 0 in state.actors()
        and any(mk.kind == "add" and mk.choices for mk in state.legal_moves(0))
    )


def fifth_by_adding(state) -> bool:
    """A Double is offered to seat 0 whose artist has 4 cards played (the Double among them):
    a second card would be the 5th and end the round, neither card sold (MA-14)."""
    if not offered_a_double(state):
        return False
    artist = state.view(0)["auction"]["cards"][0] // 5  # the catalog's card ids: artist * 5 + type
    return state.played[artist] == 4


def test_modern_art_warns_before_a_doubles_second_card_that_ends_the_round(
    new_page, server, artifacts
):
    state = position("modern-art", 4, fifth_by_adding, seeds=range(2000))
    page = new_page(LAPTOP)
    table = EngineTable(page, state, 0)
    table.open(server)
    adds = page.locator(".hand button.card-button[data-kind='add']")
    assert adds.count() >= 1
    # every card that could be added is marked, with a warning in words, before any click
    assert adds.evaluate_all("els => els.map(e => e.dataset.endsRound)") == ["yes"] * adds.count()
    assert "ends the round" in adds.first.get_attribute("aria-label")
    assert "ends the round" in adds.first.inner_text()
    warning = page.locator(".warn-text")
    assert re.search(r"would be its 5th this round.*Double is not sold", warning.inner_text())
    page.screenshot(path=str(artifacts / "modern-art-double-warning.png"))
    # a Double whose second card would not end the round carries no such warning
    table.state = position(
        "modern-art", 4, lambda st: offered_a_double(st) and not fifth_by_adding(st)
    )
    table.push()
    page.wait_for_function("() => !document.querySelector('.warn-text')")
    assert page.locator(".hand button.card-button[data-kind='add']").count() >= 1
    assert page.locator(".hand button.card-button[data-ends-round]").count() == 0


def offered_at_a_fixed_price(state, can_buy: bool) -> bool:
    """Seat 0 is asked whether to buy at a fixed price, and may (or may not: too little cash)."""
    if state.view(0)["phase"] != "fixed_price_auction" or 0 not in state.actors():
        return False
    return any(mk.kind == "buy" for mk in state.legal_moves(0)) == can_buy


def test_modern_art_says_why_a_seat_may_only_pass(new_page, server):
    state = position("modern-art", 3, lambda st: offered_at_a_fixed_price(st, False))
    page = new_page(LAPTOP)
    table = EngineTable(page, state, 0)
    table.open(server)
    view = state.view(0)
    said = page.locator(".short-of-cash").inner_text()
    assert said == f"You have {view['cash'][0]}, less than the price: you can only pass."
    assert view["cash"][0] < view["auction"]["price"]
    assert page.locator("#controls button.move").all_inner_texts() == ["Pass"]
    # with the cash to buy, nothing of the kind
    table.state = position("modern-art", 3, lambda st: offered_at_a_fixed_price(st, True))
    table.push()
    page.wait_for_selector("#controls button[data-kind='buy']")
    assert page.locator(".short-of-cash").count() == 0


def lab(rgb: str) -> tuple[float, float, float]:
    """CIE L*a*b* of a CSS rgb() colour (D65)."""
    r, g, b = (int(x) / 255 for x in re.findall(r"\d+", rgb)[:3])

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = linear(r), linear(g), linear(b)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def test_modern_art_seat_colours_stay_apart_from_the_artists_and_carry_numbers(new_page, server):
    state = position("modern-art", 5, lambda st: len(st.history) >= 5)
    page = new_page(LAPTOP)
    EngineTable(page, state, 0).open(server)
    seats = page.locator(".seat-chip .dot").evaluate_all(
        "els => els.map(e => [getComputedStyle(e).backgroundColor, e.dataset.n,"
        " getComputedStyle(e, '::after').content])"
    )
    artists = page.locator(".artist-board .swatch").evaluate_all(
        "els => els.map(e => getComputedStyle(e).backgroundColor)"
    )
    assert len(seats) == 5 and len(artists) == 5
    # every seat's mark shows its number, and its colour is far from every artist's (CIE76
    # distance; 2.3 is the least a person notices, over 25 two colours are not taken for each
    # other)
    assert [(n, content) for _, n, content in seats] == [(str(p), f'"{p}"') for p in range(1, 6)]
    nearest = min(math.dist(lab(s), lab(a)) for s, _, _ in seats for a in artists)
    assert nearest > 25, nearest


# --- art-dice ------------------------------------------------------------------------------------
def test_art_dice_the_split_lines_up_and_says_what_is_wrong_once_typed(new_page, server):
    def placing(state) -> bool:
        bid = [mk for mk in state.legal_moves(0) if mk.kind == "bid"] if 0 in state.actors() else []
        return bool(bid) and len(state.view(0)["on_sale"]) == 3

    state = position("art-dice", 3, placing)
    page = new_page(LAPTOP)
    EngineTable(page, state, 0).open(server)
    form = page.locator("#controls form.split")
    # one row per work: its picture, its name and its field on one line, the fields in a column
    rows = form.locator(".split-part").evaluate_all(
        """els => els.map(e => {
             const [pic, input] = [e.querySelector('svg'), e.querySelector('input')]
               .map(x => x.getBoundingClientRect());
             return {left: Math.round(input.left), pic: pic.top < input.bottom && input.top < pic.bottom};
           })"""
    )
    assert len(rows) == 3 and all(r["pic"] for r in rows)
    assert len({r["left"] for r in rows}) == 1
    # nothing typed: no complaint yet (the total line says the bounds), and no move possible
    assert form.locator(".split-problem").inner_text() == ""
    assert form.locator("button[type=submit]").is_disabled()
    assert re.search(r"Total 0 \(\d+ to \d+\)", form.locator(".split-total").inner_text())
    # typed wrong: said what is wrong; typed right: no complaint and the button works
    field = form.locator("input[type=number]:not([disabled])").first
    lo, hi = int(field.get_attribute("data-lo")), int(field.get_attribute("data-hi"))
    field.fill(str(hi + 1))
    assert re.search(rf"0, or ({lo} to )?{hi}\.", form.locator(".split-problem").inner_text())
    field.fill(str(lo))
    assert form.locator(".split-problem").inner_text() == ""
    assert form.locator("button[type=submit]").is_enabled()
