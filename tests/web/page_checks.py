"""Checks the browser tests run on any page: an axe-core scan, the size of the words on cards,
words from the code (ruling ids, snake_case names, bot specs) where a player reads."""

from __future__ import annotations

import re

SERIOUS = ("serious", "critical")
CODE_WORDS = re.compile(r"\b(?:[A-Z]{2}-\d+|PD-\d+|[a-z]+_[a-z_]+|ismcts\S*|heuristic)\b")


def axe_problems(page, axe_source: str) -> list[str]:
    """The serious and critical violations axe-core finds on the page as it is now."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # evaluated through the browser's devtools protocol: the page's Content-Security-Policy
        # (script-src 'self') rightly refuses an injected <script>
        page.evaluate(f"{axe_source}\n;0")
    found = page.evaluate("async () => (await axe.run(document)).violations")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
        for v in found
        if v["impact"] in SERIOUS
    ]


def small_card_words(page) -> list[str]:
    """Words drawn on cards, tiles and works smaller than 11 px on the screen."""
    return page.evaluate(
        """() => [...document.querySelectorAll('svg.pic text')].filter(t => {
             const box = t.getBoundingClientRect();
             if (!box.width) return false;  // not drawn (a closed <details>)
             const px = parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a;
             return px < 10.95;
           }).map(t => `${t.textContent} at ${
             (parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a).toFixed(1)} px`)"""
    )


def code_words(text: str) -> list[str]:
    """Ruling ids, snake_case names and bot specs in a text meant for players."""
    return CODE_WORDS.findall(text)


def sticking_out(page, container: str, parts: str) -> list[str]:
    """The `parts` inside `container` whose box reaches past the container's sides."""
    return page.evaluate(
        """([container, parts]) => {
             const box = document.querySelector(container).getBoundingClientRect();
             const inside = parts.split(",").map(p => `${container} ${p.trim()}`).join(", ");
             return [...document.querySelectorAll(inside)].filter(e => {
               const b = e.getBoundingClientRect();
               return b.width && (b.left < box.left - 0.5 || b.right > box.right + 0.5);
             }).map(e => `${e.id || e.tagName} ${Math.round(e.getBoundingClientRect().right)} > ${
               Math.round(box.right)}`);
           }""",
        [container, parts],
    )
