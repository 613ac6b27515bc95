"""A study's results as one JSON-safe summary: what summary.json holds, and what the report,
the CSV tables and the terminal show."""

from __future__ import annotations

import math

from ..core import Game
from ..core.aggregate import Aggregate
from ..core.present import Headline, bars, histogram
from .collect import MAX_TRACKED_ROUNDS, facts_of, headlines
from .run import Results
from .stats import COMPARE_TEST, LEVEL, compare, mean_ci95, seat_test, share_ci95
from .variants import Variant

DISTRIBUTIONS = {
    "score": "final score (every seat)",
    "winner_score": "winner's score",
    "margin": "winning margin",
    "moves": "moves per game",
    "rounds": "rounds per game",
}


def figure(agg: Aggregate, h: Headline) -> dict:
    m = agg.moment(h.key)
    lo, hi = share_ci95(m) if h.kind == "share" else mean_ci95(m)
    return {
        "key": h.key, "name": h.name, "kind": h.kind, "n": round(m.n), "mean": _num(m.mean),
        "ci95": [_num(lo), _num(hi)], "sd": _num(m.sd),
    }  # fmt: skip


def variant_summary(game: Game, v: Variant, agg: Aggregate) -> dict:
    n = v.players
    seats = []
    for pos in range(n):
        m = agg.moment(("pos", pos))
        lo, hi = share_ci95(m)
        seats.append({
            "position": pos + 1, "games": round(m.n), "wins": _num(m.total),
            "win_share": _num(m.mean), "ci95": [_num(lo), _num(hi)],
            "mean_score": _num(agg.moment(("pos_score", pos)).mean),
        })  # fmt: skip
    test = seat_test([s["wins"] for s in seats])
    bots = []
    for spec in dict.fromkeys(v.bots):
        m = agg.moment(("bot", spec))
        lo, hi = share_ci95(m)
        bots.append({"bot": spec, "seat_games": round(m.n), "win_share": _num(m.mean),
                     "ci95": [_num(lo), _num(hi)]})  # fmt: skip
    comeback = []
    for r in range(1, MAX_TRACKED_ROUNDS + 1):
        m = agg.moments.get(("lead", r))
        if m is None:
            break
        lo, hi = share_ci95(m)
        comeback.append({"round": r, "games": round(m.n), "leader_wins": _num(m.mean),
                         "ci95": [_num(lo), _num(hi)]})  # fmt: skip
    return {
        "label": v.label,
        "description": v.describe(),
        "players": n,
        "bots": list(v.bots),
        "options": v.options,
        "games": agg.games,
        "fair_share": 1 / n,
        "seats": seats,
        "seat_test": {
            "test": test.test,
            "statistic": _num(test.statistic),
            "df": test.df,
            "p": _num(test.p),
            "significant": test.p < LEVEL,
        },  # fmt: skip
        "bot_shares": bots,
        "headline": [figure(agg, h) for h in headlines(game)],
        "distributions": {
            k: {str(x): c for x, c in sorted(agg.hists.get(k, {}).items())} for k in DISTRIBUTIONS
        },
        "comeback": comeback,
        "game": own_section(game, agg),
    }


def own_section(game: Game, agg: Aggregate) -> dict:
    """The game's own tables and figures (none for a game without a study module)."""
    facts = facts_of(game)
    return facts.section(agg) if facts is not None else {"tables": [], "figures": []}


def comparison(game: Game, a: Aggregate, b: Aggregate) -> list[dict]:
    rows = []
    for h in headlines(game):
        ma, mb = a.moment(h.key), b.moment(h.key)
        if not ma.n or not mb.n:
            continue
        d = compare(ma, mb)
        rows.append({
            "key": h.key, "name": h.name, "kind": h.kind, "a": _num(ma.mean), "b": _num(mb.mean),
            "difference": _num(d.diff), "ci95": [_num(d.ci95[0]), _num(d.ci95[1])],
            "p": _num(d.p), "significant": bool(d.p < LEVEL), "test": d.test,
        })  # fmt: skip
    return rows


def skill_summary(results: Results) -> list[dict]:
    rows = []
    for s, agg in zip(results.study.skill, results.skill, strict=True):
        m = agg.moment(("bot", s.strong))
        lo, hi = share_ci95(m)
        fair = 1 / s.players
        rows.append({
            "players": s.players, "strong": s.strong, "weak": s.weak, "games": agg.games,
            "win_share": _num(m.mean), "ci95": [_num(lo), _num(hi)], "fair_share": fair,
            "skill_index": _num(_skill(m.mean, fair)),
            "skill_ci95": [_num(_skill(lo, fair)), _num(_skill(hi, fair))],
        })  # fmt: skip
    return rows


def _skill(share: float, fair: float) -> float:
    """0 when the strong bot wins its fair share (all luck), 1 when it wins every game."""
    return (share - fair) / (1 - fair)


def summarize(results: Results) -> dict:
    study = results.study
    game = study.game
    variants = [
        variant_summary(game, v, agg)
        for v, agg in zip(study.variants, results.variants, strict=True)
    ]
    total = sum(a.games for a in results.variants) + sum(a.games for a in results.skill)
    return {
        "game": game.name,
        "title": game.title,
        "seed": study.seed,
        "games": study.games,
        "rotate": study.rotate,
        "workers": results.workers,
        "backend": results.backend,
        "seconds": round(results.seconds, 3),
        "games_played": total,
        "games_per_second": total / results.seconds if results.seconds > 0 else 0.0,
        "level": LEVEL,
        "variants": variants,
        "comparison": (
            {"test": COMPARE_TEST, "rows": comparison(game, *results.variants)}
            if len(results.variants) == 2
            else None
        ),
        "skill": skill_summary(results),
    }


def figures(summary: dict) -> list[tuple[str, list[dict]]]:
    """The report's figures by section, as specs for plots.py."""
    vs = summary["variants"]
    out = []
    seat_figs = []
    for v in vs:
        s = v["seats"]
        seat_figs.append(bars(
            f"{v['label']}: win share by turn order",
            [f"{x['position']}" for x in s], [x["win_share"] for x in s],
            [x["ci95"][0] for x in s], [x["ci95"][1] for x in s], "win share",
            reference=v["fair_share"], reference_label="fair share",
        ))  # fmt: skip
    out.append(("seats", seat_figs))
    labels = {v["label"]: v["distributions"] for v in vs}
    out.append((
        "distributions",
        [histogram(title.capitalize(), {k: d[key] for k, d in labels.items()}, title)
         for key, title in DISTRIBUTIONS.items()
         if any(d[key] for d in labels.values())],  # rounds: where the game's facts tell them
    ))  # fmt: skip
    come = []
    for v in vs:
        c = v["comeback"]
        if c:
            come.append(bars(
                f"{v['label']}: the leader after round r wins",
                [str(x["round"]) for x in c], [x["leader_wins"] for x in c],
                [x["ci95"][0] for x in c], [x["ci95"][1] for x in c], "share of games",
                reference=v["fair_share"], reference_label="fair share",
            ))  # fmt: skip
    out.append(("comeback", come))
    sk = summary["skill"]
    if sk:
        out.append(("skill", [bars(
            f"{sk[0]['strong']} against {sk[0]['weak']}: the stronger bot's win share",
            [f"{x['players']} players" for x in sk], [x["win_share"] for x in sk],
            [x["ci95"][0] for x in sk], [x["ci95"][1] for x in sk], "win share",
        ), bars(
            "Skill index: 0 all luck (fair share), 1 the stronger always wins",
            [f"{x['players']} players" for x in sk], [x["skill_index"] for x in sk],
            [x["skill_ci95"][0] for x in sk], [x["skill_ci95"][1] for x in sk], "skill index",
        )]))  # fmt: skip
    return out


def _num(x: float) -> float | None:
    """6 significant digits (p-values stay distinct from 0); JSON has no nan: an undefined
    figure is null."""
    if x is None or isinstance(x, float) and not math.isfinite(x):
        return None
    return float(f"{x:.6g}")
