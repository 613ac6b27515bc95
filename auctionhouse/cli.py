"""The command line: games, simulate, replay, bench."""

from __future__ import annotations

import contextlib
import functools
import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from .core import AuctionhouseError, load_record, parse_option_args, replay
from .games import all_games, get_game

app = typer.Typer(
    help="Play, simulate and study auction board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
err = Console(stderr=True)

# Arguments and options that several commands share.
GameArg = Annotated[str, typer.Argument(help="Game name, see `auctionhouse games`.")]
PlayersOpt = Annotated[int, typer.Option("--players", "-p", help="Number of players (seats).")]
OptionOpt = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="Game option key=value (repeatable).")
]
DeckOpt = Annotated[
    Path | None, typer.Option(help="Deck file (JSON or TOML) for games with a deck option.")
]
BackendOpt = Annotated[str, typer.Option(help="Where games run: local or ray.")]
AddressOpt = Annotated[
    str | None, typer.Option(help="Ray cluster address (ray backend); default: start one.")
]


def fail(message: str) -> None:
    err.print(f"[bold red]error:[/] {message}", highlight=False, soft_wrap=True)
    raise typer.Exit(2)


def command(*args, **kwargs):
    """`app.command`, with the package's errors turned into a one-line message and exit code 2."""

    def register(fn):
        @functools.wraps(fn)
        def run(*a, **kw):
            try:
                return fn(*a, **kw)
            except AuctionhouseError as e:
                fail(str(e))

        return app.command(*args, **kwargs)(run)

    return register


def game_options(game_name: str, option: list[str], deck: Path | None) -> tuple:
    game = get_game(game_name)
    opts: dict = parse_option_args(option or [])
    if deck is not None:
        if not any(o.name == "deck" for o in game.options):
            fail(f"{game.name} has no deck option")
        opts["deck"] = str(deck)
    return game, opts


@command()
def games() -> None:
    """List the games with their player counts and options."""
    table = Table(title="Games")
    table.add_column("game", style="bold")
    table.add_column("players")
    table.add_column("options")
    for g in all_games():
        opts = "\n".join(o.describe() for o in g.options) or "-"
        table.add_row(f"{g.name}\n[dim]{g.title}[/]", f"{g.min_players}-{g.max_players}", opts)
    console.print(table)


@command()
def simulate(
    game: GameArg,
    players: PlayersOpt = 4,
    games_: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the whole series.")] = 1,
    bots: Annotated[
        str, typer.Option(help="One bot for all seats, or a comma list, one per seat.")
    ] = "random",
    option: OptionOpt = None,
    deck: DeckOpt = None,
    records: Annotated[
        Path | None, typer.Option(help="Write each game's record into this folder.")
    ] = None,
    workers: Annotated[int, typer.Option(help="Worker processes (local backend).")] = 1,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object and nothing else.")
    ] = False,
) -> None:
    """Play GAMES games between bots and report wins and mean scores per seat."""
    from .arena.runner import prepare
    from .arena.runner import simulate as run

    if games_ < 1:
        fail("--games must be at least 1")
    g, opts = game_options(game, option, deck)
    opts, specs = prepare(g, players, bots.split(","), opts)
    extra = {"workers": workers, "backend": backend, "address": address}
    if as_json:
        summary = run(g, players, games_, seed, specs, opts, records, **extra)
        print(json.dumps(summary))
        return
    with progress_bar(f"{g.name} x{players}", games_) as advance:
        summary = run(g, players, games_, seed, specs, opts, records, advance, **extra)
    table = Table(title=f"{g.title}: {games_} games, {players} players, seed {seed}")
    for col in ("seat", "bot", "wins", "win %", "mean score"):
        table.add_column(col, justify="right" if col != "bot" else "left")
    for s in summary["seats"]:
        table.add_row(
            str(s["seat"]),
            s["bot"],
            f"{s['wins']:g}",
            f"{100 * s['wins'] / games_:.1f}",
            f"{s['mean_score']:.1f}",
        )
    console.print(table)
    console.print(
        f"{summary['games_per_second']:.0f} games/s, {summary['moves_per_game']:.0f} moves/game, "
        f"{summary['seconds']:.2f} s"
    )


@command()
def play(
    game: GameArg,
    players: PlayersOpt = 4,
    seat: Annotated[int, typer.Option(help="Your seat, 0 to players-1.")] = 0,
    bots: Annotated[
        str | None,
        typer.Option(help="Bots for the other seats: one for all, or one per seat in order."),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed of the deal (random if not given).")
    ] = None,
    option: OptionOpt = None,
    deck: DeckOpt = None,
    records: Annotated[Path, typer.Option(help="Folder for the game's record.")] = Path("records"),
) -> None:
    """Play one game in the terminal against bots (type help at any prompt)."""
    import random

    from .terminal import TerminalGame

    g, opts = game_options(game, option, deck)
    if not 0 <= seat < players:
        fail(f"--seat must be a seat from 0 to {players - 1}, not {seat}")
    if bots is None:
        bots = "heuristic" if "heuristic" in g.bots() else "random"
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    TerminalGame(g, players, seat, bots.split(","), seed, opts, records, console).run()


@contextlib.contextmanager
def progress_bar(title: str, total: int):
    """A progress bar with ETA on stderr; yields the function that advances it."""
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=err, transient=True) as progress:
        task = progress.add_task(title, total=total)
        yield lambda n=1: progress.advance(task, n)


@command()
def tournament(
    game: GameArg,
    bots: Annotated[
        str,
        typer.Option(help="Competitors, comma-separated, e.g. heuristic,random,ismcts:seconds=1"),
    ],
    players: PlayersOpt = 4,
    games_: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the tournament.")] = 1,
    option: OptionOpt = None,
    deck: DeckOpt = None,
    workers: Annotated[int, typer.Option(help="Worker processes or Ray tasks in flight.")] = 0,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    out: Annotated[Path | None, typer.Option(help="Write results to OUT.json and OUT.csv.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
) -> None:
    """Bots against each other over seatings balanced by permutation: win shares with 95%
    intervals and openskill ratings. Same seed, same results, whatever the workers or backend."""
    from .arena.backends import default_workers
    from .arena.tournament import tournament as run
    from .arena.tournament import write_results

    if games_ < 1:
        fail("--games must be at least 1")
    g, opts = game_options(game, option, deck)
    specs = [b for b in bots.split(",") if b.strip()]
    w = workers or default_workers()
    if as_json:
        result = run(g, players, specs, games_, seed, opts, w, backend, address)
    else:
        with progress_bar(f"{g.name} tournament", games_) as advance:
            result = run(g, players, specs, games_, seed, opts, w, backend, address, advance)
    paths = write_results(result, out) if out is not None else []
    if as_json:
        print(json.dumps(result))
        return
    table = Table(title=f"{g.title}: {games_} games, {players} seats, seed {seed}")
    for col in ("bot", "games", "win share", "95% interval", "mean score", "rating (mu ± sigma)"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for r in sorted(result["bots"], key=lambda r: -r["rating"]["ordinal"]):
        lo, hi = r["ci95"]
        table.add_row(
            r["bot"], str(r["games"]), f"{100 * r['win_share']:.1f}%",
            f"{100 * lo:.1f}-{100 * hi:.1f}%", f"{r['mean_score']:.1f}",
            f"{r['rating']['mu']:.1f} ± {r['rating']['sigma']:.1f}",
        )  # fmt: skip
    console.print(table)
    console.print(
        f"fair share {100 * result['fair_share']:.0f}%; {result['games_per_second']:.1f} games/s "
        f"with {w} worker(s) on {backend}"
    )
    for path in paths:
        console.print(f"wrote {path}")


@command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="A record written by simulate, play or the server.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Replay a record, check every move, and print the result."""
    rec = load_record(file)
    g = get_game(str(rec.get("game")))
    state = replay(g, rec)
    res = state.result()
    out = {
        "game": g.name,
        "over": state.is_over(),
        "scores": list(res.scores) if res else list(state.scores()),
        "winners": list(res.winners) if res else [],
    }
    if as_json:
        print(json.dumps(out))
        return
    console.print(
        f"{g.title}: {len(state.history)} moves replayed, game {'over' if out['over'] else 'not over'}"
    )
    for p, score in enumerate(out["scores"]):
        mark = " [bold green]winner[/]" if p in out["winners"] else ""
        console.print(f"  seat {p}: {score}{mark}")


@command()
def bench(
    game: Annotated[
        list[str] | None, typer.Option("--game", "-g", help="Only these games.")
    ] = None,
    players: Annotated[
        int, typer.Option("--players", "-p", help="Players per game (capped to each game's range).")
    ] = 4,
    seconds: Annotated[float, typer.Option(help="Seconds of play per game.")] = 3.0,
    ismcts: Annotated[bool, typer.Option(help="Also measure ISMCTS iterations per second.")] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Random-playout speed of each game (games/s and microseconds per move, the moves timed;
    the deal timed apart), and ISMCTS iterations per second."""
    from .arena.bench import bench_game, bench_ismcts

    chosen = [get_game(n) for n in game] if game else all_games()
    rows = []
    for g in chosen:
        n = min(max(players, g.min_players), g.max_players)
        if not as_json:
            err.print(f"benchmarking {g.name} ({n} players, {seconds:g} s)...")
        row = bench_game(g, n, seconds)
        if ismcts:
            row["ismcts_iterations_per_second"] = bench_ismcts(g, n, seconds)
        rows.append(row)
    if as_json:
        print(json.dumps(rows))
        return
    table = Table(title="Random playouts, one core")
    cols = ("game", "players", "games", "games/s", "moves/game", "us/move", "deal us")
    for col in (*cols, "games/s with deal", "ismcts it/s"):
        table.add_column(col, justify="left" if col == "game" else "right")
    for r in rows:
        its = r.get("ismcts_iterations_per_second")
        table.add_row(
            r["game"],
            str(r["players"]),
            str(r["games"]),
            f"{r['games_per_second']:.0f}",
            f"{r['moves_per_game']:.0f}",
            f"{r['us_per_move']:.2f}",
            f"{r['deal_us']:.1f}",
            f"{r['games_per_second_with_deal']:.0f}",
            "-" if its is None else f"{its:.0f}",
        )
    console.print(table)


@command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            help="SQLAlchemy URL, e.g. postgresql+psycopg://user:pass@host/db "
            "(default: a SQLite file in your user data folder)."
        ),
    ] = None,
    bot_delay: Annotated[float, typer.Option(help="Seconds a bot waits before it moves.")] = 0.8,
    sqlite_synchronous: Annotated[
        str,
        typer.Option(
            help="SQLite only: FULL syncs every move to disk before it is shown (survives a power "
            "cut); NORMAL survives a killed server but may lose the last moves to a power cut."
        ),
    ] = "FULL",
    log_level: Annotated[str, typer.Option(help="debug, info, warning or error.")] = "info",
) -> None:
    """Run the multiplayer game server: HTTP API and WebSockets (see docs/server.md). Unfinished
    tables resume from the database."""
    from .server import Settings
    from .server import serve as run

    if bot_delay < 0:
        fail("--bot-delay must not be negative")
    if sqlite_synchronous.upper() not in ("FULL", "NORMAL"):
        fail(f"--sqlite-synchronous is FULL or NORMAL, not {sqlite_synchronous!r}")
    settings = Settings(
        database_url=database_url,
        bot_delay=bot_delay,
        sqlite_synchronous=sqlite_synchronous.upper(),
    )
    run(host, port, settings, log_level)


def main() -> None:
    app()
