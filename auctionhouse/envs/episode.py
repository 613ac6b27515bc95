"""What the PettingZoo and Gymnasium environments share: the observation space of an encoding,
the rewards at a game's end, and the table in words for `render`."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from ..core import OptionError, Result, State
from ..core.encoding import Encoding

REWARDS = ("win", "margin")


def check_reward(kind: str) -> None:
    if kind not in REWARDS:
        raise OptionError(f"reward is one of {', '.join(REWARDS)}, not {kind!r}")


def observation_box(enc: Encoding) -> spaces.Box:
    """The encoding's observation vector as a Box, with each feature's range."""
    return spaces.Box(
        np.array(enc.lows, np.float32), np.array(enc.highs, np.float32), dtype=np.float32
    )


def end_rewards(result: Result, kind: str) -> list[float]:
    """Each seat's reward at the end: `win`, its share of the victory (1/k to each of k tied
    winners); `margin`, its score less the best score of the others."""
    if kind == "win":
        return [float(s) for s in result.shares()]
    scores = result.scores
    return [float(x - max(y for j, y in enumerate(scores) if j != i)) for i, x in enumerate(scores)]


def spectator_text(state: State) -> str:
    """The table as a spectator sees it (no seat's secrets), in the game's words."""
    view = state.view(None, log=False)
    return "\n".join(f"{label}: {text}" for label, text in state.game.describe_view(view))
