"""Write the sensing corpus: ``python scripts/sensing_corpus/build.py`` (from the repository
root, with the project's venv). An authoring aid: the committed HTML is the corpus, and a
case may be edited by hand afterwards; rebuilding overwrites the cases written here.

Each ``cases_*.py`` module lists functions that return a ``Case``; the templates render
pages the way the platforms they imitate do (``shops*.py``, ``releases.py``, ``status.py``,
``booking.py``, ``notices.py``, ``marketplace.py``); the ``cases_more_*.py`` modules carry
their pages' templates with their cases, one platform each.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from common import CASES  # noqa: E402

MODULES = [
    "cases_en_price_uk",
    "cases_en_price_abroad",
    "cases_en_stock",
    "cases_en_release",
    "cases_en_incident",
    "cases_en_slot",
    "cases_en_notice",
    "cases_fr_shops",
    "cases_fr_pages",
    "cases_de_shops",
    "cases_de_pages",
    "cases_es_shops",
    "cases_es_pages",
    "cases_more_en_shops",
    "cases_more_en_pages",
    "cases_more_fr",
    "cases_more_de",
    "cases_more_es",
]


def check(html: str, where: str) -> None:
    """Every JSON-LD block parses; the page is one document."""
    for block in re.findall(r'<script type="application/ld\+json"[^>]*>(.*?)</script>', html, re.S):
        try:
            json.loads(block)
        except ValueError as error:
            raise SystemExit(f"{where}: JSON-LD does not parse: {error}") from None
    if html.lower().count("<html") != 1 or html.lower().count("</html>") != 1:
        raise SystemExit(f"{where}: not one HTML document")


def main() -> None:
    seen = set()
    for name in MODULES:
        module = importlib.import_module(name)
        for make in module.CASES:
            case = make()
            if case.id in seen:
                raise SystemExit(f"{case.id}: written twice")
            seen.add(case.id)
            check(case.before, f"{case.id}/before.html")
            check(case.after, f"{case.id}/after.html")
            case.write(CASES)
    print(f"wrote {len(seen)} cases to {CASES}")


if __name__ == "__main__":
    main()
