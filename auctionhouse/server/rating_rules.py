"""What a finished table's ratings count (docs/server-defences.md, "Ratings"): which seats are
rated, and how, so that nobody lifts a rating with seats they steer.

A table is rated only when nothing at it is anyone's puppet: it is not a practice table, every
person sat with a player identity, every bot is a named level, and no two people joined from one
address. Then a person whose moves were mostly the fallback bot's is counted last (a loss for
them, a win for nobody), and two people who have played each other often lately, by identity or
by address, are both left out of the table's rating.
"""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter
from dataclasses import dataclass

RATED = "rated"  # rated by its place
ABSENT = "absent"  # the fallback bot made most of its moves: rated as last, beating nobody
# the moves of a person's seat that are not the fallback bot's: their own, and the passes of the
# auction countdown (MA-9 closes an auction nobody bids in: nobody's choice, counted for neither)
NOT_THE_FALLBACK = ("seat", "countdown")


@dataclass(frozen=True)
class RatingRules:
    """How often two people (or a person and an address) may count as opponents."""

    games_per_opponent: int = 5  # rated games with one opponent per window (0: no cap)
    window: float = 86400.0  # seconds


def address_hash(salt: bytes, key: str) -> str:
    """The joining address key (addresses.client_key) as it is stored: an HMAC under a secret
    salt, which shows whether two seats came from one address and nothing else."""
    return hmac.new(salt, key.encode(), hashlib.sha256).hexdigest()


def absent(by_counts: Counter) -> bool:
    """Whether the fallback bot made most of a person's moves (`by` counted over their seat:
    `seat` theirs, anything but `seat` and `countdown` the server's bot)."""
    fallback = sum(n for by, n in by_counts.items() if by not in NOT_THE_FALLBACK)
    return fallback > by_counts["seat"]


def verdict(
    practice: bool,
    seats: list[dict],
    level_names: set[str],
    moves_by: dict[int, Counter],
    met: dict[str, Counter],
    rules: RatingRules,
) -> tuple[list[str | None], str | None]:
    """Each seat's part in the rating (RATED, ABSENT, or None: left out), or the reason the table
    is not rated at all. `seats`: kind, bot, player_id, address_hash; `moves_by`: per seat, its
    moves counted by who made them; `met`: per player id, the rated games of this game in the
    window shared with each other person (`player:<id>`) and address (`address:<hash>`)."""
    if practice:
        return [], "a practice table"
    people = [s for s in seats if s["kind"] == "human"]
    if any(s["player_id"] is None for s in people):
        return [], "a person sat without a player identity"
    if any(s["kind"] == "bot" and s["bot"] not in level_names for s in seats):
        return [], "a bot that is not one of the levels"
    addresses = [s["address_hash"] for s in people if s["address_hash"]]
    if len(addresses) != len(set(addresses)):
        return [], "two people joined from one address"
    parts: list[str | None] = [RATED] * len(seats)
    for p, s in enumerate(seats):
        if s["kind"] == "human" and absent(moves_by.get(p, Counter())):
            parts[p] = ABSENT
    present = [p for p, s in enumerate(seats) if s["kind"] == "human" and parts[p] == RATED]
    for i, p in enumerate(present):
        for q in present[i + 1 :]:
            if _met_often(met, seats[p], seats[q], rules.games_per_opponent):
                parts[p] = parts[q] = None
    return parts, None


def _met_often(met: dict[str, Counter], one: dict, other: dict, cap: int) -> bool:
    """Whether either of two people has met the other, or the other's address, `cap` times."""
    if not cap:
        return False
    for me, them in ((one, other), (other, one)):
        seen = met.get(me["player_id"], Counter())
        if seen[f"player:{them['player_id']}"] >= cap:
            return True
        if them["address_hash"] and seen[f"address:{them['address_hash']}"] >= cap:
            return True
    return False


def timer_refusal(practice: bool, turn_timer: float | None, minimum: float) -> str | None:
    """Why a table may not have this turn timer (None: it may): a rated table gives a person at
    least `minimum` seconds a move, or has no timer."""
    if practice or turn_timer is None or turn_timer >= minimum:
        return None
    return (
        f"a rated table's turn_timer is at least {minimum:g} seconds (or 0: none); "
        "a shorter one is for a practice table (practice: true), which is never rated"
    )
