"""Ratzia's encoding: everything in Ratzia is public but the order of the deck (RZ-3), so the
observation is the whole table as a seat sees it, seats rotated so that the viewer comes first.

Choices made here:
- Bidding cards are a bit per value 1..16 (face up, and face down) at every player count: a
  value not dealt at this count is always 0, and the bid ids are the same at every count. The
  centre card and the high bid are one-hots over the same values, so they line up with the bits.
- Card counts are scaled by their bound (a collection or the discard by the type's copies, the
  row by 7); small categories (phase, round, Police row, row length, auction cause) are one-hots.
- The deck's order is hidden, its contents are not. They are left to the model to subtract:
  the copies less the discard, the collections, the row and the Police row, all of them here
  (done here, the subtraction cost more than all the rest of the observation).
- The auction's bidding order is given as the seats still to bid after the one acting; who has
  acted already follows from it and from the seats that have no face-up card.
- Each seat's cards and score are one block of 52 numbers: a block changes a few times a
  round, so blocks are cached by what they encode and copied whole.
- Left out: the cards out of the game (fixed by the player count), the log, the view's `forced`
  and `courthouse` entries (the cause, the phase and the collection say them).
"""

from __future__ import annotations

from array import array

from ...core.actions import NoArg, Values
from ...core.encoding import Encoding, Feature
from .cards import (
    BUSINESSES,
    COPIES,
    DECK_SIZE,
    MAX_BID,
    NUM_TYPES,
    STEALABLE_BITS,
)
from .state import AUCTION_CAUSES, PHASE_NAMES, POLICE_END, ROUNDS, ROW_MAX

STEALABLE = tuple(t for t in range(NUM_TYPES) if STEALABLE_BITS >> t & 1)
TYPES_TEXT = (
    "Police, Thieves, Gangster A, Gangster B, Trinket 1-5, Business 1-7, Courthouse, "
    "Getaway Car, Driver"
)
SCORE_SCALE = 100  # scores are divided by this and clipped to -1..1
KEPT = NUM_TYPES - 1  # collections and the row never hold Police (type 0)
# one seat's block: up bits, down bits, no-turns flag, collection, score
UP, DOWN, NO_TURNS, COLL, SCORE = 0, MAX_BID, 2 * MAX_BID, 2 * MAX_BID + 1, 2 * MAX_BID + 1 + KEPT
SEAT_SIZE = SCORE + 1
# Blocks that change a few times a round, by what they encode (the same at every player count,
# so shared by all encodings): a lookup costs a fraction of building one. Each cache starts
# afresh when it holds CACHE_MOST blocks.
ROWS: dict[tuple[int, ...], array] = {}
DISCARDS: dict[tuple[int, ...], array] = {}
SEATS: dict[tuple, array] = {}
CACHE_MOST = 1 << 14


class RatziaEncoding(Encoding):
    game_name = "ratzia"
    actions_text = (
        "Every Ratzia move has an id, without caps: `reveal`, `declare`, `stop` and `pass` take "
        "no argument; `steal` takes the card type to take from the Auction row (every type but "
        "Police, Thieves and Courthouse); `bid` takes the face-up bidding card, 1..16 at every "
        "player count (values not dealt at this count are never legal); `discard_business` "
        "takes the Business type to give up for a Courthouse."
    )

    def build_features(self):
        n = self.players
        out = [
            Feature("phase", len(PHASE_NAMES), "one-hot phase: " + ", ".join(PHASE_NAMES)),
            Feature("actor", n, "one-hot seat to act, viewer first (all 0 once over)"),
            Feature("auction_starter", n, "one-hot seat that started the auction (Cheese Grater)"),
            Feature(
                "auction_cause",
                len(AUCTION_CAUSES),
                "one-hot why the auction runs: " + ", ".join(AUCTION_CAUSES) + " (0 outside one)",
            ),
            Feature("must_bid", 1, "1: the starter declared and nobody bid yet, so must bid"),
            Feature("high_bid", MAX_BID, "one-hot high bid 1..16 (all 0: no bid yet)"),
            Feature("high_bidder", n, "one-hot seat of the high bid (all 0: no bid yet)"),
            Feature("to_bid", n, "1 per seat still to bid in this auction after the one acting"),
            Feature("round", ROUNDS, "one-hot round 1..3"),
            Feature("deck_size", 1, f"cards left in the deck / {DECK_SIZE}"),
            Feature(
                "discard",
                NUM_TYPES,
                f"per card type 0..18 ({TYPES_TEXT}): cards discarded / copies",
            ),
            Feature("police", POLICE_END, "one-hot Police row this round, 0..6"),
            Feature("row_size", ROW_MAX + 1, "one-hot cards in the Auction row, 0..7"),
            Feature("row", KEPT, "per card type 1..18 (no Police): cards in the row / 7"),
            Feature("centre", MAX_BID, "one-hot value of the centre bidding card, 1..16"),
        ]
        for i in range(n):
            who = "the viewer" if i == 0 else f"the seat {i} after the viewer in turn order"
            out += [
                Feature(f"up_{i}", MAX_BID, f"{who}: face-up bidding cards, a bit per value 1..16"),
                Feature(f"down_{i}", MAX_BID, f"{who}: face-down bidding cards, likewise"),
                Feature(f"no_turns_{i}", 1, f"{who}: 1 with no face-up card (no turns, RZ-5)"),
                Feature(
                    f"collection_{i}", KEPT, f"{who}: per card type 1..18, cards held / copies"
                ),
                Feature(
                    f"score_{i}",
                    1,
                    f"{who}: score / {SCORE_SCALE}, clipped to -1..1",
                    -1.0,
                    1.0,
                ),
            ]
        return out

    def build_segments(self):
        return (
            NoArg("reveal"),
            NoArg("declare"),
            Values("steal", STEALABLE),
            NoArg("stop"),
            Values("bid", range(1, MAX_BID + 1)),
            NoArg("pass"),
            Values("discard_business", BUSINESSES),
        )

    def __init__(self, game, players, options=None) -> None:
        super().__init__(game, players, options)
        n = players
        o = self.offsets
        # for each viewer: (seat, start of its block) in observation order
        starts = [o[f"up_{i}"] for i in range(n)]
        self._seats = tuple(
            tuple(zip(self.rotate({"seat": s, "players": n}), starts, strict=True))
            for s in range(n)
        )
        # rel[viewer][q]: where seat q comes in the viewer's observation
        self._rel = tuple(tuple((q - s) % n for q in range(n)) for s in range(n))
        self._phase = {name: o["phase"] + i for i, name in enumerate(PHASE_NAMES)}
        self._cause = {name: o["auction_cause"] + i for i, name in enumerate(AUCTION_CAUSES)}
        # less one where a number from 1 (round, bidding value) indexes the block
        self._at = (
            o["actor"],
            o["round"] - 1,
            o["deck_size"],
            o["discard"],
            o["police"],
            o["row_size"],
            o["row"],
            o["centre"] - 1,
            o["auction_starter"],
            o["must_bid"],
            o["high_bid"] - 1,
            o["high_bidder"],
            o["to_bid"],
        )

    def observe(self, view: dict) -> array:
        seat = view["seat"]
        if seat is None:
            self.rotate(view)  # raises: a spectator has no observation
        (
            at_actor,
            at_round,
            at_deck,
            at_discard,
            at_police,
            at_row_size,
            at_row,
            at_centre,
            at_starter,
            at_must,
            at_high,
            at_bidder,
            at_to_bid,
        ) = self._at
        obs = self.blank()
        rel = self._rel[seat]

        obs[self._phase[view["phase"]]] = 1.0
        for a in view["actors"]:
            obs[at_actor + rel[a]] = 1.0
        obs[at_round + view["round"]] = 1.0
        obs[at_deck] = view["deck_size"] / DECK_SIZE
        obs[at_police + view["police"]] = 1.0
        obs[at_centre + view["centre"]] = 1.0
        row = view["row"]
        obs[at_row_size + len(row)] = 1.0
        if row:
            key = tuple(row)
            block = ROWS.get(key)
            if block is None:
                block = _row_block(key)
            obs[at_row : at_row + KEPT] = block

        key = tuple(view["discard"])
        block = DISCARDS.get(key)
        if block is None:
            block = _discard_block(key)
        obs[at_discard : at_discard + NUM_TYPES] = block

        auction = view["auction"]
        if auction is not None:
            obs[at_starter + rel[auction["starter"]]] = 1.0
            obs[self._cause[auction["cause"]]] = 1.0
            if auction["must_bid"] is not None:
                obs[at_must] = 1.0
            high = auction["high_bid"]
            if high is not None:
                obs[at_high + high] = 1.0
                obs[at_bidder + rel[auction["high_bidder"]]] = 1.0
            order = auction["order"]
            for q in order[order.index(auction["waiting"]) + 1 :]:
                obs[at_to_bid + rel[q]] = 1.0

        up, down, colls, scores = view["up"], view["down"], view["collections"], view["scores"]
        for q, b in self._seats[seat]:
            key = (tuple(up[q]), tuple(down[q]), tuple(colls[q]), scores[q])
            block = SEATS.get(key)
            if block is None:
                block = _seat_block(key)
            obs[b : b + SEAT_SIZE] = block
        return obs


def _row_block(row: tuple[int, ...]) -> array:
    if len(ROWS) >= CACHE_MOST:
        ROWS.clear()
    block = ROWS[row] = array("f", [row.count(t) / ROW_MAX for t in range(1, NUM_TYPES)])
    return block


def _discard_block(counts: tuple[int, ...]) -> array:
    if len(DISCARDS) >= CACHE_MOST:
        DISCARDS.clear()
    block = DISCARDS[counts] = array("f", [k / COPIES[t] for t, k in enumerate(counts)])
    return block


def _seat_block(key: tuple) -> array:
    """One seat's block (see SEAT_SIZE) from its key (up, down, collection, score)."""
    if len(SEATS) >= CACHE_MOST:
        SEATS.clear()
    up, down, coll, score = key
    block = array("f", bytes(4 * SEAT_SIZE))
    for v in up:
        block[UP + v - 1] = 1.0
    if not up:
        block[NO_TURNS] = 1.0
    for v in down:
        block[DOWN + v - 1] = 1.0
    for t in range(1, NUM_TYPES):
        block[COLL + t - 1] = coll[t] / COPIES[t]
    s = score / SCORE_SCALE
    block[SCORE] = 1.0 if s > 1.0 else -1.0 if s < -1.0 else s
    SEATS[key] = block
    return block
