"""Sensing cases the bench's tests build: pages no reading can satisfy, and a small shop
page whose structured data states the price."""

from __future__ import annotations

from pathlib import Path

import yaml

from sentinel.bench.sensing import CaseFiles, load_case

BAKERY = """<!DOCTYPE html>
<html lang="en-GB"><head><meta charset="utf-8">
<title>Opening hours | Crumb &amp; Co Bakery</title>
<meta property="og:site_name" content="Crumb &amp; Co"></head>
<body><header><nav><a href="/">Home</a> <a href="/bread">Our bread</a>
<a href="/visit">Visit</a></nav></header>
<main><h1>Opening hours</h1><p>{hours}</p>
<p>Sourdough is baked fresh every morning from 6am.</p></main>
<footer><p>&copy; 2026 Crumb &amp; Co, 12 Mill Lane, Hebden Bridge</p></footer></body></html>
"""

SHOP = """<!DOCTYPE html>
<html lang="en-GB"><head><meta charset="utf-8">
<title>ASUS Dual RTX 5060 Ti 16GB | PixelParts</title>
<script type="application/ld+json">{{"@context": "https://schema.org", "@type": "Product",
"name": "ASUS Dual GeForce RTX 5060 Ti 16GB", "offers": {{"@type": "Offer", "price": "{price}",
"priceCurrency": "GBP", "availability": "https://schema.org/InStock"}}}}</script></head>
<body><nav><a href="/gpus">Graphics cards</a></nav><main><h1>ASUS Dual GeForce RTX 5060 Ti 16GB</h1>
<p class="price">£{price}</p><p>In stock</p><section class="related"><h2>Customers also bought</h2>
<p>ASUS Dual RTX 5060 8GB £299.99</p></section></main></body></html>
"""


def write_case(
    root: Path, case_id: str, spec: dict[str, object], before: str, after: str
) -> CaseFiles:
    folder = root / case_id
    folder.mkdir(parents=True)
    (folder / "case.yaml").write_text(yaml.safe_dump({"id": case_id, **spec}), encoding="utf-8")
    (folder / "before.html").write_text(before, encoding="utf-8")
    (folder / "after.html").write_text(after, encoding="utf-8")
    return load_case(folder)


def unrelated(root: Path, case_id: str, *, decoy: bool) -> CaseFiles:
    spec = {
        "sentence": "Tell me when the Aurora X2 desk lamp drops below £40 at LampLand",
        "language": "en",
        "kind": "price",
        "decoy": decoy,
        "structured": False,
        "expect": {"before": False, "after": not decoy},
        "mentions": [] if decoy else ["39.99"],
        "path": "/opening-hours",
        "note": "the pages are a bakery's opening hours: nothing on them can satisfy the sentence",
    }
    return write_case(
        root,
        case_id,
        spec,
        BAKERY.format(hours="Monday to Saturday, 7am to 4pm."),
        BAKERY.format(hours="Monday to Saturday, 7am to 5pm; closed on Sundays."),
    )
