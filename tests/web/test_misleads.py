"""What must not mislead, in Debian's chromium with the real
renderers fed by the game engine itself (engine_table.py): Modern Art's cash and purchases beside
the auction at 1366x800, what a painting pays if its artist ranks, the warning before a Double's
second card that ends the round unsold, why a seat may only pass, seat colours apart from the
artists'; art-dice's split lined up and saying what is wrong, its round summary beside the works on
sale, its end revealing the deck by name or nothing; Q.E.'s bids with their bidders' names, and an
amount too large said in words."""

from __future__ import annotations

import math
import re

from auctionhouse.games.art_dice.cards import card_name

from .engine_table import EngineTable, position
from .page_checks import small_card_words

LAPTOP = {"width": 1366, "height": 800}


def at_laptop(new_page, server, state) -> tuple:
    """A page at 1366x800 on an engine table in `state`, seat 0's; the page and the table."""
    page = new_page(LAPTOP)
    table = EngineTable(page, state, 0)
    table.open(server)
    return page, table


def on_screen(page, selector: str) -> list[bool]:
    """For each element `selector` finds: whether it is drawn whole inside the window."""
    return page.locator(selector).evaluate_all(
        """els => els.map(e => { const b = e.getBoundingClientRect();
             return b.height > 0 && b.top >= 0 && b.bottom <= innerHeight
               && b.left >= 0 && b.right <= innerWidth; })"""
    )


def bidding_with_purchases(state) -> bool:
    """Seat 0 may bid in an auction, and some paintings were bought this round already."""
    view = state.view(0)
    bidding = view["phase"] in ("open_auction", "once_around_auction", "hidden_auction")
    return bidding and 0 in state.actors() and sum(map(len, view["paintings"])) >= 3


def test_modern_art_while_bidding_cash_and_every_purchase_are_in_view_at_1366x800(
    new_page, server, artifacts
):
    page, _ = at_laptop(new_page, server, position("modern-art", 4, bidding_with_purchases))
    page.wait_for_selector("#controls[data-ready='true']")
    page.screenshot(path=str(artifacts / "modern-art-bidding-1366.png"))
    # without scrolling: the auction, the bid field, this seat's cash, every seat's purchases
    assert page.evaluate("scrollY") == 0
    assert on_screen(page, ".board .panel:has(.auction-box)") == [True]
    assert on_screen(page, "#controls form.amount input") == [True]
    assert on_screen(page, ".player[data-seat='0'] [data-cash]") == [True]
    bought = on_screen(page, ".board .player .facts:has-text('Bought this round')")
    assert bought == [True] * 4


def test_modern_art_a_round_summary_leaves_the_hand_in_view_at_1366x800(
    new_page, server, artifacts
):
    def picking_after_a_round(state) -> bool:
        """Round 2 or later, the summary of the round before open, seat 0 to pick a painting."""
        view = state.view(0)
        return state.round >= 2 and view["phase"] == "play" and 0 in state.actors()

    state = position("modern-art", 5, picking_after_a_round)
    page, _ = at_laptop(new_page, server, state)
    page.wait_for_selector(".summary-panel")
    page.screenshot(path=str(artifacts / "modern-art-summary-and-hand-1366.png"))
    assert page.evaluate("scrollY") == 0
    assert on_screen(page, ".summary-panel") == [True]
    hand = on_screen(page, ".board .hand button.card-button[data-kind='play']")
    assert hand and all(hand), hand


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
def placing_gold(state, least_round: int = 1) -> bool:
    """Seat 0 places gold on three works on sale, in round `least_round` or later."""
    bid = [mk for mk in state.legal_moves(0) if mk.kind == "bid"] if 0 in state.actors() else []
    return bool(bid) and len(state.view(0)["on_sale"]) == 3 and state.round >= least_round


def test_art_dice_the_split_lines_up_and_says_what_is_wrong_once_typed(new_page, server):
    page, _ = at_laptop(new_page, server, position("art-dice", 3, placing_gold))
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


def test_art_dice_a_round_summary_sits_beside_the_works_on_sale_at_1366x800(
    new_page, server, artifacts
):
    # round 3: the summary of round 2 opened whole from its brief notice (a summary comes every
    # round), with four seats the tallest it gets early on
    page, _ = at_laptop(new_page, server, position("art-dice", 4, lambda st: placing_gold(st, 3)))
    page.click(".summary-brief .open-summary")
    page.wait_for_selector(".summary-panel")
    page.screenshot(path=str(artifacts / "art-dice-summary-beside-1366.png"))
    # without scrolling: the summary, every work on sale with its gold, and the whole split form
    assert page.evaluate("scrollY") == 0
    assert on_screen(page, ".summary-panel") == [True]
    assert on_screen(page, ".board .on-sale .lot") == [True] * 3
    assert on_screen(page, "#controls form.split") == [True]
    # the summary is still the whole summary: every sale and every collector's points
    assert page.locator(".summary-panel table.ad-squares tbody tr").count() == 4


def test_art_dice_the_end_reveals_the_deck_by_name_or_nothing(new_page, server, artifacts):
    state = position("art-dice", 3, lambda st: st.is_over() and st.deck)
    page, table = at_laptop(new_page, server, state)
    reveal = page.locator("#result .reveal")
    reveal.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "art-dice-final-reveal.png"))
    # the works the deck still held, each with its name on it (words of 11 px or more) and a
    # tooltip saying where it was, never what buying it would do
    deck = state.view(0)["final"]["deck"]
    names = [card_name(c).removeprefix("Artist ") for c in deck]
    assert reveal.locator("svg.pic text").all_text_contents() == names
    tips = reveal.locator("svg.pic > title").all_text_contents()
    assert tips == [
        f"{card_name(c)}: still in the deck when the game ended, never drawn" for c in deck
    ]
    assert small_card_words(page) == []
    # right under the heading, no blank band between
    gap = reveal.evaluate(
        "e => e.querySelector('h4').getBoundingClientRect().top"
        " - e.querySelector('h3').getBoundingClientRect().bottom"
    )
    assert gap <= 12, gap
    # over, a work of one's own is worth its points, no longer something to put up for sale
    own = page.locator(".player[data-seat='0'] svg.pic > title").all_text_contents()
    assert own and not [t for t in own if "sale" in t]
    # a game that drew its whole deck hid nothing: no block at all
    table.state = position("art-dice", 3, lambda st: st.is_over() and not st.deck)
    table.push()
    page.wait_for_function("() => !document.querySelector('#result .reveal')")
    assert page.locator("#result .breakdown").count() == 1


# --- Q.E. ----------------------------------------------------------------------------------------
def test_qe_the_bids_a_seat_knows_say_whose_they_are(new_page, server):
    # a round of four auctions: seat 0 ran one (and saw every bid) and bid in the three others
    state = position("qe", 4, lambda st: len(st.closed) == 4)
    page, _ = at_laptop(new_page, server, state)
    name = ["Ann", "Bot 2", "Bot 3", "Bot 4"]

    def said(auction: dict) -> str:
        if "bids" in auction:
            return "; ".join(
                ("then " if i else "")
                + ", ".join(
                    f"{name[p]} {'rebid' if i else 'bid'} {b}"
                    for p, b in enumerate(rnd)
                    if b is not None
                )
                for i, rnd in enumerate(auction["bids"])
            )
        first, *rebids = auction["my_bids"]
        return f"You bid {first}" + (
            f", then rebid {', '.join(map(str, rebids))}" if rebids else ""
        )

    auctions = state.view(0)["auctions"]
    assert [a["auctioneer"] == 0 for a in auctions].count(True) == 1
    expected = [said(a) for a in reversed(auctions)]  # the newest first
    head = page.locator(".board th:text-is('Bids you know')")
    assert head.count() == 1
    cells = page.locator(".board td.bids-known").all_inner_texts()
    assert cells == expected
    assert not [c for c in cells if "/" in c or "–" in c]


def test_qe_an_amount_too_large_says_the_largest_the_page_takes(new_page, server):
    def asked_to_bid(state) -> bool:
        if 0 not in state.actors():
            return False
        return any(mk.kind in ("open", "bid") and mk.hi is None for mk in state.legal_moves(0))

    page, table = at_laptop(new_page, server, position("qe", 3, asked_to_bid))
    page.wait_for_selector("#controls[data-ready='true']")
    field = page.locator("#controls form.amount input")
    error = page.locator("#controls form.amount .field-error")
    for typed, words in [
        ("1" + "0" * 29, "That amount (30 digits) is too large: the largest this page takes is "
                         "9,007,199,254,740,991."),
        ("2.5", "“2.5” is not a whole number: type digits only"),
        ("", "Type an amount: "),
    ]:  # fmt: skip
        field.fill(typed)
        field.press("Enter")
        assert error.inner_text().startswith(words), error.inner_text()
    assert table.moves == []  # nothing was sent
    # the largest itself goes, exactly, and the engine takes it (the others bid next)
    field.fill("9007199254740991")
    field.press("Enter")
    page.wait_for_selector("#controls", state="hidden")
    assert [arg for _, arg in table.moves] == [9007199254740991]
