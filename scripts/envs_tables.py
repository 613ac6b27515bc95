"""Write each encoding's generated tables into docs/encodings/GAME.md (between its markers; a
missing page is made), or with --check say whether every page is current (exit 1 if not). The
tables come from the code."""

from __future__ import annotations

import sys
from pathlib import Path

from auctionhouse.envs import encoded_games, encoding_for
from auctionhouse.games import get_game

DOCS = Path(__file__).parents[1] / "docs" / "encodings"
BEGIN, END = "<!-- tables:begin (scripts/envs_tables.py) -->", "<!-- tables:end -->"


def pages() -> dict[str, Path]:
    """Each encoded game's page."""
    return {name: DOCS / f"{name}.md" for name in encoded_games()}


def head(name: str) -> str:
    """What a new page says above its tables."""
    title = get_game(name).title
    return (
        f"# {title}: the encoding (`{name}`)\n\n"
        f"What a seat's observation vector holds and what each action id means, for\n"
        f'`auctionhouse.envs.encoding_for("{name}", players)`; how to use it: '
        "[envs.md](../envs.md).\n"
        "Generated from the code by `python scripts/envs_tables.py` (a test checks that it is\n"
        "current).\n\n"
    )


def tables(name: str) -> str:
    game = get_game(name)
    ref = game.max_players
    enc = encoding_for(game, ref)
    each = [encoding_for(game, n) for n in range(game.min_players, game.max_players + 1)]
    sizes = ", ".join(f"{e.players}: {e.size} / {e.num_actions}" for e in each)
    out = [
        f"Observation size / actions by player count: {sizes}.",
        "",
        (sys.modules[type(enc).__module__].__doc__ or "").strip(),
        "",
        f"## Observation features at {ref} players",
        "",
        enc.feature_table(),
        "",
        f"## Actions at {ref} players",
        "",
        enc.actions_text.strip(),
        "",
        enc.action_table(),
        "",
    ]
    return "\n".join(out)


def render(text: str, name: str) -> str:
    """`text` (a page) with the tables of `name` between its markers."""
    top, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    return f"{top}{BEGIN}\n{tables(name)}{END}{tail}"


def main() -> int:
    stale = []
    for name, path in pages().items():
        text = path.read_text() if path.exists() else f"{head(name)}{BEGIN}\n{END}\n"
        new = render(text, name)
        if new == text:
            continue
        stale.append(path)
        if "--check" not in sys.argv[1:]:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(new)
    if stale and "--check" in sys.argv[1:]:
        print(f"out of date: {', '.join(map(str, stale))}: run python scripts/envs_tables.py")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
