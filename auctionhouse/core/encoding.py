"""A game's encoding: a fixed-size observation vector read from a seat's view, and a fixed
action space with an exact legal-action mask.

An encoding is built for one game, player count and options (sizes may depend on them, e.g. a
Modern Art deck file). It reads only `state.view(seat)` and `state.legal_moves(seat)`: what the
seat may know and do, never the rest of the state. An observation is an `array('f')` of float32
numbers (numpy reads it without a copy: `np.frombuffer(obs, np.float32)`), a mask `bytes` of 0
and 1 per action id; seats are rotated so that the observing seat comes first, then the next
seat in turn order, and so on.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .actions import CACHE_MOST, ActionSpace, Segment, Splits
from .errors import OptionError
from .game import Game
from .moves import Move, MoveKind
from .state import State

if TYPE_CHECKING:
    from .tracker import Tracker


class Feature(NamedTuple):
    """One block of the observation vector: `size` numbers, each within lo..hi."""

    name: str
    size: int
    text: str
    lo: float = 0.0
    hi: float = 1.0


class Encoding:
    """Observation features and action segments of one game; subclasses give `features`,
    `segments` and `observe`."""

    game_name: str = ""
    # what the docs say of the action space (caps, discretization), one paragraph
    actions_text: str = ""
    # the segments whose ids are amounts in ascending order (bids, prices): a learned policy
    # may give them logits by shape (`auctionhouse.bots.policy_net`)
    amount_kinds: tuple[str, ...] = ()
    # the `Splits` segments whose splits a learned policy may score by their parts' amounts
    split_kinds: tuple[str, ...] = ()

    def __init__(self, game: Game, players: int, options: dict[str, Any] | None = None) -> None:
        self.game = game
        self.players = players
        self.options = game.resolve(players, options)
        self.features: tuple[Feature, ...] = tuple(self.build_features())
        self.actions = ActionSpace(self.build_segments())
        self.offsets: dict[str, int] = {}
        at = 0
        for f in self.features:
            if f.name in self.offsets:
                raise ValueError(f"two features called {f.name!r}")
            self.offsets[f.name] = at
            at += f.size
        self.size = at
        self.lows = [f.lo for f in self.features for _ in range(f.size)]
        self.highs = [f.hi for f in self.features for _ in range(f.size)]
        self._zeros = array("f", bytes(4 * at))
        self._masks: dict[tuple, bytes] = {}
        self.tracker_layout: Any = None  # what a tracker works out of this encoding, once

    # --- what a game's encoding gives --------------------------------------------------------
    def build_features(self) -> Sequence[Feature]:
        raise NotImplementedError

    def build_segments(self) -> Sequence[Segment]:
        raise NotImplementedError

    def observe(self, view: dict) -> array:
        """The observation vector of the seat whose view this is (`size` floats): a game's
        encoding fills in `self.blank()`."""
        raise NotImplementedError

    def blank(self) -> array:
        """A new observation vector of zeros."""
        return self._zeros[:]

    # --- the same, from a state and a seat ---------------------------------------------------
    @property
    def num_actions(self) -> int:
        return self.actions.size

    def observation(self, state: State, seat: int) -> array:
        return self.observe(state.view(seat, log=False))

    def tracker(self, state: State) -> Tracker:
        """What keeps every seat's observation of `state` from one step to the next (the
        environments' way: a call costs a fraction of `observation`; see core/tracker.py)."""
        return tracker_for(self, state)

    def mask(self, state: State, seat: int) -> bytes:
        """One byte per action id: 1 when it is legal for `seat` now."""
        return self.mask_of(state.legal_moves(seat))

    def mask_of(self, legal: Sequence[MoveKind]) -> bytes:
        """`mask` from the seat's legal move kinds (remembered for each set of kinds met: a
        common position costs a lookup)."""
        key = tuple(legal)
        found = self._masks.get(key)
        if found is None:
            if len(self._masks) >= CACHE_MOST:
                self._masks.clear()
            found = self._masks[key] = self.actions.mask(legal)
        return found

    def amount_segments(self) -> tuple[tuple[int, int], ...]:
        """(first id, size) of each amount segment."""
        return tuple(
            (seg.start, seg.size) for seg in self.actions.segments if seg.kind in self.amount_kinds
        )

    def split_segments(self) -> tuple[tuple[int, int, int], ...]:
        """(first id, parts, cap) of each split segment."""
        return tuple(
            (seg.start, seg.parts, seg.cap)
            for seg in self.actions.segments
            if isinstance(seg, Splits) and seg.kind in self.split_kinds
        )

    def legal_actions(self, state: State, seat: int) -> list[int]:
        return self.actions.legal_ids(state.legal_moves(seat))

    def move(self, state: State, seat: int, action: int) -> Move:
        """The move of id `action` for `seat` now; IllegalMove if the id is not legal."""
        return self.actions.move(action, state.legal_moves(seat))

    def action(self, move: Move) -> int | None:
        """The id of `move`, None when it has none (an amount beyond the cap)."""
        return self.actions.action(move)

    def rotate(self, view: dict) -> list[int]:
        """The seats in observation order: the viewer first, then each next seat."""
        seat, n = view["seat"], view["players"]
        if seat is None:
            raise ValueError("an observation is a seat's, not a spectator's")
        return [(seat + i) % n for i in range(n)]

    # --- documentation -----------------------------------------------------------------------
    def feature_table(self) -> str:
        """The features as a Markdown table (docs/encodings/GAME.md show them)."""
        rows = ["| offset | size | feature | range | meaning |", "|---|---|---|---|---|"]
        for f in self.features:
            rows.append(
                f"| {self.offsets[f.name]} | {f.size} | `{f.name}` | {f.lo:g}..{f.hi:g} | {f.text} |"
            )
        return "\n".join(rows)

    def action_table(self) -> str:
        """The action segments as a Markdown table."""
        rows = ["| ids | move | argument |", "|---|---|---|"]
        for seg in self.actions.segments:
            last = seg.start + seg.size - 1
            ids = f"{seg.start}" if last == seg.start else f"{seg.start}..{last}"
            first, end = seg.label(0), seg.label(seg.size - 1)
            arg = "none" if seg.size == 1 else f"{first} .. {end}"
            rows.append(f"| {ids} | `{seg.kind}` | {arg} |")
        return "\n".join(rows)


def encoding_for(game: Game, players: int, options: dict[str, Any] | None = None) -> Encoding:
    """The encoding `game` declares (`Game.encoding`) for `players` seats and these options
    (OptionError if they are bad, or if the game has no encoding)."""
    if game.encoding is None:
        raise OptionError(f"{game.name} has no encoding yet")
    return game.load(game.encoding)(game, players, options)


_TRACKERS: dict[str, type] = {}  # game name -> tracker class, imported once (one a reset: cheap)


def tracker_for(enc: Encoding, state: State) -> Tracker:
    """The tracker of `state`'s observations under `enc`: the one its game declares
    (`Game.tracker`), else one that encodes the view each time."""
    game = enc.game
    cls = _TRACKERS.get(game.name)
    if cls is None:
        if game.tracker is None:
            from .tracker import ViewTracker

            cls = ViewTracker
        else:
            cls = game.load(game.tracker)
        _TRACKERS[game.name] = cls
    return cls(enc, state)
