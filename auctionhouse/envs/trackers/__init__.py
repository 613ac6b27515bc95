"""The trackers, one module per game (see `envs/tracker.py`); this registry lists them."""

from __future__ import annotations

from importlib import import_module

from ...core import State
from ..encoding import Encoding
from ..tracker import Tracker, ViewTracker

# game name -> "module:class"; an encoding without one here is encoded from the view each time
_TRACKERS = {
    "modern-art": "auctionhouse.envs.trackers.modern_art:ModernArtTracker",
    "ratzia": "auctionhouse.envs.trackers.ratzia:RatziaTracker",
    "qe": "auctionhouse.envs.trackers.qe:QETracker",
    "art-dice": "auctionhouse.envs.trackers.art_dice:ArtDiceTracker",
}


_CLASSES: dict[str, type[Tracker]] = {}  # the classes imported so far (one a reset: cheap)


def tracker_for(enc: Encoding, state: State) -> Tracker:
    """The tracker of `state`'s observations under `enc`."""
    name = enc.game.name
    cls = _CLASSES.get(name)
    if cls is None:
        where = _TRACKERS.get(name)
        if where is None:
            return ViewTracker(enc, state)
        module, _, attr = where.partition(":")
        cls = _CLASSES[name] = getattr(import_module(module), attr)
    return cls(enc, state)
