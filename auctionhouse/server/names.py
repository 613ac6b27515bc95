"""Names and titles typed by people, made safe to show next to each other: what cannot be seen
(control, format and other invisible characters) is stripped, the rest is NFKC-normalized and
its white space collapsed; `same_name` compares two names as a reader would: by their confusable
skeleton (Unicode UTS #39, computed by ICU), so "Вob" with a Cyrillic В reads as "Bob"."""

from __future__ import annotations

import unicodedata

import icu

# control, format (bidi overrides, zero-width characters), surrogate, private-use, unassigned
_STRIPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
# default-ignorable or blank characters outside those categories: the combining grapheme joiner,
# Hangul fillers, Khmer inherent vowels, Mongolian free variation selectors, variation selectors,
# the Braille blank
_INVISIBLE = frozenset(
    chr(c)
    for lo, hi in (
        (0x034F, 0x034F),
        (0x115F, 0x1160),
        (0x17B4, 0x17B5),
        (0x180B, 0x180F),
        (0x2800, 0x2800),
        (0x3164, 0x3164),
        (0xFE00, 0xFE0F),
        (0xFFA0, 0xFFA0),
        (0xE0100, 0xE01EF),
    )
    for c in range(lo, hi + 1)
)


def _visible(text: str) -> str:
    return "".join(
        ch
        for ch in text
        if ch not in _INVISIBLE and unicodedata.category(ch) not in _STRIPPED_CATEGORIES
    )


def clean(text: str) -> str:
    """`text` as it will be shown: invisible characters stripped, NFKC, one space between words
    (white space of any kind becomes one space first, so tabs and line breaks separate words)."""
    text = " ".join(text.split())
    text = _visible(unicodedata.normalize("NFKC", _visible(text)))
    return " ".join(text.split())


def same_name(a: str, b: str) -> bool:
    """Whether two cleaned names read the same, ignoring case and look-alike characters."""
    return not readings(a).isdisjoint(readings(b))


_SPOOF = icu.SpoofChecker()  # ICU lets several threads run one checker's checks at once


def _skeleton(text: str) -> str:
    return _SPOOF.getSkeleton(0, text)  # (ICU ignores the first argument since ICU 58)


def readings(name: str) -> frozenset[str]:
    """What `name` reads as, ignoring case: the UTS #39 skeletons of the name and of the name
    case-folded, each case-folded and made a skeleton again. Both, since folding and look-alikes
    do not commute: "Вob" with a Cyrillic В reads as "bob" only unfolded (в is no b), "IAN" as
    "ian" only folded (I reads as l). Never shown: a skeleton mixes scripts."""
    return frozenset(_skeleton(_skeleton(t).casefold()) for t in (name, name.casefold()))
