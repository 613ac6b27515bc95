"""Write docs/events.md, the public events of every built-in game, from their declarations
(games/<g>/events.py and the shared names in core/events.py); with --check say whether the page
is current (exit 1 if not)."""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

from auctionhouse.core import events
from auctionhouse.games import all_games

PAGE = Path(__file__).parents[1] / "docs" / "events.md"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def game_section(game) -> str:
    schemas = events.declared(game)
    assert schemas is not None, f"{game.name} declares no events"
    module = sys.modules[next(iter(schemas.values())).__module__]
    out = [
        f"## {game.title}: `{game.name}`",
        "",
        # the docstring less its first paragraph (what every game's says)
        " ".join((module.__doc__ or "").partition("\n\n")[2].split()),
        "",
        "| event | fields | what happened |",
        "|---|---|---|",
    ]
    for kind, schema in schemas.items():
        fields = ", ".join(
            f"`{name}`: {events.type_name(t)}" for name, t in events.fields(schema).items()
        )
        out.append(f"| `{kind}` | {_cell(fields) or '-'} | {_cell(inspect.getdoc(schema) or '')} |")
    return "\n".join(out) + "\n"


def render() -> str:
    """The page as the declarations have it."""
    shared = (events.__doc__ or "").strip().split("\n\n")
    games = [g for g in all_games() if type(g).__module__.startswith("auctionhouse.games.")]
    head = [
        "# Public events",
        "",
        "Every view's `log` is a list of public events, oldest first, the same for every seat",
        "(docs/protocol.md). This page lists each game's; it is generated from the declarations",
        "by `python scripts/events_table.py` (a test checks that it is current).",
        "",
        "## The shared names",
        "",
        "\n\n".join(shared[1:-1]),
        "",
    ]
    return "\n".join(head) + "\n" + "\n".join(game_section(g) for g in games)


def main() -> int:
    text = render()
    if PAGE.exists() and PAGE.read_text() == text:
        return 0
    if "--check" in sys.argv[1:]:
        print(f"out of date: {PAGE}: run python scripts/events_table.py")
        return 1
    PAGE.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
