"""A study's files: report.html (one self-contained page, figures inline), summary.json and the
CSV tables, all written into one folder."""

from __future__ import annotations

import csv
import json
from html import escape
from pathlib import Path

from ..core import AuctionhouseError
from ..core.files import ready_folder
from .plots import render
from .summary import DISTRIBUTIONS, figures


def write_study(summary: dict, out: Path) -> list[Path]:
    """Write every file of the study into `out` (made if missing): summary.json, the CSV
    tables, each figure as an SVG file in figures/, and report.html; the paths written."""
    ready_folder(out, "--out folder")
    paths = []
    drawn = draw(summary)
    try:
        (out / "figures").mkdir(exist_ok=True)
        for section, svgs in drawn.items():
            for i, svg in enumerate(svgs, 1):
                p = out / "figures" / f"{section}-{i}.svg"
                p.write_text(svg, encoding="utf-8")
                paths.append(p)
        p = out / "summary.json"
        p.write_text(json.dumps(summary, indent=2), encoding="utf-8")
        paths.append(p)
        for name, (columns, rows) in tables(summary).items():
            p = out / f"{name}.csv"
            with p.open("w", newline="", encoding="utf-8") as f:
                w = csv.writer(f)
                w.writerow(columns)
                w.writerows(rows)
            paths.append(p)
        p = out / "report.html"
        p.write_text(html(summary, drawn), encoding="utf-8")
        paths.append(p)
    except OSError as e:
        raise AuctionhouseError(
            f"cannot write the study: {e.strerror or e} ({e.filename})"
        ) from None
    return paths


def tables(summary: dict) -> dict[str, tuple[list[str], list[list]]]:
    """The CSV tables by file name: each row starts with its variant's label."""
    vs = summary["variants"]
    out: dict[str, tuple[list[str], list[list]]] = {
        "seats": (
            ["variant", "position", "games", "wins", "win_share", "ci95_low", "ci95_high",
             "mean_score"],
            [[v["label"], s["position"], s["games"], s["wins"], s["win_share"], *s["ci95"],
              s["mean_score"]] for v in vs for s in v["seats"]],
        ),
        "seat_test": (
            ["variant", "test", "statistic", "df", "p"],
            [[v["label"], v["seat_test"]["test"], v["seat_test"]["statistic"],
              v["seat_test"]["df"], v["seat_test"]["p"]] for v in vs],
        ),
        "headline": (
            ["variant", "figure", "name", "games", "mean", "ci95_low", "ci95_high", "sd"],
            [[v["label"], h["key"], h["name"], h["n"], h["mean"], *h["ci95"], h["sd"]]
             for v in vs for h in v["headline"]],
        ),
        "comeback": (
            ["variant", "round", "games", "leader_wins", "ci95_low", "ci95_high"],
            [[v["label"], c["round"], c["games"], c["leader_wins"], *c["ci95"]]
             for v in vs for c in v["comeback"]],
        ),
        "distributions": (
            ["variant", "figure", "value", "count"],
            [[v["label"], k, x, c] for v in vs for k in DISTRIBUTIONS
             for x, c in v["distributions"][k].items()],
        ),
    }  # fmt: skip
    if summary["comparison"]:
        out["comparison"] = (
            ["figure", "name", "a", "b", "difference", "ci95_low", "ci95_high", "p", "test"],
            [[r["key"], r["name"], r["a"], r["b"], r["difference"], *r["ci95"], r["p"], r["test"]]
             for r in summary["comparison"]["rows"]],
        )  # fmt: skip
    if summary["skill"]:
        out["skill"] = (
            ["players", "strong", "weak", "games", "win_share", "ci95_low", "ci95_high",
             "fair_share", "skill_index", "skill_ci95_low", "skill_ci95_high"],
            [[s["players"], s["strong"], s["weak"], s["games"], s["win_share"], *s["ci95"],
              s["fair_share"], s["skill_index"], *s["skill_ci95"]] for s in summary["skill"]],
        )  # fmt: skip
    for v in vs:
        for t in v["game"]["tables"]:
            columns, rows = out.setdefault(t["name"], (["variant", *t["columns"]], []))
            rows.extend([v["label"], *r] for r in t["rows"])
    return out


# --- the page -------------------------------------------------------------------------------
CSS = """
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#222;margin:0;background:#f6f6f3}
main{max-width:1080px;margin:0 auto;padding:24px 28px 60px;background:#fff}
h1{font-size:26px;margin:0 0 4px}h2{font-size:19px;margin:36px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}
h3{font-size:15px;margin:20px 0 6px}.muted{color:#666}.lead{font-size:16px}
table{border-collapse:collapse;margin:8px 0 14px;font-size:13px}
th,td{padding:4px 10px;border-bottom:1px solid #e4e4e4;text-align:right}
th:first-child,td:first-child{text-align:left}th{background:#f0f0ec;font-weight:600}
.figs{display:flex;flex-wrap:wrap;gap:10px}.figs svg{width:100%;max-width:520px;height:auto}
.sig{color:#b5485d;font-weight:600}.ok{color:#3b7a4a}.cards{display:flex;flex-wrap:wrap;gap:10px}
.card{border:1px solid #e0e0dc;border-radius:6px;padding:8px 12px;min-width:180px}
.card b{font-size:20px;display:block}.card span{font-size:12px;color:#666}
"""


def draw(summary: dict) -> dict[str, list[str]]:
    """Every figure of the report as SVG, by section (the game's own: game-A, game-B)."""
    specs = dict(figures(summary))
    for v in summary["variants"]:
        specs[f"game-{v['label']}"] = v["game"]["figures"]
    return {section: [render(s) for s in figs] for section, figs in specs.items()}


def html(summary: dict, figs: dict[str, list[str]]) -> str:
    vs = summary["variants"]
    body = [
        f"<h1>{escape(summary['title'])}: balance study</h1>",
        f"<p class=muted>{summary['games']:,} games per variant, seed {summary['seed']}; "
        f"{summary['games_played']:,} games played in {summary['seconds']:.1f} s "
        f"({summary['workers']} worker(s), {escape(summary['backend'])} backend). Intervals are "
        f"95%; tests at the {summary['level']:g} level. The first player "
        f"{'rotates over the seats' if summary['rotate'] else 'is always seat 1'}.</p>",
        "<ul>" + "".join(
            f"<li><b>{escape(v['label'])}</b>: {escape(v['description'])}; options "
            f"{escape(_options(v['options']))}</li>" for v in vs
        ) + "</ul>",
        _cards(vs[0]),
        _headline(summary),
        "<h2>Seat advantage (turn order)</h2>",
        _figs(figs["seats"]),
        *(_seats(v) for v in vs),
        "<h2>Scores, margins and game length</h2>",
        _figs(figs["distributions"]),
    ]  # fmt: skip
    if figs["comeback"]:  # known from the game's study module, where it has one
        body += [
            "<h2>Comebacks: does the leader after each round win?</h2>",
            "<p>The share of games won by the player leading after round r (a tie for the lead "
            "counts each leader's chance equally). Near the fair share, the lead means little; "
            "near 1, the game is decided early.</p>",
            _figs(figs["comeback"]),
        ]
    if summary["skill"]:
        body += ["<h2>Skill versus luck</h2>", _skill(summary["skill"]), _figs(figs["skill"])]
    for v in vs:
        g = v["game"]
        if not g["tables"] and not g["figures"]:
            continue  # a game without a study module
        body.append(f"<h2>{escape(summary['title'])}: what its designers look at "
                    f"({escape(v['label'])})</h2>")  # fmt: skip
        body.append(_figs(figs[f"game-{v['label']}"]))
        body += [_table(t["title"], t["columns"], t["rows"]) for t in g["tables"]]
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        f"<title>{escape(summary['title'])} balance study</title>"
        '<meta name=viewport content="width=device-width,initial-scale=1">'
        f"<style>{CSS}</style></head><body><main>{''.join(body)}</main></body></html>\n"
    )


def _options(opts: dict) -> str:
    return (
        ", ".join(f"{k}={'custom deck' if isinstance(v, dict) else v}" for k, v in opts.items())
        or "none"
    )


def _p(p) -> str:
    """A p-value; one too small for a float to tell from 0 is shown as a bound."""
    if p is None:
        return "-"
    return "< 1e-16" if p < 1e-16 else f"{p:.3g}"


def _pct(x) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _val(x, kind: str = "mean") -> str:
    if x is None:
        return "-"
    return _pct(x) if kind in ("share", "fraction") else f"{x:,.2f}"


def _cards(v: dict) -> str:
    first = v["seats"][0]
    t = v["seat_test"]
    verdict = "a seat effect" if t["significant"] else "no significant seat effect"
    cards = [
        ("first player's win share", f"{_pct(first['win_share'])}",
         f"95% {_pct(first['ci95'][0])}-{_pct(first['ci95'][1])}; fair {_pct(v['fair_share'])}"),
        ("seat test", f"p = {_p(t['p'])}", verdict),
    ]  # fmt: skip
    for h in v["headline"]:
        if h["key"] in ("moves", "rounds", "comeback", "margin"):
            cards.append((h["name"], _val(h["mean"], h["kind"]),
                          f"95% {_val(h['ci95'][0], h['kind'])}-{_val(h['ci95'][1], h['kind'])}"))  # fmt: skip
    return "<div class=cards>" + "".join(
        f"<div class=card><span>{escape(a)}</span><b>{escape(b)}</b><span>{escape(c)}</span></div>"
        for a, b, c in cards
    ) + "</div>"  # fmt: skip


def _headline(summary: dict) -> str:
    vs = summary["variants"]
    if summary["comparison"]:
        a, b = vs
        kinds = {h["key"]: h["kind"] for h in a["headline"]}
        rows = [
            [escape(r["name"]), _val(r["a"], kinds[r["key"]]), _val(r["b"], kinds[r["key"]]),
             _val(r["difference"], kinds[r["key"]]),
             f"{_val(r['ci95'][0], kinds[r['key']])} to {_val(r['ci95'][1], kinds[r['key']])}",
             escape(_p(r["p"])),
             "<span class=sig>changed</span>" if r["significant"] else "<span class=ok>-</span>"]
            for r in summary["comparison"]["rows"]
        ]  # fmt: skip
        return (
            "<h2>Headline figures: A against B</h2>"
            f"<p>B minus A, its 95% interval and p-value ({escape(summary['comparison']['test'])}; "
            "the games of both variants use the same seeds, which this test does not pair, so it "
            "errs on the cautious side).</p>"
            + _table("", ["figure", "A", "B", "B - A", "95% interval", "p", ""], rows, raw=True)
        )
    rows = [[h["name"], _val(h["mean"], h["kind"]),
             f"{_val(h['ci95'][0], h['kind'])} to {_val(h['ci95'][1], h['kind'])}", h["n"]]
            for h in vs[0]["headline"]]  # fmt: skip
    return "<h2>Headline figures</h2>" + _table(
        "", ["figure", "mean", "95% interval", "games"], rows
    )


def _seats(v: dict) -> str:
    t = v["seat_test"]
    rows = [[s["position"], f"{s['wins']:,.1f}", _pct(s["win_share"]),
             f"{_pct(s['ci95'][0])} to {_pct(s['ci95'][1])}", f"{s['mean_score']:,.2f}"]
            for s in v["seats"]]  # fmt: skip
    verdict = (
        f"<span class=sig>the seats differ</span> (p = {escape(_p(t['p']))} &lt; 0.05)"
        if t["significant"]
        else f"<span class=ok>no significant difference</span> (p = {escape(_p(t['p']))})"
    )
    out = _table(
        f"{v['label']}: {v['description']}",
        ["turn order", "wins", "win share", "95% interval", "mean score"], rows,
    )  # fmt: skip
    out += (f"<p>Test of no seat advantage: {escape(t['test'])}, χ² = {t['statistic']:.2f} with "
            f"{t['df']} degree{'s' if t['df'] != 1 else ''} of freedom: {verdict}.</p>")  # fmt: skip
    if len(v["bot_shares"]) > 1:
        out += _table(
            "Win share per seat by bot",
            ["bot", "seat-games", "win share", "95% interval"],
            [[b["bot"], b["seat_games"], _pct(b["win_share"]),
              f"{_pct(b['ci95'][0])} to {_pct(b['ci95'][1])}"] for b in v["bot_shares"]],
        )  # fmt: skip
    return out


def _skill(rows: list[dict]) -> str:
    s = rows[0]
    intro = (
        f"<p>One <b>{escape(s['strong'])}</b> bot against {escape(s['weak'])} bots at each "
        "player count, its seat and the first player rotating. The skill index rescales its win "
        "share: 0 is the fair share (the stronger bot gains nothing: luck decides), 1 is winning "
        "every game.</p>"
    )
    return intro + _table(
        "",
        ["players", "games", "win share", "95% interval", "fair share", "skill index",
         "95% interval"],
        [[r["players"], r["games"], _pct(r["win_share"]),
          f"{_pct(r['ci95'][0])} to {_pct(r['ci95'][1])}", _pct(r["fair_share"]),
          _val(r["skill_index"]), f"{_val(r['skill_ci95'][0])} to {_val(r['skill_ci95'][1])}"]
         for r in rows],
    )  # fmt: skip


def _figs(svgs: list[str]) -> str:
    return "<div class=figs>" + "".join(svgs) + "</div>"


def _table(title: str, columns, rows, raw: bool = False) -> str:
    """A table; cells are escaped unless `raw` (cells this module writes as markup)."""
    cell = (lambda x: str(x)) if raw else (lambda x: escape(_cell(x)))
    head = "".join(f"<th>{escape(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{cell(x)}</td>" for x in r) + "</tr>" for r in rows)
    caption = f"<h3>{escape(title)}</h3>" if title else ""
    return f"{caption}<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _cell(x) -> str:
    if isinstance(x, float):
        return f"{x:,.3f}".rstrip("0").rstrip(".") if x == x else "-"
    return str(x)
