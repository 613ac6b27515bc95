"""A tiny trained policy per game (two updates of a network of 16 units), made once a session."""

from __future__ import annotations

import pytest

from auctionhouse.train.run import TrainConfig, Trainer


@pytest.fixture(scope="session")
def tiny_policy(tmp_path_factory):
    made: dict[tuple[str, int], str] = {}

    def get(game: str, players: int = 3) -> str:
        if (game, players) not in made:
            out = tmp_path_factory.mktemp(f"{game}-{players}")
            config = TrainConfig(
                game=game, players=players, hidden=(16,), games_per_update=2, warm_games=2,
                warm_epochs=1, eval_games=0, checkpoint_every=1,
            )  # fmt: skip
            Trainer(config, out, "cpu").run(updates=1)
            made[game, players] = str(out / "policy.npz")
        return made[game, players]

    return get
