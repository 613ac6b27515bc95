"""Research interfaces: per-game encodings (observation vectors, action ids, masks) and the
PettingZoo AEC, Gymnasium single-seat and OpenSpiel adapters over them (docs/envs.md).

The encodings need nothing beyond the standard library; the adapters need the `envs` extra
(numpy, pettingzoo, gymnasium, open_spiel).
"""

from .encoding import Encoding, Feature
from .encodings import encoded_games, encoding_for

__all__ = ["Encoding", "Feature", "encoded_games", "encoding_for"]
