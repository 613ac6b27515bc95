"""A game between one person at the keyboard and bots, shown with rich.

Only the person's seat's view is ever drawn; the moves offered are that seat's legal moves.
However the game ends (over, quit, Ctrl+C, end of input), its record is saved.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from ..bots import make_bot
from ..bots.candidates import split_points
from ..core import AuctionhouseError, Game, IllegalMove, MoveKind, derive_seed
from ..core.files import ready_folder
from ..core.players import Observation

HELP = """Type the number of a choice, then an amount when asked (Enter takes the one shown in
brackets). Other commands: help (this text), history (every public event so far), view (the
table again), quit (stop; the game so far is saved)."""


class Quit(Exception):
    pass


class TerminalGame:
    def __init__(
        self,
        game: Game,
        players: int,
        seat: int,
        bot_specs: list[str],
        seed: int,
        options: dict | None = None,
        records_dir: Path = Path("records"),
        console: Console | None = None,
        ask: Callable[[str], str] | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self.console = console or Console()
        self.ask = ask or self.console.input
        self.records_dir = records_dir
        self.interrupted = False  # set when Ctrl+C ended the game
        self.state = game.new_state(players, options, seed=seed)
        self.bots = {}
        others = [p for p in range(players) if p != seat]
        specs = bot_specs * len(others) if len(bot_specs) == 1 else bot_specs
        if len(specs) != len(others):
            from ..core import OptionError

            raise OptionError(
                f"give one bot for all {len(others)} other seats or one each, not {len(bot_specs)}"
            )
        for p, spec in zip(others, specs, strict=True):
            self.bots[p] = make_bot(spec, game, derive_seed(seed, f"terminal/{p}"))
        self.shown = 0  # log entries already printed
        ready_folder(records_dir, "records folder")  # before the game, not after it

    # --- the loop --------------------------------------------------------------------------
    def run(self) -> Path:
        """Play to the end or until the person leaves; the record's path. Ctrl+C and the end of
        input leave the table too (`interrupted` tells Ctrl+C)."""
        s = self.state
        self.console.print(
            f"[bold]{self.game.title}[/] with {s.num_players} players; you are seat {self.seat}. "
            "Type help for help."
        )
        try:
            while not s.is_over():
                p = s.next_actor()
                if p == self.seat:
                    self.show()
                    self.turn()
                else:
                    obs = Observation(s, p, s.legal_moves(p))
                    s.apply(p, self.bots[p].act(obs))
        except Quit:
            self.console.print("You left the table.")
        except EOFError:
            self.console.print()  # the prompt's line
            return self.save("input ended: ")
        except KeyboardInterrupt:
            self.interrupted = True
            self.console.print()
            return self.save("interrupted: ")
        self.show()
        if s.is_over():
            self.show_result()
        return self.save()

    def turn(self) -> None:
        legal = self.state.legal_moves(self.seat)
        options = self.options(legal)
        while True:
            self.console.print(
                "  ".join(
                    f"[bold cyan]{i}[/] {label}" for i, (label, _, _) in enumerate(options, 1)
                )
            )
            answer = self.ask("your move> ").strip().lower()
            if answer in ("help", "?"):
                self.console.print(HELP)
                continue
            if answer == "history":
                self.show_log(0)
                continue
            if answer == "view":
                self.show(all_lines=True)
                continue
            if answer in ("quit", "exit", "q"):
                raise Quit
            if not answer.isdigit() or not 1 <= int(answer) <= len(options):
                self.console.print(
                    f"[yellow]{escape(repr(answer))} is not a choice: type a number from 1 to "
                    f"{len(options)}, or help[/]"
                )
                continue
            _, mk, arg = options[int(answer) - 1]
            if arg is _ASK:
                arg = self.ask_argument(mk)
                if arg is None:
                    continue
            try:
                self.state.apply(self.seat, (mk.kind, arg))
                return
            except IllegalMove as e:
                self.console.print(f"[yellow]refused: {e.reason} ({e.rule})[/]")

    def options(self, legal: list[MoveKind]) -> list[tuple[str, MoveKind, object]]:
        out = []
        for mk in legal:
            if mk.choices is not None:
                for c in mk.choices:
                    out.append((self.words((mk.kind, c)), mk, c))
            elif mk.parts is not None:
                out.append((f"{mk.kind} (amounts over {len(mk.parts)} lots)", mk, _ASK))
            elif mk.lo is not None:
                top = "no limit" if mk.hi is None else mk.hi
                out.append((f"{mk.kind} ({mk.lo} to {top})", mk, _ASK))
            else:
                out.append((self.words((mk.kind, None)), mk, None))
        return out

    def ask_argument(self, mk: MoveKind):
        """An amount (or a split) typed by the person; None goes back to the choices."""
        if mk.parts is not None:
            ranges = ", ".join(f"0 or {lo}-{hi}" for lo, hi in mk.parts)
            default = ",".join(map(str, split_points(mk)[0]))
            text = self.read(f"amounts per lot ({ranges}; total {mk.lo}-{mk.hi}) [{default}]> ")
            text = text or default
            try:
                arg = tuple(int(x) for x in text.replace(" ", "").split(","))
            except ValueError:
                self.console.print("[yellow]write whole numbers separated by commas, e.g. 1,0,2[/]")
                return None
            if not mk.accepts(arg):
                self.console.print(
                    f"[yellow]{escape(text)} does not fit: {len(mk.parts)} amounts, each {ranges}, "
                    f"adding up to {mk.lo}-{mk.hi}[/]"
                )
                return None
            return arg
        top = "no limit" if mk.hi is None else str(mk.hi)
        text = self.read(f"amount {mk.lo} to {top} [{mk.lo}]> ")
        if not text:
            return mk.lo
        if not text.lstrip("-").isdigit():
            self.console.print(f"[yellow]{escape(repr(text))} is not a whole number[/]")
            return None
        amount = int(text)
        if amount < mk.lo or (mk.hi is not None and amount > mk.hi):
            self.console.print(f"[yellow]{amount} is out of range: enter {mk.lo} to {top}[/]")
            return None
        return amount

    def read(self, prompt: str) -> str:
        return self.ask(prompt).strip()

    # --- drawing ---------------------------------------------------------------------------
    def personal(self, text: str) -> str:
        return re.sub(rf"\bseat {self.seat}\b", f"seat {self.seat} (you)", text)

    def words(self, move) -> str:
        return self.game.describe_move(move)

    def show(self, all_lines: bool = False) -> None:
        view = self.state.view(self.seat)
        self.show_log(self.shown)
        self.shown = len(view["log"])
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold")
        grid.add_column()
        for label, text in self.game.describe_view(view):
            grid.add_row(label, self.personal(text))
        actors = ", ".join("you" if a == self.seat else f"seat {a}" for a in view["actors"]) or "-"
        title = f"{self.game.title} · {view['phase'].replace('_', ' ')} · to act: {actors}"
        self.console.print(Panel(grid, title=title, expand=False))

    def seat_name(self, p: int) -> str:
        """A seat in the log's sentences: "seat 2", "seat 0 (you)"."""
        return f"seat {p} (you)" if p == self.seat else f"seat {p}"

    def show_log(self, start: int) -> None:
        for e in self.state.view(self.seat)["log"][start:]:
            text = self.game.describe_event(e, self.seat_name)
            self.console.print(f"  · {escape(text)}", soft_wrap=True)

    def show_result(self) -> None:
        res = self.state.result()
        table = Table(title="Result")
        table.add_column("seat")
        table.add_column("score", justify="right")
        for p, score in enumerate(res.scores):
            who = "you" if p == self.seat else f"seat {p} ({escape(self.bots[p].spec())})"
            mark = " winner" if p in res.winners else ""
            table.add_row(who + mark, str(score))
        self.console.print(table)

    def save(self, lead: str = "") -> Path:
        """Write the record as the game stands; one line says where (after `lead`)."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.records_dir / f"{self.game.name}-{stamp}-seat{self.seat}.json"
        rec = self.state.record()
        rec["bots"] = [
            "(you)" if p == self.seat else self.bots[p].spec()
            for p in range(self.state.num_players)
        ]
        try:
            self.records_dir.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(rec, separators=(",", ":")), encoding="utf-8")
        except OSError as e:
            raise AuctionhouseError(f"cannot save the record {path}: {e.strerror or e}") from None
        self.console.print(f"{lead}record saved to {escape(str(path))}", soft_wrap=True)
        return path


_ASK = object()  # this option's argument is typed in
