"""Write the encodings' generated tables into docs/envs.md (between its markers), or with
--check say whether the file is current (exit 1 if not). The tables come from the code."""

from __future__ import annotations

import sys
from pathlib import Path

from auctionhouse.envs import encoded_games, encoding_for
from auctionhouse.games import get_game

DOC = Path(__file__).parents[1] / "docs" / "envs.md"
BEGIN, END = "<!-- tables:begin (scripts/envs_tables.py) -->", "<!-- tables:end -->"


def tables() -> str:
    out = []
    for name in encoded_games():
        game = get_game(name)
        ref = game.max_players
        enc = encoding_for(game, ref)
        each = [encoding_for(game, n) for n in range(game.min_players, game.max_players + 1)]
        sizes = ", ".join(f"{e.players}: {e.size} / {e.num_actions}" for e in each)
        out += [
            f"### {game.title} (`{name}`)",
            "",
            f"Observation size / actions by player count: {sizes}.",
            "",
            (sys.modules[type(enc).__module__].__doc__ or "").strip(),
            "",
            f"Observation features at {ref} players:",
            "",
            enc.feature_table(),
            "",
            f"Actions at {ref} players. {enc.actions_text.strip()}",
            "",
            enc.action_table(),
            "",
        ]
    return "\n".join(out)


def render(text: str) -> str:
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    return f"{head}{BEGIN}\n{tables()}{END}{tail}"


def main() -> int:
    text = DOC.read_text()
    new = render(text)
    if "--check" in sys.argv[1:]:
        if new != text:
            print("docs/envs.md is out of date: run python scripts/envs_tables.py")
            return 1
        return 0
    DOC.write_text(new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
