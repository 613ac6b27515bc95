"""The report's figures drawn with matplotlib (headless, Agg), each as inline SVG text."""

from __future__ import annotations

import io
import math

COLORS = ("#3b6ea8", "#d9822b", "#5a9e6f", "#b5485d", "#7c6bb0", "#8c8c8c")
WIDTH, HEIGHT = 6.4, 3.4  # inches
MAX_BINS = 40


def render(spec: dict) -> str:
    """One figure spec of present.py as an <svg> element."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    with plt.rc_context(_STYLE):
        fig, ax = plt.subplots(figsize=(WIDTH, HEIGHT))
        try:
            {"bars": _bars, "stacked": _stacked, "hist": _hist}[spec["kind"]](ax, spec)
            ax.set_title(spec["title"], loc="left")
            fig.tight_layout()
            out = io.StringIO()
            fig.savefig(out, format="svg")
        finally:
            plt.close(fig)
    svg = out.getvalue()
    return svg[svg.index("<svg") :]


_STYLE = {
    "svg.fonttype": "none",  # text stays text: small files, the page's font
    "font.size": 9,
    "axes.titlesize": 10,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.axisbelow": True,
    "svg.hashsalt": "auctionhouse",  # the same figure gives the same file
}


def _finite(xs):
    return [x if x is not None and math.isfinite(x) else 0.0 for x in xs]


def _bars(ax, spec: dict) -> None:
    labels, values = spec["labels"], _finite(spec["values"])
    x = range(len(labels))
    err = None
    if spec["low"] is not None:
        low, high = _finite(spec["low"]), _finite(spec["high"])
        err = [[max(0.0, v - lo) for v, lo in zip(values, low, strict=True)],
               [max(0.0, hi - v) for v, hi in zip(values, high, strict=True)]]  # fmt: skip
    ax.bar(x, values, color=COLORS[0], yerr=err, capsize=4, ecolor="#333333", width=0.6)
    if spec["reference"] is not None:
        ax.axhline(spec["reference"], color=COLORS[3], linestyle="--", linewidth=1,
                   label=spec["reference_label"])  # fmt: skip
        ax.legend(frameon=False)
    step = 1 + len(labels) // 16  # many bars (rounds of a long game): every step-th label
    ax.set_xticks(
        list(x)[::step], labels[::step], rotation=20 if max(map(len, labels), default=0) > 8 else 0
    )
    ax.set_ylabel(spec["ylabel"])


def _stacked(ax, spec: dict) -> None:
    labels = spec["labels"]
    bottom = [0.0] * len(labels)
    for (name, values), color in zip(spec["series"].items(), COLORS, strict=False):
        values = _finite(values)
        ax.bar(range(len(labels)), values, bottom=bottom, label=name, color=color, width=0.6)
        bottom = [b + v for b, v in zip(bottom, values, strict=True)]
    ax.set_xticks(range(len(labels)), labels)
    ax.set_ylabel(spec["ylabel"])
    ax.legend(frameon=False, bbox_to_anchor=(1.0, 1.0), loc="upper left")


def _hist(ax, spec: dict) -> None:
    """Each series as the share of its values per bin, so variants of different sizes
    compare; whole numbers get one bin each when they span few values."""
    series = {k: {int(x): c for x, c in v.items()} for k, v in spec["series"].items() if v}
    if not series:
        ax.text(0.5, 0.5, "no data", ha="center", transform=ax.transAxes)
        return
    lo = min(min(v) for v in series.values())
    hi = max(max(v) for v in series.values())
    width = max(1, math.ceil((hi - lo + 1) / MAX_BINS))
    edges = [lo + i * width - 0.5 for i in range((hi - lo) // width + 2)]
    several = len(series) > 1
    for (name, counts), color in zip(series.items(), COLORS, strict=False):
        total = sum(counts.values())
        ax.hist(
            list(counts), bins=edges, weights=[c / total for c in counts.values()],
            color=color, alpha=0.55 if several else 0.9, label=name or None,
            histtype="stepfilled", edgecolor=color,
        )  # fmt: skip
    if several:
        ax.legend(frameon=False)
    ax.set_xlabel(spec["xlabel"])
    ax.set_ylabel("share")
