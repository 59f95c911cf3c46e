"""Folding text for verbatim comparison: what a quote and its page have in common.

A quote counts as verbatim when it appears in the page after folding what does not change
meaning: Unicode compatibility forms (NFKC), curly quotes and dashes, markdown emphasis and
link syntax, case and whitespace.
"""

from __future__ import annotations

import re
import unicodedata

_QUOTES_AND_DASHES = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u2033": '"',
        "\u00ab": '"',
        "\u00bb": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2015": "-",
        "\u2212": "-",
        "\u00ad": None,
        "\u200b": None,
        "\u200c": None,
        "\u200d": None,
        "\ufeff": None,
    }
)
_MARKDOWN_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_EMPHASIS = re.compile(r"[*_~`]+")


def normalize_for_quote(text: str) -> str:
    """``text`` folded for verbatim matching: NFKC, plain quotes and dashes, no markdown
    emphasis or link syntax, case-folded, whitespace collapsed."""
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES_AND_DASHES)
    text = _MARKDOWN_LINK.sub(r"\1", text)
    text = _EMPHASIS.sub("", text)
    return " ".join(text.casefold().split())
