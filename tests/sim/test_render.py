"""Rendered pages: realistic head metadata, site furniture per kind, content in <article>."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime

import pytest

from sentinel.clock import VirtualClock
from sentinel.sim import Scenario, World, parse_scenario
from sentinel.sim.chrome import CHROME
from sentinel.sim.render import render_page
from sentinel.sim.scenario import SITE_KINDS
from tests.sim.conftest import ANNOUNCED, SCENARIO_YAML


def _page(world: World, host: str, path: str, at: datetime) -> str:
    view = world.view(host, path, at)
    assert view is not None
    return render_page(view, now=at, seed=0, request=1, siblings=world.site_pages(host, at))


def _jsonld(html: str) -> list[dict[str, object]]:
    blocks = re.findall(r'<script type="application/ld\+json">(.*?)</script>', html, re.S)
    return [json.loads(block) for block in blocks]


def test_head_carries_title_description_canonical_and_open_graph(world: World) -> None:
    html = _page(world, "www.gizmo.example", "/newsroom/gadget-3", ANNOUNCED)
    assert "<title>Gizmo announces Gadget 3, available September 19 | Gizmo</title>" in html
    assert '<meta name="description" content="Gizmo today announced Gadget 3' in html
    assert '<link rel="canonical" href="http://www.gizmo.example/newsroom/gadget-3">' in html
    assert '<meta property="og:site_name" content="Gizmo">' in html
    assert 'lang="en"' in html


def test_json_ld_comes_from_the_version_else_the_page_default(world: World) -> None:
    announced = _jsonld(_page(world, "www.gizmo.example", "/newsroom/gadget-3", ANNOUNCED))
    assert announced == [
        {
            "@context": "https://schema.org",
            "@type": "Product",
            "name": "Gadget 3",
            "releaseDate": "2025-09-19",
        }
    ]
    before = _jsonld(
        _page(world, "www.gizmo.example", "/newsroom/gadget-3", datetime(2025, 8, 2, tzinfo=UTC))
    )
    assert before[0]["@type"] == "WebPage"
    assert _jsonld(_page(world, "www.gizmo.example", "/support", ANNOUNCED)) == []


def test_news_articles_are_dated_and_bylined(world: World) -> None:
    html = _page(world, "techwire.example", "/2025/09/gizmo-gadget-3-keynote", ANNOUNCED)
    assert '<meta property="article:published_time" content="2025-08-20T12:00:00Z">' in html
    assert '<meta property="og:type" content="article">' in html
    (article,) = _jsonld(html)
    assert article["@type"] == "NewsArticle"
    assert article["datePublished"] == "2025-08-20T12:00:00Z"
    assert re.search(r'<div class="byline">By [A-Z][a-zà-ÿ]+ [A-Z]', html)
    assert '<time datetime="2025-08-20T12:00:00Z">August 20, 2025</time>' in html


def test_content_sits_in_main_article_and_furniture_around_it(world: World) -> None:
    html = _page(world, "techwire.example", "/2025/09/gizmo-gadget-3-keynote", ANNOUNCED)
    main = re.search(r"<main.*?</main>", html, re.S)
    assert main is not None
    assert "<article" in main.group(0)
    assert "invitations for a keynote" in main.group(0)
    assert "World" not in main.group(0)  # the navigation is outside
    assert '<nav class="site-nav" aria-label="Main">' in html
    assert "<footer" in html
    assert "More from Techwire" in html  # the sibling story


@pytest.mark.parametrize("kind", SITE_KINDS)
def test_every_kind_of_site_has_its_own_furniture(kind: str, scenario: Scenario) -> None:
    text = SCENARIO_YAML.replace("    kind: news", f"    kind: {kind}")
    world = World.from_scenario(parse_scenario(text, "x.yaml"), _clock())
    html = _page(world, "techwire.example", "/2025/09/gizmo-gadget-3-keynote", ANNOUNCED)
    for section in CHROME[kind].sections:
        assert f">{section}</a>" in html.replace("&amp;", "&")
    assert ("article:published_time" in html) is CHROME[kind].article


def test_scenario_text_is_escaped() -> None:
    text = SCENARIO_YAML.replace(
        "title: Heatwave pushes data centres to their limits",
        "title: \"<script>alert('x')</script> & more\"",
    )
    world = World.from_scenario(parse_scenario(text, "x.yaml"), _clock())
    html = _page(world, "techwire.example", "/2025/08/heatwave-data-centres", ANNOUNCED)
    assert "<script>alert" not in html
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &amp; more" in html
    (article,) = _jsonld(html)
    assert article["headline"] == "<script>alert('x')</script> & more"


def _clock() -> VirtualClock:
    return VirtualClock(ANNOUNCED)
