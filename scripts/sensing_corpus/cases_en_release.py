"""English release pages: a forge's releases, project blogs, a changelog, a download page."""

from __future__ import annotations

from common import Case
from releases import Post, Release, changelog_page, download_page, forge_releases, project_blog

OLD_TIDEWATER = [
    Release(
        "v3.0.0-rc.2",
        "Tidewater 3.0.0-rc.2",
        "2026-11-12T16:40:11Z",
        "Nov 12, 2026",
        "<p>Second release candidate for 3.0. Please test it and report regressions!</p><h2>Fixes since rc.1</h2><ul><li>Fix a deadlock when a tide table is reloaded during a sync (<a href=\"/tidewater-dev/tidewater/pull/2210\">#2210</a>)</li><li>The <code>tw export</code> command keeps time zones in CSV output</li></ul><p><strong>Full Changelog</strong>: <a href=\"/tidewater-dev/tidewater/compare/v3.0.0-rc.1...v3.0.0-rc.2\"><tt>v3.0.0-rc.1...v3.0.0-rc.2</tt></a></p>",
        prerelease=True,
        author="mkaur",
        assets=[("tidewater-3.0.0rc2-py3-none-any.whl", "412 KB"), ("tidewater-3.0.0rc2.tar.gz", "1.9 MB")],
        reactions=14,
    ),
    Release(
        "v2.9.4",
        "Tidewater 2.9.4",
        "2026-10-28T09:02:55Z",
        "Oct 28, 2026",
        "<h2>What's Changed</h2><ul><li>Backport: handle leap seconds in harmonic predictions by @jlo in <a href=\"/tidewater-dev/tidewater/pull/2188\">#2188</a></li><li>Security: bump <code>urllib3</code> to 2.2.3</li></ul><p>This is the last planned release of the 2.x series; 2.9 will get security fixes until June 2027.</p>",
        latest=True,
        author="mkaur",
        assets=[("tidewater-2.9.4-py3-none-any.whl", "398 KB"), ("tidewater-2.9.4.tar.gz", "1.8 MB")],
        reactions=6,
    ),
    Release(
        "v3.0.0-rc.1",
        "Tidewater 3.0.0-rc.1",
        "2026-10-15T11:20:03Z",
        "Oct 15, 2026",
        "<p>First release candidate of Tidewater 3.0 🎉 This release drops Python 3.9 and moves to the new station API. See the <a href=\"https://tidewater.readthedocs.io/en/latest/migrating-to-3.html\">migration guide</a>.</p>",
        prerelease=True,
        author="mkaur",
        reactions=41,
    ),
]


def tidewater() -> Case:
    final = Release(
        "v3.0.0",
        "Tidewater 3.0.0",
        "2026-11-27T14:05:40Z",
        "Nov 27, 2026",
        "<p>Tidewater 3.0 is here! Thank you to the 63 people who contributed to this release.</p><h2>Highlights</h2><ul><li>New station API with typed results</li><li>Predictions are 4× faster on long ranges</li><li>Python 3.10+ only</li></ul><h2>Breaking changes</h2><ul><li><code>Station.load()</code> is now <code>Station.fetch()</code></li></ul><p><strong>Full Changelog</strong>: <a href=\"/tidewater-dev/tidewater/compare/v2.9.4...v3.0.0\"><tt>v2.9.4...v3.0.0</tt></a></p>",
        latest=True,
        author="mkaur",
        assets=[("tidewater-3.0.0-py3-none-any.whl", "420 KB"), ("tidewater-3.0.0.tar.gz", "1.9 MB")],
        reactions=118,
    )
    older = [r for r in OLD_TIDEWATER]
    older_after = [Release(**{**r.__dict__, "latest": False}) for r in OLD_TIDEWATER]
    about = "Tide predictions and station data for Python"
    before = forge_releases("tidewater-dev", "tidewater", older, stars="2.3k", forks="187", issues=94, prs=12, about=about)
    after = forge_releases("tidewater-dev", "tidewater", [final, *older_after], stars="2.4k", forks="188", issues=97, prs=9, about=about)
    return Case(
        "tidewater-3-0-released-forge",
        "Tell me when Tidewater 3.0 is released",
        "en",
        "release",
        False,
        False,
        "/tidewater-dev/tidewater/releases",
        "a GitHub-like releases page: BEFORE has 3.0.0-rc.2 (Pre-release) above 2.9.4 (Latest); AFTER adds v3.0.0 Latest; no structured data about versions",
        before,
        after,
        ["3.0.0"],
    )


def kestrel_rc() -> Case:
    beta = Release(
        "v2.0.0-beta.3",
        "v2.0.0-beta.3",
        "2026-10-30T18:11:00Z",
        "Oct 30, 2026",
        "<p>Third beta of Kestrel 2.0. The plugin API is now frozen.</p><ul><li>New: <code>kestrel serve --watch</code></li><li>Fixed: memory leak in the HTTP/2 listener</li></ul>",
        prerelease=True,
        author="ava-ng",
        reactions=22,
    )
    stable = Release(
        "v1.14.2",
        "v1.14.2",
        "2026-10-02T08:45:19Z",
        "Oct 2, 2026",
        "<p>Patch release.</p><ul><li>Fix TLS session resumption with some load balancers (#1881)</li></ul>",
        latest=True,
        author="ava-ng",
        reactions=3,
    )
    rc = Release(
        "v2.0.0-rc.1",
        "v2.0.0-rc.1",
        "2026-11-26T20:30:00Z",
        "Nov 26, 2026",
        "<p><strong>Kestrel 2.0.0 release candidate 1.</strong> If no blocking issues are found, this will become 2.0.0 final in about two weeks.</p><ul><li>Docs: new migration guide from 1.x</li><li>Fixed: <code>--watch</code> missed renames on macOS</li></ul>",
        prerelease=True,
        author="ava-ng",
        assets=[("kestrel-2.0.0-rc.1-linux-amd64.tar.gz", "9.8 MB"), ("kestrel-2.0.0-rc.1-darwin-arm64.tar.gz", "9.1 MB")],
        reactions=57,
    )
    about = "A small, fast reverse proxy and static file server"
    before = forge_releases("kestrel-proxy", "kestrel", [beta, stable], stars="8.1k", forks="402", issues=211, prs=33, about=about)
    after = forge_releases("kestrel-proxy", "kestrel", [rc, beta, stable], stars="8.1k", forks="404", issues=209, prs=35, about=about)
    return Case(
        "kestrel-2-0-final-rc-only",
        "Tell me when the final release of Kestrel 2.0 is out",
        "en",
        "release",
        True,
        False,
        "/kestrel-proxy/kestrel/releases",
        "decoy: AFTER adds v2.0.0-rc.1 (Pre-release) that 'will become 2.0.0 final in about two weeks'; the final is not out",
        before,
        after,
    )


BLOG_LABELS = {"title": "Blog", "path": "blog", "home": "Home", "next": "Next Page"}


def larkspur() -> Case:
    posts_before = [
        Post("Larkspur 5.0 beta 2 is here", "larkspur-5-0-beta-2", "2026-11-06", "November 6, 2026", "Dana Whitfield", "The second beta of Larkspur 5.0 brings the new layout engine to Windows and fixes 140 bugs reported during beta 1. Please keep testing: we plan to release 5.0 final later this month.", ["release", "beta"]),
        Post("Larkspur 4.8.3 released", "larkspur-4-8-3", "2026-10-21", "October 21, 2026", "Ibrahim Sow", "A maintenance release fixing a crash when importing SVG files with embedded fonts.", ["release"]),
        Post("Meet the new layout engine", "new-layout-engine", "2026-09-30", "September 30, 2026", "Dana Whitfield", "Why we rewrote the heart of Larkspur, and what it means for your documents.", ["engineering"]),
    ]
    posts_after = [
        Post("Larkspur 5.0 released!", "larkspur-5-0-released", "2026-11-26", "November 26, 2026", "Dana Whitfield", "Larkspur 5.0 is now available for Windows, macOS and Linux. It brings the new layout engine, real-time collaboration and a redesigned export dialog. Download it now or update from the Help menu.", ["release"]),
        *posts_before,
    ]
    common = dict(nav=["Download", "Docs", "Blog", "Community", "Donate"], tagline="News from the Larkspur desktop publishing project", labels=BLOG_LABELS, footer="© 2026 The Larkspur Project · Content licensed CC BY-SA 4.0")
    before = project_blog("Larkspur", "larkspur-publisher.org", "en", posts_before, **common)
    after = project_blog("Larkspur", "larkspur-publisher.org", "en", posts_after, **common)
    return Case(
        "larkspur-5-0-released-blog",
        "Tell me when Larkspur 5.0 is released",
        "en",
        "release",
        False,
        False,
        "/blog/",
        "a project blog (Hugo): BEFORE's beta post says 5.0 final comes 'later this month'; AFTER's newest post announces it",
        before,
        after,
        ["5.0"],
    )


def quillmark() -> Case:
    unreleased = """<h2 id="unreleased">Unreleased<a class="headerlink" href="#unreleased" title="Permanent link">&para;</a></h2>
<h3 id="added">Added</h3>
<ul><li><code>render(..., strict=True)</code> raises on unknown extensions (<a href="https://github.com/quillmark/quillmark/pull/611">#611</a>)</li></ul>"""
    released = """<h2 id="190-2026-11-25">1.9.0 - 2026-11-25<a class="headerlink" href="#190-2026-11-25" title="Permanent link">&para;</a></h2>
<h3 id="added_1">Added</h3>
<ul><li><code>render(..., strict=True)</code> raises on unknown extensions (<a href="https://github.com/quillmark/quillmark/pull/611">#611</a>)</li><li>Footnotes can be numbered per section</li></ul>
<h3 id="fixed">Fixed</h3>
<ul><li>Tables with a trailing pipe lost their last column</li></ul>"""
    history = """<h2 id="182-2026-10-09">1.8.2 - 2026-10-09<a class="headerlink" href="#182-2026-10-09" title="Permanent link">&para;</a></h2>
<h3 id="fixed_2">Fixed</h3>
<ul><li>A regression in 1.8.1 that escaped ampersands inside code spans twice</li></ul>
<h2 id="181-2026-09-28">1.8.1 - 2026-09-28<a class="headerlink" href="#181-2026-09-28" title="Permanent link">&para;</a></h2>
<h3 id="fixed_3">Fixed</h3>
<ul><li>Python 3.14 support</li></ul>
<h2 id="180-2026-08-14">1.8.0 - 2026-08-14<a class="headerlink" href="#180-2026-08-14" title="Permanent link">&para;</a></h2>
<h3 id="added_2">Added</h3>
<ul><li>Definition lists</li><li>A <code>--toc-depth</code> option to the CLI</li></ul>
<h3 id="deprecated">Deprecated</h3>
<ul><li><code>quillmark.legacy</code> will be removed in 2.0</li></ul>"""
    intro = """<h1 id="changelog">Changelog<a class="headerlink" href="#changelog" title="Permanent link">&para;</a></h1>
<p>All notable changes to this project are documented in this file.</p>
<p>The format is based on <a href="https://keepachangelog.com/en/1.1.0/">Keep a Changelog</a>, and this project adheres to <a href="https://semver.org/spec/v2.0.0.html">Semantic Versioning</a>.</p>"""
    before = changelog_page("quillmark", "quillmark.readthedocs.io", "1.8.2", intro + unreleased + history, repo="quillmark/quillmark")
    after = changelog_page("quillmark", "quillmark.readthedocs.io", "1.9.0", intro + """<h2 id="unreleased">Unreleased<a class="headerlink" href="#unreleased" title="Permanent link">&para;</a></h2>""" + released + history, repo="quillmark/quillmark")
    return Case(
        "quillmark-newer-than-1-8-2-changelog",
        "Tell me when a quillmark release newer than 1.8.2 comes out",
        "en",
        "release",
        False,
        False,
        "/latest/changelog/",
        "a Keep a Changelog page rendered by MkDocs: BEFORE's newest is 1.8.2 with changes listed under Unreleased; AFTER adds 1.9.0 - 2026-11-25",
        before,
        after,
        ["1.9.0"],
    )


def harbordb_negated() -> Case:
    posts_before = [
        Post("HarborDB 2.7: faster vacuum, smaller WAL", "harbordb-2-7", "2026-10-14", "October 14, 2026", "Rui Matos", "HarborDB 2.7 cuts vacuum time in half on large tables and compresses the write-ahead log.", ["release"]),
        Post("Roadmap: what is coming in HarborDB 3.0", "roadmap-3-0", "2026-09-02", "September 2, 2026", "Lena Fischer", "Columnar storage, a new query planner and logical replication across versions. Here is our plan.", ["roadmap"]),
    ]
    posts_after = [
        Post("HarborDB 3.0 is not released yet: an update on the timeline", "harbordb-3-0-timeline-update", "2026-11-25", "November 25, 2026", "Lena Fischer", "Many of you have asked whether HarborDB 3.0 is out. It is not released yet: the new planner still fails 14 of our 2,000 regression queries, and we will not ship it until every one passes. We now target the first quarter of 2027; release candidates will follow in January.", ["roadmap", "3.0"]),
        *posts_before,
    ]
    common = dict(nav=["Docs", "Download", "Blog", "Cloud", "Community"], tagline="Engineering notes and release announcements from the HarborDB team", labels=BLOG_LABELS, footer="© 2026 HarborDB Inc. HarborDB is open source under the Apache 2.0 licence.", ld=True)
    before = project_blog("HarborDB", "harbordb.io", "en", posts_before, **common)
    after = project_blog("HarborDB", "harbordb.io", "en", posts_after, **common)
    return Case(
        "harbordb-3-0-not-released-yet",
        "Tell me when HarborDB 3.0 is released",
        "en",
        "release",
        True,
        False,
        "/blog/",
        "decoy: the new post's title is 'HarborDB 3.0 is not released yet'; the Blog JSON-LD lists posts with dates but no version",
        before,
        after,
    )


def orbit_notes() -> Case:
    body_before = """<section class="whats-new"><h2>What’s new in 3.12</h2><ul><li>Backlinks panel shows unlinked mentions</li><li>PDF export keeps internal links</li></ul><p class="teaser">Orbit Notes 4 is in public beta: <a href="/beta">join the beta</a>.</p></section>
    <section class="requirements"><h2>System requirements</h2><ul><li>macOS 12 or later</li><li>Windows 10 or later (64-bit)</li><li>Ubuntu 22.04 or later, Fedora 39 or later</li></ul></section>"""
    body_after = """<section class="whats-new"><h2>What’s new in 4.0</h2><ul><li>A new editor built on CRDTs: real-time co-editing</li><li>Canvas view</li><li>Plugins can add sidebar panels</li></ul><p class="teaser">Coming from 3.x? Your vault is upgraded on first launch; keep a backup.</p></section>
    <section class="requirements"><h2>System requirements</h2><ul><li>macOS 13 or later</li><li>Windows 10 or later (64-bit)</li><li>Ubuntu 22.04 or later, Fedora 39 or later</li></ul></section>"""
    common = dict(os_list=["macOS", "Windows", "Linux AppImage"], nav=["Features", "Pricing", "Blog", "Download"])
    before = download_page("Orbit Notes", "orbitnotes.app", "3.12.1", "2026-10-08", "October 8, 2026", body_before, **common)
    after = download_page("Orbit Notes", "orbitnotes.app", "4.0.0", "2026-11-26", "November 26, 2026", body_after, **common)
    return Case(
        "orbit-notes-version-4-download-page",
        "Tell me when Orbit Notes version 4 is out",
        "en",
        "release",
        False,
        True,
        "/download",
        "SoftwareApplication JSON-LD softwareVersion 3.12.1 → 4.0.0; BEFORE mentions 'Orbit Notes 4 is in public beta'",
        before,
        after,
        ["4.0.0"],
    )


def tessera_announced() -> Case:
    posts_before = [
        Post("Tessera 3.9.6 released", "tessera-3-9-6", "2026-10-19", "October 19, 2026", "The Tessera team", "Bug fixes for the tile cache and the WMS server.", ["release"]),
        Post("Tessera 4.0: what to expect", "tessera-4-what-to-expect", "2026-09-15", "September 15, 2026", "Keiko Arai", "Vector tiles by default, a new style language and a smaller runtime.", ["4.0"]),
    ]
    posts_after = [
        Post("Tessera 3.9.7 (security release)", "tessera-3-9-7", "2026-11-26", "November 26, 2026", "The Tessera team", "Fixes CVE-2026-41822, a path traversal in the tile server. All 3.9 users should upgrade.", ["release", "security"]),
        Post("Tessera 4.0 release date: March 12, 2027", "tessera-4-0-release-date", "2026-11-24", "November 24, 2026", "Keiko Arai", "We are happy to announce that Tessera 4.0 will be released on March 12, 2027. The first release candidate is planned for February.", ["4.0"]),
        *posts_before,
    ]
    common = dict(nav=["Docs", "Download", "Blog", "Gallery", "Sponsors"], tagline="News from the Tessera map server project", labels=BLOG_LABELS, footer="Tessera is a project of the Open Cartography Foundation.")
    before = project_blog("Tessera", "tessera-maps.org", "en", posts_before, **common)
    after = project_blog("Tessera", "tessera-maps.org", "en", posts_after, **common)
    return Case(
        "tessera-4-0-date-announced-not-released",
        "Tell me when Tessera 4.0 is released",
        "en",
        "release",
        True,
        False,
        "/blog/",
        "decoy: AFTER announces that 4.0 'will be released on March 12, 2027' and ships 3.9.7, a security release",
        before,
        after,
    )


CASES = [tidewater, kestrel_rc, larkspur, quillmark, harbordb_negated, orbit_notes, tessera_announced]
