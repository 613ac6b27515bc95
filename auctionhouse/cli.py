"""The command line: games, simulate, play, tournament, study, replay, bench, serve.

Bad input of any kind ends in one line on stderr and exit code 2: the package's errors through
`fail`, typer's usage errors through `OneLineErrors`.
"""

from __future__ import annotations

import contextlib
import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

from .arena.limits import MAX_BENCH_SECONDS, MAX_GAMES, MAX_WORKERS
from .core import AuctionhouseError, load_record, parse_option_args, replay
from .games import all_games, get_game
from .server.settings import Settings

console = Console()
err = Console(stderr=True)
SERVER = Settings()  # the server's defaults, shown in `serve --help`

# typer raises click's exceptions (its own copy of click since typer 0.26) and exports only some:
# their common base is found from one it exports
_CLICK_ERROR = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")


def print_error(message: str) -> None:
    """`error: message` on one line of stderr, the message taken literally (no rich markup)."""
    line = " ".join(str(message).split())
    err.print(Text.assemble(("error:", "bold red"), " ", line), soft_wrap=True, highlight=False)


def fail(message: str) -> NoReturn:
    print_error(message)
    raise typer.Exit(2)


class OneLineErrors(TyperGroup):
    """Typer's command group, printing a usage error (a missing argument, a value out of range)
    as one line where typer draws the usage and a box."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            # not standalone: errors come out as exceptions, an exit as its code (commands
            # return nothing else)
            code = super().main(args, prog_name, complete_var, False, **extra)
        except _CLICK_ERROR as e:
            if type(e).__name__ != "NoArgsIsHelpError":  # else the help is printed already
                ctx = getattr(e, "ctx", None)
                hint = f" (see {ctx.command_path} --help)" if ctx is not None else ""
                print_error(e.format_message() + hint)
            sys.exit(e.exit_code)
        except typer.Abort:
            print_error("aborted")
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    cls=OneLineErrors,
    help="Play, simulate and study auction board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


# --- checks typer runs on option values (a failure is a usage error) ----------------------------
def between(lo: float, hi: float, *, above: bool = False, unit: str = "seconds") -> Callable:
    """A number from `lo` (or above it) to `hi`, finite."""

    def check(value: float | None) -> float | None:
        too_low = value is not None and (value <= lo if above else value < lo)
        if value is not None and (too_low or not value <= hi):  # `not <=` also catches nan
            low = f"more than {lo:g}" if above else f"at least {lo:g}"
            raise typer.BadParameter(f"must be {low} and at most {hi:g} {unit}, not {value}")
        return value

    return check


def one_of(*choices: str) -> Callable:
    def check(value: str | None) -> str | None:
        if value is not None and value not in choices:
            allowed = ", ".join(choices[:-1]) + f" or {choices[-1]}"
            raise typer.BadParameter(f"use {allowed}, not {value!r}")
        return value

    return check


def share_option(help: str):
    """An option holding a share of the games, from 0 to 1."""
    return typer.Option(callback=between(0, 1, unit="(a share of the games)"), help=help)


# Arguments and options that several commands share.
GameArg = Annotated[str, typer.Argument(help="Game name, see `auctionhouse games`.")]
PlayersOpt = Annotated[int, typer.Option("--players", "-p", help="Number of players (seats).")]
GamesOpt = Annotated[
    int, typer.Option("--games", "-n", min=1, max=MAX_GAMES, help="Number of games.")
]
OptionOpt = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="Game option key=value (repeatable).")
]
DeckOpt = Annotated[
    Path | None,
    typer.Option(help="Deck file (JSON or TOML, at most 1 MiB) for games with a deck option."),
]
BackendOpt = Annotated[
    str, typer.Option(callback=one_of("local", "ray"), help="Where games run: local or ray.")
]
WorkersOpt = Annotated[
    int | None,
    typer.Option(
        min=1,
        max=MAX_WORKERS,
        help="Worker processes or Ray tasks in flight (default: one per core).",
    ),
]
AddressOpt = Annotated[
    str | None,
    typer.Option(help="Ray cluster address, host:port (ray backend); default: start one."),
]


def seed_option(help: str):
    return typer.Option(min=0, max=2**63 - 1, help=help)


def command(*args, **kwargs):
    """`app.command`, with the package's errors (and files that cannot be written) turned into
    a one-line message and exit code 2."""

    def register(fn):
        @functools.wraps(fn)
        def run(*a, **kw):
            try:
                return fn(*a, **kw)
            except AuctionhouseError as e:
                fail(str(e))
            except OSError as e:
                where = f" ({e.filename})" if e.filename else ""
                fail(f"{e.strerror or e}{where}")

        return app.command(*args, **kwargs)(run)

    return register


def check_address(backend: str, address: str | None) -> None:
    if address is not None and backend != "ray":
        fail("--address is the Ray cluster's: give it with --backend ray")


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
    games_: GamesOpt = 100,
    seed: Annotated[int, seed_option("Seed of the whole series.")] = 1,
    bots: Annotated[
        str, typer.Option(help="One bot for all seats, or a comma list, one per seat.")
    ] = "random",
    option: OptionOpt = None,
    deck: DeckOpt = None,
    records: Annotated[
        Path | None, typer.Option(help="Write each game's record into this folder.")
    ] = None,
    workers: Annotated[
        int, typer.Option(min=1, max=MAX_WORKERS, help="Worker processes (local backend).")
    ] = 1,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object and nothing else.")
    ] = False,
) -> None:
    """Play GAMES games between bots and report wins and mean scores per seat."""
    from .arena.runner import prepare
    from .arena.runner import simulate as run

    check_address(backend, address)
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
            escape(s["bot"]),
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
    seed: Annotated[int | None, seed_option("Seed of the deal (random if not given).")] = None,
    option: OptionOpt = None,
    deck: DeckOpt = None,
    records: Annotated[Path, typer.Option(help="Folder for the game's record.")] = Path("records"),
) -> None:
    """Play one game in the terminal against bots (type help at any prompt). The record is saved
    however the game ends: over, quit, the end of input, or Ctrl+C (then the exit code is 130)."""
    import random

    from .terminal import TerminalGame

    g, opts = game_options(game, option, deck)
    opts = g.resolve(players, opts)  # the player count first: the seats depend on it
    if not 0 <= seat < players:
        fail(f"--seat must be a seat from 0 to {players - 1}, not {seat}")
    if bots is None:
        bots = "heuristic" if "heuristic" in g.bots() else "random"
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    session = TerminalGame(g, players, seat, bots.split(","), seed, opts, records, console)
    session.run()
    if session.interrupted:
        raise typer.Exit(130)


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
    # not drawn when stderr is no terminal: there it would only leave an empty line
    with Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as progress:
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
    games_: GamesOpt = 100,
    seed: Annotated[int, seed_option("Seed of the tournament.")] = 1,
    option: OptionOpt = None,
    deck: DeckOpt = None,
    workers: WorkersOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    out: Annotated[Path | None, typer.Option(help="Write results to OUT.json and OUT.csv.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
) -> None:
    """Bots against each other over seatings balanced by permutation: win shares with 95%
    intervals and openskill ratings. Same seed, same results, whatever the workers or backend."""
    from .arena.backends import default_workers
    from .arena.tournament import result_paths, write_results
    from .arena.tournament import tournament as run

    check_address(backend, address)
    if out is not None:
        result_paths(out)  # a place the results cannot go is refused before the games
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
            escape(r["bot"]), str(r["games"]), f"{100 * r['win_share']:.1f}%",
            f"{100 * lo:.1f}-{100 * hi:.1f}%", f"{r['mean_score']:.1f}",
            f"{r['rating']['mu']:.1f} ± {r['rating']['sigma']:.1f}",
        )  # fmt: skip
    console.print(table)
    console.print(
        f"fair share {100 * result['fair_share']:.0f}%; {result['games_per_second']:.1f} games/s "
        f"with {w} worker(s) on {backend}"
    )
    for path in paths:
        console.print(f"wrote {escape(str(path))}", soft_wrap=True)


VS_HELP = (
    "Also play a second variant on the same seeds and compare: key=value, repeatable, changing "
    "players, bots or a game option (deck included), e.g. --vs players=3, "
    "--vs deck=docs/decks/seed-001.toml, --vs bots=heuristic,random,random,random, "
    "--vs open_cash=true."
)


@command()
def study(
    game: GameArg,
    players: PlayersOpt = 4,
    games_: Annotated[
        int,
        typer.Option("--games", "-n", min=1, max=MAX_GAMES, help="Games per variant."),
    ] = 1000,
    bots: Annotated[
        str, typer.Option(help="One bot for all seats, or a comma list, one per seat.")
    ] = "random",
    option: OptionOpt = None,
    deck: DeckOpt = None,
    vs: Annotated[list[str] | None, typer.Option(help=VS_HELP)] = None,
    seed: Annotated[
        int, seed_option("Seed of the study (both variants use its games' seeds).")
    ] = 1,
    workers: WorkersOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    out: Annotated[
        Path | None,
        typer.Option(
            help="Folder for report.html, summary.json and the CSV tables (default: study-GAME)."
        ),
    ] = None,
    skill: Annotated[
        str,
        typer.Option(
            help="STRONG,WEAK: the skill-versus-luck series put one STRONG bot against WEAK ones "
            "at every player count; 'none' skips it."
        ),
    ] = "heuristic,random",
    skill_games: Annotated[
        int,
        typer.Option(min=1, max=100_000, help="Games of the skill series at each player count."),
    ] = 400,
    rotate: Annotated[
        bool,
        typer.Option(
            help="Rotate the first player over the seats (--no-rotate: seat 1 always starts, so "
            "a fixed line-up's seats are also its turn order)."
        ),
    ] = True,
    records: Annotated[
        Path | None, typer.Option(help="Also write every game's record into this folder.")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the summary as JSON instead of the tables.")
    ] = False,
) -> None:
    """Balance lab: play many games and report seat advantage, score and length distributions,
    comebacks, skill versus luck and the game's own figures, with 95% intervals and tests;
    --vs compares a second variant. Writes OUT/report.html (self-contained), summary.json and
    CSV tables."""
    try:
        from .study.report import write_study
        from .study.run import Study, run_study, skill_series
        from .study.summary import summarize
        from .study.variants import make_variant, vs_variant
    except ImportError as e:
        fail(
            f"the study needs the study extra ({e.name} is missing): pip install 'auctionhouse[study]'"
        )
    from .arena.backends import default_workers
    from .core.files import ready_folder

    check_address(backend, address)
    g, raw = game_options(game, option, deck)
    folder = out if out is not None else Path(f"study-{g.name}")
    ready_folder(folder, "--out folder")
    specs = [b for b in bots.split(",") if b.strip()]
    variants = [make_variant(g, "A", players, specs, raw)]
    if vs:
        variants.append(vs_variant(g, raw, players, specs, vs))
    series = []
    if skill.strip().lower() != "none":
        pair = [b.strip() for b in skill.split(",")]
        if len(pair) != 2 or not all(pair):
            fail(f"--skill is STRONG,WEAK (two bots) or none, not {skill!r}")
        series = skill_series(g, pair[0], pair[1], raw)
    plan = Study(g, variants, games_, seed, rotate, series, skill_games, records)
    w = workers or default_workers()
    if as_json:
        results = run_study(plan, w, backend, address)
    else:
        with progress_bar(f"{g.name} study", plan.total_games) as advance:
            results = run_study(plan, w, backend, address, advance)
    summary = summarize(results)
    paths = write_study(summary, folder)
    if as_json:
        print(json.dumps(summary))
        return
    print_study(summary, paths)


def print_study(summary: dict, paths: list[Path]) -> None:
    vs = summary["variants"]
    for v in vs:
        table = Table(
            title=f"{summary['title']} {v['label']}: {escape(v['description'])}, {v['games']:,} games"
        )
        for col in ("turn order", "win share", "95% interval", "mean score"):
            table.add_column(col, justify="right")
        for s in v["seats"]:
            lo, hi = s["ci95"]
            table.add_row(str(s["position"]), f"{100 * s['win_share']:.1f}%",
                          f"{100 * lo:.1f}-{100 * hi:.1f}%", f"{s['mean_score']:.1f}")  # fmt: skip
        console.print(table)
        t = v["seat_test"]
        verdict = "[bold red]seats differ[/]" if t["significant"] else "no significant seat effect"
        console.print(f"seat test (chi-square, {t['df']} df): p = {_fmt(t['p'])}: {verdict}")
    comp = summary["comparison"]
    table = Table(title="Headline figures" + (" (B - A: Welch's t-test)" if comp else ""))
    table.add_column("figure")
    if comp:
        for col in ("A", "B", "B - A", "95% interval", "p"):
            table.add_column(col, justify="right")
        for r in comp["rows"]:
            lo, hi = r["ci95"]
            mark = "[bold red]" if r["significant"] else ""
            k = r["kind"]
            table.add_row(r["name"], _fmt(r["a"], k), _fmt(r["b"], k), _fmt(r["difference"], k),
                          f"{_fmt(lo, k)} to {_fmt(hi, k)}", f"{mark}{_fmt(r['p'])}")  # fmt: skip
    else:
        for col in ("mean", "95% interval"):
            table.add_column(col, justify="right")
        for h in vs[0]["headline"]:
            lo, hi = h["ci95"]
            k = h["kind"]
            table.add_row(h["name"], _fmt(h["mean"], k), f"{_fmt(lo, k)} to {_fmt(hi, k)}")
    console.print(table)
    for s in summary["skill"]:
        lo, hi = s["ci95"]
        console.print(
            f"skill: {escape(s['strong'])} vs {escape(s['weak'])} at {s['players']} players wins "
            f"{100 * s['win_share']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}%, fair "
            f"{100 * s['fair_share']:.0f}%), skill index {s['skill_index']:.2f}"
        )
    console.print(
        f"{summary['games_played']:,} games in {summary['seconds']:.1f} s "
        f"({summary['games_per_second']:.0f} games/s, {summary['workers']} worker(s) on "
        f"{summary['backend']})"
    )
    for path in paths:
        if path.suffix in (".html", ".json"):
            console.print(f"wrote {escape(str(path))}", soft_wrap=True)
    tables, figs = (sum(p.suffix == ext for p in paths) for ext in (".csv", ".svg"))
    console.print(f"and {tables} CSV tables beside them, {figs} figures (SVG) in figures/")


def _fmt(x, kind: str = "p") -> str:
    """A share as a percentage, a mean with 4 significant digits, a p-value with 3."""
    if x is None:
        return "-"
    if kind in ("share", "fraction"):
        return f"{100 * x:.1f}%"
    if kind == "p" and x < 1e-16:
        return "<1e-16"
    return f"{x:.4g}" if kind == "mean" else f"{x:.3g}"


@command("replay")
def replay_cmd(
    file: Annotated[
        Path,
        typer.Argument(help="A record written by simulate, play or the server (at most 16 MiB)."),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Replay a record, check every move, and print the result."""
    rec = load_record(file)
    g = get_game(str(rec.get("game")))
    state = replay(g, rec, others=all_games())
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
        int | None,
        typer.Option(
            "--players",
            "-p",
            help="Players per game (capped to each game's range; default 4, and with --envs "
            "every player count).",
        ),
    ] = None,
    seconds: Annotated[
        float,
        typer.Option(
            callback=between(0, MAX_BENCH_SECONDS, above=True), help="Seconds of play per game."
        ),
    ] = 3.0,
    ismcts: Annotated[bool, typer.Option(help="Also measure ISMCTS iterations per second.")] = True,
    envs: Annotated[
        bool,
        typer.Option(
            "--envs",
            help="Measure the research environments instead, against their targets: PettingZoo "
            "steps/s with random masked actions (at least 25,000), and the observation a step "
            "hands out against the engine move it follows, in microseconds (needs the envs "
            "extra).",
        ),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Random-playout speed of each game (games/s and microseconds per move, the moves timed;
    the deal timed apart), and ISMCTS iterations per second; with --envs, the speed of the
    PettingZoo environments."""
    from .arena.bench import bench_game, bench_ismcts

    chosen = [get_game(n) for n in game] if game else all_games()
    if envs:
        bench_environments(chosen, players, seconds, as_json)
        return
    rows = []
    for g in chosen:
        n = min(max(players or 4, g.min_players), g.max_players)
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


def bench_environments(chosen: list, players: int | None, seconds: float, as_json: bool) -> None:
    try:
        from .arena.envs_bench import STEPS_TARGET, bench_envs
    except ImportError as e:
        fail(
            f"the environments need the envs extra ({e.name} is missing): "
            "pip install 'auctionhouse[envs]'"
        )
    rows = []
    for g in chosen:
        counts = list(range(g.min_players, g.max_players + 1))
        if players is not None:
            counts = [min(max(players, g.min_players), g.max_players)]
        for n in counts:
            if not as_json:
                err.print(f"benchmarking the {g.name} environment ({n} players, {seconds:g} s)...")
            rows.append(bench_envs(g, n, seconds))
    if as_json:
        print(json.dumps(rows))
        return
    table = Table(
        title="Environments: random masked actions, one core (CPU time)",
        caption="µs per move: the engine's move, the tracker's observation, the floor (a call "
        "that only copies a vector), the view encoded afresh, the mask",
        box=box.SIMPLE_HEAD,
        collapse_padding=True,
        pad_edge=False,
    )
    cols = ("game", "players", "steps/s", f">= {STEPS_TARGET // 1000}k", "move", "obs.")
    cols += ("< move", "floor", "encode", "mask")
    for col in cols:
        table.add_column(col, justify="left" if col == "game" else "right", no_wrap=True)
    for r in rows:
        table.add_row(
            r["game"],
            str(r["players"]),
            f"{r['env_steps_per_second']:,.0f}",
            "yes" if r["steps_target_met"] else "NO",
            *(f"{r[k]:.2f}" for k in ("engine_move_us", "observation_us")),
            "yes" if r["observation_below_move"] else "NO",
            *(f"{r[k]:.2f}" for k in ("copy_floor_us", "view_encode_us", "mask_us")),
        )
    console.print(table)
    steps_ok = sum(r["steps_target_met"] for r in rows)
    obs_ok = sum(r["observation_below_move"] for r in rows)
    console.print(
        f"steps/s >= {STEPS_TARGET:,}: {steps_ok} of {len(rows)}; "
        f"observation < engine move: {obs_ok} of {len(rows)}"
    )


@command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            help="SQLAlchemy URL, e.g. postgresql+psycopg://user:pass@host/db "
            "(default: a SQLite file in your user data folder). Checked before the server starts."
        ),
    ] = None,
    bot_delay: Annotated[
        float,
        typer.Option(callback=between(0, 60), help="Seconds a bot waits before it moves."),
    ] = SERVER.bot_delay,
    sqlite_synchronous: Annotated[
        str,
        typer.Option(
            help="SQLite only: FULL syncs every move to disk before it is shown (survives a power "
            "cut); NORMAL survives a killed server but may lose the last moves to a power cut."
        ),
    ] = "FULL",
    log_level: Annotated[
        str,
        typer.Option(
            callback=one_of("debug", "info", "warning", "error"),
            help="debug, info, warning or error.",
        ),
    ] = "info",
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(
            help="Another site (scheme://host[:port]) whose pages may open WebSockets here "
            "(repeatable)."
        ),
    ] = None,
    allow_any_bot: Annotated[
        bool,
        typer.Option(
            "--allow-any-bot", help="Accept any bot spec on tables, not only the named levels."
        ),
    ] = SERVER.allow_any_bot,
    turn_timer: Annotated[
        float,
        typer.Option(
            callback=between(0, 86400),
            help="Seconds a person has for a move on tables that choose no timer (0: no timer).",
        ),
    ] = SERVER.default_turn_timer or 0,
    open_table_ttl: Annotated[
        float,
        typer.Option(
            callback=between(0, 30 * 86400, above=True),
            help="Seconds an open table nobody completes is kept.",
        ),
    ] = SERVER.open_table_ttl,
    bot_move_limit: Annotated[
        float,
        typer.Option(
            callback=between(0, 3600, above=True),
            help="Seconds a bot's move may take at most; past them a safe move is played for it.",
        ),
    ] = SERVER.bot_move_limit,
    bot_workers: Annotated[
        int, typer.Option(min=1, max=64, help="Processes that run the bots' moves.")
    ] = SERVER.bot_workers,
    quick_bot_workers: Annotated[
        int,
        typer.Option(
            min=0,
            max=64,
            help="More processes only for the levels that move at once (beginner, standard, "
            "learned), so that their moves never wait behind a search.",
        ),
    ] = SERVER.quick_bot_workers,
    bot_seconds_per_address: Annotated[
        float,
        typer.Option(
            callback=between(0, 3600),
            help="Think seconds of the slowest bot of each table an address has open or "
            "playing, summed, past which its new tables are refused (0: no cap).",
        ),
    ] = SERVER.bot_seconds_per_address,
    abandoned_after: Annotated[
        float,
        typer.Option(
            callback=between(0, 30 * 86400, above=True),
            help="Seconds a game may go on with no person connected before bots play for them.",
        ),
    ] = SERVER.abandoned_after,
    stall_after: Annotated[
        float,
        typer.Option(
            callback=between(0, 30 * 86400, above=True),
            help="Seconds a table may wait on a person (in all since their last move) before "
            "the others may hand their seat to the fallback bot.",
        ),
    ] = SERVER.stall_after,
    max_stall: Annotated[
        float,
        typer.Option(
            callback=between(0, 30 * 86400, above=True),
            help="Seconds of such waiting after which the fallback bot takes a seat over for "
            "good, whatever the turn timer.",
        ),
    ] = SERVER.max_stall,
    tables_per_minute: Annotated[
        int,
        typer.Option(min=0, max=1_000_000, help="New tables a minute per client address (0: any)."),
    ] = SERVER.tables_per_minute,
    joins_per_minute: Annotated[
        int,
        typer.Option(
            min=0, max=1_000_000, help="Seats joined a minute per client address (0: any)."
        ),
    ] = SERVER.joins_per_minute,
    open_tables_per_address: Annotated[
        int,
        typer.Option(
            min=0, max=1_000_000, help="Tables waiting for players per client address (0: any)."
        ),
    ] = SERVER.open_tables_per_address,
    max_open_tables: Annotated[
        int,
        typer.Option(
            min=0, max=1_000_000, help="Tables waiting for players from all addresses (0: any)."
        ),
    ] = SERVER.max_open_tables,
    live_tables_per_address: Annotated[
        int,
        typer.Option(
            min=0,
            max=1_000_000,
            help="Tables open or playing that one client address has made (0: any).",
        ),
    ] = SERVER.live_tables_per_address,
    connects_per_minute: Annotated[
        int,
        typer.Option(min=0, max=1_000_000, help="WebSocket connects a minute per seat (0: any)."),
    ] = SERVER.seat_connects_per_minute,
    players_per_minute: Annotated[
        int,
        typer.Option(
            min=0, max=1_000_000, help="New player identities a minute per client address (0: any)."
        ),
    ] = SERVER.players_per_minute,
    players_per_minute_total: Annotated[
        int,
        typer.Option(
            min=0, max=1_000_000, help="New player identities a minute from everyone (0: any)."
        ),
    ] = SERVER.players_per_minute_total,
    replays_per_minute: Annotated[
        int,
        typer.Option(
            min=0, max=1_000_000, help="Replays of finished games a minute per address (0: any)."
        ),
    ] = SERVER.replays_per_minute,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            help="A reverse proxy (address or network, e.g. 10.0.0.5 or 10.0.0.0/8) whose "
            "X-Forwarded-For names the client (repeatable; default: none, the client is the peer)."
        ),
    ] = None,
    ipv6_prefix: Annotated[
        int,
        typer.Option(
            min=32,
            max=128,
            help="Limits per address count an IPv6 client by its network of this many bits.",
        ),
    ] = SERVER.ipv6_prefix,
    request_timeout: Annotated[
        float,
        typer.Option(
            callback=between(0, 3600),
            help="Seconds a connection has to send a whole request (0: no limit).",
        ),
    ] = SERVER.request_timeout,
    idle_timeout: Annotated[
        float,
        typer.Option(
            callback=between(0, 3600, above=True),
            help="Seconds a kept-alive connection may wait for its next request.",
        ),
    ] = SERVER.idle_timeout,
    connections_per_address: Annotated[
        int,
        typer.Option(
            min=0, max=1_000_000, help="Connections one client address may hold at once (0: any)."
        ),
    ] = SERVER.connections_per_address,
    max_connections: Annotated[
        int | None,
        typer.Option(
            min=0,
            max=10_000_000,
            help="Connections open at once in all (0: any; default: the open-file limit less 100).",
        ),
    ] = SERVER.max_connections,
    rated_min_turn_timer: Annotated[
        float,
        typer.Option(
            callback=between(0, 86400),
            help="The shortest turn timer of a rated table, in seconds (it may also have none); "
            "practice tables may have any.",
        ),
    ] = SERVER.rated_min_turn_timer,
    rated_games_per_opponent: Annotated[
        int,
        typer.Option(
            min=0,
            max=1_000_000,
            help="Rated games a day that count between two people, or a person and an address "
            "(0: any).",
        ),
    ] = SERVER.rated_games_per_opponent,
    leaderboard_min_games: Annotated[
        int,
        typer.Option(
            min=0, max=1_000_000, help="Rated games a person needs to be on leaderboards."
        ),
    ] = SERVER.leaderboard_min_games,
    leaderboard_min_opponents: Annotated[
        int,
        typer.Option(
            min=0,
            max=1_000_000,
            help="Distinct opponents (bot levels count) a person needs to be on leaderboards.",
        ),
    ] = SERVER.leaderboard_min_opponents,
) -> None:
    """Run the multiplayer game server: HTTP API and WebSockets (see docs/server.md). Unfinished
    tables resume from the database. The address and the database are checked first."""
    from .server import serve as run
    from .server.preflight import check_database, check_listen, check_origin, check_proxy

    if sqlite_synchronous.upper() not in ("FULL", "NORMAL"):
        fail(f"--sqlite-synchronous is FULL or NORMAL, not {sqlite_synchronous!r}")
    if 0 < turn_timer < rated_min_turn_timer:
        fail(
            f"--turn-timer is 0 or at least --rated-min-turn-timer ({rated_min_turn_timer:g}), "
            f"not {turn_timer:g}: it is the timer of rated tables that choose none"
        )
    settings = Settings(
        database_url=database_url,
        bot_delay=bot_delay,
        sqlite_synchronous=sqlite_synchronous.upper(),
        allowed_origins=tuple(dict.fromkeys(check_origin(o) for o in allow_origin or ())),
        allow_any_bot=allow_any_bot,
        default_turn_timer=turn_timer or None,
        open_table_ttl=open_table_ttl,
        bot_move_limit=bot_move_limit,
        bot_workers=bot_workers,
        quick_bot_workers=quick_bot_workers,
        bot_seconds_per_address=bot_seconds_per_address,
        abandoned_after=abandoned_after,
        stall_after=stall_after,
        max_stall=max_stall,
        tables_per_minute=tables_per_minute,
        joins_per_minute=joins_per_minute,
        open_tables_per_address=open_tables_per_address,
        max_open_tables=max_open_tables,
        live_tables_per_address=live_tables_per_address,
        seat_connects_per_minute=connects_per_minute,
        players_per_minute=players_per_minute,
        players_per_minute_total=players_per_minute_total,
        replays_per_minute=replays_per_minute,
        trusted_proxies=tuple(dict.fromkeys(check_proxy(p) for p in trusted_proxy or ())),
        ipv6_prefix=ipv6_prefix,
        request_timeout=request_timeout,
        idle_timeout=idle_timeout,
        connections_per_address=connections_per_address,
        max_connections=max_connections,
        rated_min_turn_timer=rated_min_turn_timer,
        rated_games_per_opponent=rated_games_per_opponent,
        leaderboard_min_games=leaderboard_min_games,
        leaderboard_min_opponents=leaderboard_min_opponents,
    )
    check_listen(host, port)
    check_database(settings.url())
    run(host, port, settings, log_level)


@command()
def train(
    game: GameArg,
    players: PlayersOpt = 4,
    minutes: Annotated[
        float | None,
        typer.Option(
            callback=between(0, 7 * 24 * 60, above=True, unit="minutes"),
            help="Train this long (this call), stopping after the update under way "
            "(default: 10 minutes unless --updates is given).",
        ),
    ] = None,
    updates: Annotated[
        int | None,
        typer.Option(
            min=1, max=1_000_000, help="Train until this many updates in all (resumed or not)."
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(help="Folder of the run (default: train-GAME-Np); a new run needs it empty."),
    ] = None,
    resume: Annotated[
        Path | None, typer.Option(help="Go on with the run in this folder (its own settings).")
    ] = None,
    seed: Annotated[int, seed_option("Seed of the run: the same seed, same model.")] = 1,
    option: OptionOpt = None,
    deck: DeckOpt = None,
    games_per_update: Annotated[
        int, typer.Option(min=1, max=4096, help="Games played for each update.")
    ] = 64,
    teacher: Annotated[
        str, typer.Option(help="Bot imitated before self-play starts ('none': start blank).")
    ] = "heuristic",
    init: Annotated[
        Path | None,
        typer.Option(
            help="Start from this policy file (e.g. the shipped weights) instead of the warm start."
        ),
    ] = None,
    warm_games: Annotated[
        int, typer.Option(min=1, max=100_000, help="Games the teacher plays for the warm start.")
    ] = 1500,
    warm_epochs: Annotated[
        int, typer.Option(min=1, max=1000, help="Passes over the teacher's decisions.")
    ] = 8,
    outnumbered: Annotated[
        float,
        share_option(
            "Share of the games at tables where every seat is the learner's but one, drawn "
            "from the league."
        ),
    ] = 0.15,
    self_play: Annotated[
        float, share_option("Share of the games where every seat is the learner's.")
    ] = 0.4,
    same_table: Annotated[
        float,
        share_option(
            "Of the games with one learner seat: share where the other seats are all one kind "
            "of the league (else each seat is drawn on its own)."
        ),
    ] = 0.5,
    league: Annotated[
        str,
        typer.Option(
            help="Weights of the league's kinds for the seats not the learner's, e.g. "
            "heuristic=0.85,past=0.15 (kinds: past, heuristic, ismcts, random; kinds not named: "
            "0; default past=0.45,heuristic=0.4,ismcts=0.01,random=0.1).",
        ),
    ] = "",
    reward: Annotated[
        str,
        typer.Option(
            callback=one_of("mixed", "win"),
            help="The learner's reward at a game's end: mixed (half the share of the victory, "
            "half the score's place among the scores) or win (the share of the victory alone).",
        ),
    ] = "mixed",
    lr: Annotated[
        float,
        typer.Option(
            callback=between(0, 1, above=True, unit="(a learning rate)"),
            help="Learning rate of the updates (and of the warm start).",
        ),
    ] = 3e-4,
    target_kl: Annotated[
        float,
        typer.Option(
            callback=between(0, 10, unit="(an approximate KL)"),
            help="End an update's passes once the policy is this far (approximate KL) from the "
            "one that played its games; 0: never (PPO's usual guard is about 0.02).",
        ),
    ] = 0.0,
    expert: Annotated[
        str,
        typer.Option(
            help="Expert iteration instead of PPO: each update, this bot (e.g. "
            "ismcts:guide=learned, its guide the learner itself) labels decisions of the "
            "learner's games and the network imitates every label so far.",
        ),
    ] = "",
    expert_share: Annotated[
        float,
        typer.Option(
            callback=between(0, 1, above=True, unit="(a share of the decisions)"),
            help="With --expert: share of the learner's decisions the expert is asked about.",
        ),
    ] = 0.5,
    expert_epochs: Annotated[
        int, typer.Option(min=1, max=100, help="With --expert: passes over the labels a round.")
    ] = 3,
    expert_against: Annotated[
        str,
        typer.Option(
            help="With --expert: the bot in the other seats of its games; several, comma-"
            "separated: the tables take them in turn.",
        ),
    ] = "heuristic",
    device: Annotated[
        str,
        typer.Option(
            callback=one_of("auto", "cpu", "cuda"), help="Where updates run: auto, cpu or cuda."
        ),
    ] = "auto",
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            max=256,
            help="Processes playing the games (the same games and model with any number).",
        ),
    ] = 1,
) -> None:
    """Train a learned bot by self-play against a league (past versions of itself, heuristic,
    ismcts, random), after a warm start imitating TEACHER; or, with --expert, by expert
    iteration (the learner plays, the expert labels its decisions, the network imitates). Writes OUT/policy.npz (play it with
    the bot `learned:weights=OUT/policy.npz`), checkpoints, and the learning curve as CSV and
    PNG. Needs the train extra (PyTorch)."""
    try:
        from .train.display import open_run, train_with_display
    except ImportError as e:
        fail(
            f"training needs the train extra ({e.name} is missing): pip install 'auctionhouse[train]'"
        )
    if minutes is None and updates is None:
        minutes = 10.0
    from .train.league import parse_weights
    from .train.ppo import PPOSettings

    g, opts = game_options(game, option, deck)
    run = open_run(
        g, players, opts, out, resume, seed, games_per_update, teacher, warm_games,
        None if device == "auto" else device, init, workers, outnumbered, warm_epochs,
        PPOSettings(lr=lr, target_kl=target_kl),
        {
            "expert": expert, "expert_share": expert_share, "expert_epochs": expert_epochs,
            "expert_against": expert_against,
        },
        {
            "self_play": self_play, "same_table": same_table,
            "league_weights": parse_weights(league), "reward": reward,
        },
    )  # fmt: skip
    train_with_display(run, minutes, updates, console)


def main() -> None:
    app()
