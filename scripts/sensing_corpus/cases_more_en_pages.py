"""More English cases, pages other than shops: a PyPI project page, an npm versions tab, a
changelog rendered by Docusaurus, a Better Stack and an Instatus status page, a barber's booking
page, a court's fixtures list and a festival's home page."""

from __future__ import annotations

from common import Case, esc, stable

# -- PyPI ------------------------------------------------------------------------------------

PRE = '<span class="badge badge--warning">pre-release</span>'


def httpkit() -> Case:
    releases_before = [
        ("2.0.0rc1", "Jan 5, 2027", "2027-01-05T14:21:09+0000", True),
        ("2.0.0b2", "Dec 9, 2026", "2026-12-09T10:02:45+0000", True),
        ("1.9.3", "Nov 4, 2026", "2026-11-04T10:12:33+0000", False),
        ("1.9.2", "Sep 22, 2026", "2026-09-22T08:44:17+0000", False),
        ("1.9.1", "Aug 1, 2026", "2026-08-01T16:30:51+0000", False),
        ("1.9.0", "Jun 18, 2026", "2026-06-18T12:00:03+0000", False),
    ]
    releases_after = [("2.0.0", "Jan 19, 2027", "2027-01-19T09:47:12+0000", False), *releases_before]

    def page(current: str, date: str, iso: str, releases: list[tuple[str, str, str, bool]]) -> str:
        history = "".join(
            f'<div class="release{" release--current" if v == current else ""}"><a class="card release__card" href="/project/httpkit/{v}/"><img class="release__node" alt="" src="https://pypi.org/static/images/blue-cube.572a5bfb.svg">{PRE if pre else ""}<p class="release__version">{v}</p><p class="release__version-date"><time datetime="{t}" data-controller="localized-time" data-localized-time-relative="true" data-localized-time-show-time="false">{d}</time></p></a></div>'
            for v, d, t, pre in releases
        )
        wheel = current.replace("-", "_")
        return f"""<!DOCTYPE html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="utf-8">
    <meta http-equiv="X-UA-Compatible" content="IE=edge">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="defaultLanguage" content="en">
    <meta name="availableLanguages" content="en, es, fr, ja, pt-BR, uk, el, de, zh-Hans, zh-Hant, ru, he, eo, ko">
    <title>httpkit · PyPI</title>
    <meta name="description" content="A small, typed HTTP client with sync and async APIs">
    <link rel="stylesheet" href="https://pypi.org/static/css/warehouse-ltr.3e9d5f0a.css">
    <link rel="alternate" type="application/rss+xml" title="RSS: latest releases for httpkit" href="https://pypi.org/rss/project/httpkit/releases.xml">
    <meta property="og:url" content="https://pypi.org/project/httpkit/">
    <meta property="og:site_name" content="PyPI">
    <meta property="og:type" content="website">
    <meta property="og:title" content="httpkit">
    <meta property="og:description" content="A small, typed HTTP client with sync and async APIs">
  </head>
  <body data-controller="viewport-toggle">
    <div id="sticky-notifications" class="stick-to-top js-stick-to-top"><div class="notification-bar notification-bar--warning" role="status"><span class="notification-bar__message">Help us improve Python packaging – <a href="https://example.org/survey">donate today!</a></span></div></div>
    <header class="site-header">
      <div class="site-container"><div class="split-layout"><div class="split-layout"><div><a class="site-header__logo" href="/"><img alt="PyPI" src="https://pypi.org/static/images/logo-small.8998e9d1.svg"></a></div><form class="search-form search-form--primary" action="/search/" role="search"><label for="search" class="sr-only">Search PyPI</label><input id="search" class="search-form__search" type="text" name="q" placeholder="Search projects" autocomplete="off" autocapitalize="off" spellcheck="false"><button type="submit" class="search-form__button"><span class="sr-only">Search</span></button></form></div><nav id="user-indicator" class="horizontal-menu horizontal-menu--light horizontal-menu--tall" aria-label="Main navigation"><ul><li class="horizontal-menu__item"><a href="/help/" class="horizontal-menu__link">Help</a></li><li class="horizontal-menu__item"><a href="/sponsors/" class="horizontal-menu__link">Sponsors</a></li><li class="horizontal-menu__item"><a href="/account/login/" class="horizontal-menu__link">Log in</a></li><li class="horizontal-menu__item"><a href="/account/register/" class="horizontal-menu__link">Register</a></li></ul></nav></div></div>
    </header>
    <main id="content">
      <div class="banner">
        <div class="package-header">
          <div class="package-header__left">
            <h1 class="package-header__name">
              httpkit {current}
            </h1>
            <div data-controller="clipboard">
              <p class="package-header__pip-instructions">
                <span id="pip-command">pip install httpkit</span>
                <button type="button" class="copy-tooltip copy-tooltip-w" data-action="clipboard#copy" data-clipboard-target="source" data-clipboard-tooltip-value="Copy to clipboard">Copy PIP instructions</button>
              </p>
            </div>
          </div>
          <div class="package-header__right">
            <a class="status-badge status-badge--good" href="/project/httpkit/"><span>Latest version</span></a>
            <p class="package-header__date">Released: <time datetime="{iso}" data-controller="localized-time" data-localized-time-relative="true" data-localized-time-show-time="false">{date}</time></p>
          </div>
        </div>
      </div>
      <div class="package-description"><div class="site-container"><p class="package-description__summary">A small, typed HTTP client with sync and async APIs</p></div></div>
      <div class="tabs-container">
        <div class="vertical-tabs">
          <div class="vertical-tabs__tabs">
            <div class="sidebar-section"><h3 class="sidebar-section__title">Navigation</h3><nav aria-label="Navigation for httpkit"><ul class="vertical-tabs__list" role="tablist"><li role="tab"><a id="description-tab" href="#description" class="vertical-tabs__tab vertical-tabs__tab--with-icon vertical-tabs__tab--is-active">Project description</a></li><li role="tab"><a id="history-tab" href="#history" class="vertical-tabs__tab vertical-tabs__tab--with-icon">Release history</a></li><li role="tab"><a id="files-tab" href="#files" class="vertical-tabs__tab vertical-tabs__tab--with-icon">Download files</a></li></ul></nav></div>
            <div class="sidebar-section"><h3 class="sidebar-section__title">Project links</h3><ul class="vertical-tabs__list"><li><a class="vertical-tabs__tab vertical-tabs__tab--with-icon vertical-tabs__tab--condensed" href="https://github.com/httpkit/httpkit" rel="nofollow">Source</a></li><li><a class="vertical-tabs__tab vertical-tabs__tab--with-icon vertical-tabs__tab--condensed" href="https://httpkit.readthedocs.io" rel="nofollow">Documentation</a></li><li><a class="vertical-tabs__tab vertical-tabs__tab--with-icon vertical-tabs__tab--condensed" href="https://github.com/httpkit/httpkit/blob/main/CHANGES.md" rel="nofollow">Changelog</a></li></ul></div>
            <div class="sidebar-section"><h3 class="sidebar-section__title">Meta</h3><p><strong>License:</strong> BSD-3-Clause</p><p><strong>Author:</strong> <a href="mailto:maintainers@httpkit.dev">Ines Varga</a></p><p><strong>Requires:</strong> Python &gt;=3.10</p></div>
            <div class="sidebar-section"><h3 class="sidebar-section__title">Classifiers</h3><ul class="sidebar-section__classifiers"><li><strong>Development Status</strong><ul><li><a href="/search/?c=Development+Status+%3A%3A+5+-+Production%2FStable">5 - Production/Stable</a></li></ul></li><li><strong>Framework</strong><ul><li><a href="/search/?c=Framework+%3A%3A+AsyncIO">AsyncIO</a></li></ul></li><li><strong>Typing</strong><ul><li><a href="/search/?c=Typing+%3A%3A+Typed">Typed</a></li></ul></li></ul></div>
          </div>
          <div class="vertical-tabs__panel">
            <div id="description" data-project-tabs-target="content" role="tabpanel" aria-labelledby="description-tab mobile-description-tab" tabindex="-1">
              <h2 class="page-title">Project description</h2>
              <div class="project-description">
                <h1>httpkit</h1>
                <p><a href="https://github.com/httpkit/httpkit/actions" rel="nofollow"><img alt="CI" src="https://camo.pypi.org/a1b2c3/ci.svg"></a> <a href="https://httpkit.readthedocs.io" rel="nofollow"><img alt="docs" src="https://camo.pypi.org/d4e5f6/docs.svg"></a></p>
                <p>httpkit is a small HTTP client for Python with a typed API, connection pooling, HTTP/2 and the same interface for sync and async code.</p>
                <pre><code>import httpkit

with httpkit.Client(base_url="https://api.example.com") as client:
    r = client.get("/users/42", timeout=5)
    r.raise_for_status()
    print(r.json())
</code></pre>
                <h2>Upgrading to 2.0</h2>
                <p>httpkit 2.0 drops Python 3.9, makes timeouts mandatory and replaces <code>Session</code> with <code>Client</code>. The migration guide lists every change. Pre-releases of 2.0 can be installed with <code>pip install --pre httpkit</code>.</p>
                <h2>Supported versions</h2>
                <table><thead><tr><th>Series</th><th>Status</th><th>Python</th></tr></thead><tbody><tr><td>2.x</td><td>current</td><td>3.10 – 3.14</td></tr><tr><td>1.9</td><td>security fixes until June 2027</td><td>3.9 – 3.13</td></tr></tbody></table>
              </div>
            </div>
            <div id="history" data-project-tabs-target="content" role="tabpanel" aria-labelledby="history-tab mobile-history-tab" tabindex="-1">
              <h2 class="page-title split-layout"><span>Release history</span> <span class="reset-text margin-top"><a href="/help/#project-release-notifications">Release notifications</a> | <a href="/rss/project/httpkit/releases.xml">RSS feed</a></span></h2>
              <div class="release-timeline">
                <div class="release release--latest release--current"><div class="release__meta"><span class="badge badge--neutral">This version</span></div></div>
                {history}
              </div>
            </div>
            <div id="files" data-project-tabs-target="content" role="tabpanel" aria-labelledby="files-tab mobile-files-tab" tabindex="-1">
              <h2 class="page-title">Download files</h2>
              <p>Download the file for your platform. If you're not sure which to choose, learn more about <a href="https://packaging.python.org/tutorials/installing-packages/" title="External link" target="_blank" rel="noopener">installing packages</a>.</p>
              <h3>Source Distribution</h3>
              <div class="file"><div class="file__graphic"></div><div class="card file__card"><a href="https://files.pythonhosted.org/packages/7f/2a/httpkit-{current}.tar.gz">httpkit-{current}.tar.gz</a> (188.4 kB <a href="#httpkit-{current}.tar.gz">view details</a>)<p class="file__meta">Uploaded <time datetime="{iso}" data-controller="localized-time" data-localized-time-relative="true" data-localized-time-show-time="false">{date}</time> <code>Source</code></p></div></div>
              <h3>Built Distribution</h3>
              <div class="file"><div class="file__graphic"></div><div class="card file__card"><a href="https://files.pythonhosted.org/packages/c1/99/httpkit-{wheel}-py3-none-any.whl">httpkit-{wheel}-py3-none-any.whl</a> (64.9 kB <a href="#httpkit-{wheel}-py3-none-any.whl">view details</a>)<p class="file__meta">Uploaded <time datetime="{iso}">{date}</time> <code>Python 3</code></p></div></div>
            </div>
          </div>
        </div>
      </div>
    </main>
    <footer class="footer"><div class="footer__logo"><span class="sr-only">Python Software Foundation</span></div><div class="footer__menus"><div class="footer__menu"><h2>Help</h2><ul><li><a href="https://packaging.python.org/tutorials/installing-packages/">Installing packages</a></li><li><a href="https://packaging.python.org/tutorials/packaging-projects/">Uploading packages</a></li><li><a href="/help/">FAQs</a></li></ul></div><div class="footer__menu"><h2>About PyPI</h2><ul><li><a href="/policy/terms-of-use/">Terms of Service</a></li><li><a href="https://www.python.org/privacy/">Privacy Notice</a></li></ul></div></div><div class="footer__text">Status: <a href="https://status.python.org/" title="External link" target="_blank" rel="noopener"><span data-statuspage-domain="https://2p66nmmycsj3.statuspage.io">All Systems Operational</span></a></div><p class="footer__text">Developed and maintained by the Python community, for the Python community.</p><p class="footer__text">&copy; 2027 <a href="https://www.python.org/psf-landing/">Python Software Foundation</a></p></footer>
  </body>
</html>
"""

    before = page("1.9.3", "Nov 4, 2026", "2026-11-04T10:12:33+0000", releases_before)
    after = page("2.0.0", "Jan 19, 2027", "2027-01-19T09:47:12+0000", releases_after)
    return Case(
        "httpkit-2-0-final-on-pypi",
        "Let me know when httpkit 2.0 final lands on PyPI",
        "en",
        "release",
        False,
        False,
        "/project/httpkit/",
        "a PyPI project page: the header goes 'httpkit 1.9.3' → 'httpkit 2.0.0'; BEFORE's release history already lists 2.0.0rc1 and 2.0.0b2 as pre-releases and the description talks about 2.0",
        before,
        after,
        ["2.0.0"],
    )


# -- npm -------------------------------------------------------------------------------------


def quickroute() -> Case:
    def page(latest: str, published: str, tags: list[tuple[str, str, str]], history: list[tuple[str, str, str]], readme_note: str) -> str:
        tag_rows = "".join(f'<tr><td><a class="_132722c7 f5 black-60 lh-copy code" aria-label="{v}" href="/package/quickroute/v/{v}">{v}</a></td><td class="downloads">{d}</td><td class="_4b5a2f5b">{t}</td></tr>' for v, d, t in tags)
        hist_rows = "".join(f'<tr><td><a class="_132722c7 f5 black-60 lh-copy code" aria-label="{v}" href="/package/quickroute/v/{v}">{v}</a></td><td class="downloads">{d}</td><td><time datetime="{when}" title="{when}">{when[:10]}</time></td></tr>' for v, d, when in history)
        return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,minimum-scale=1.0,initial-scale=1,user-scalable=yes">
<title>quickroute - npm</title>
<meta name="description" content="A tiny, fast router for the browser and the edge. Latest version: {latest}, last published: {published}. Start using quickroute in your project by running `npm i quickroute`. There are 412 other projects in the npm registry using quickroute.">
<meta property="og:image" content="https://static-production.npmjs.com/338e4905a2684ca96e08c7780fc68412.png">
<meta property="og:title" content="quickroute">
<meta property="og:description" content="A tiny, fast router for the browser and the edge">
<meta property="og:url" content="https://www.npmjs.com/package/quickroute">
<meta property="og:site_name" content="npm">
<link rel="canonical" href="https://www.npmjs.com/package/quickroute">
<link rel="stylesheet" href="https://static-production.npmjs.com/styles.50f4b1c5d1a8c9e2b7d3.css">
</head>
<body>
<div id="app"><div class="flex flex-column vh-100"><div class="_1d8c3e9f"><div class="bg-white"><header class="bg-white w-100 z-3" role="banner"><div class="_5ad86e37"><span class="_7408f8c1 dib"><a href="/" aria-label="Npm"><svg viewBox="0 0 780 250" aria-hidden="true"></svg></a></span><ul class="_6a9c3ce9 list pl0 ma0"><li class="dib"><a href="/products/pro">Pro</a></li><li class="dib"><a href="/products/teams">Teams</a></li><li class="dib"><a href="/pricing">Pricing</a></li><li class="dib"><a href="https://docs.npmjs.com">Documentation</a></li></ul></div><div class="_3e0c5b6a"><form id="search" method="GET" action="/search" role="search"><input type="search" name="q" placeholder="Search packages" aria-label="Search packages" autocomplete="off"><button type="submit">Search</button></form><a href="/signup">Sign Up</a> <a href="/login">Sign In</a></div></header></div></div>
<main id="main">
<div id="top" class="_8fb11b6f pa3 pa4-ns mw9 center">
<div class="_50685029"><h1 class="_2e5c25f7 mt2 mb2 truncate"><span class="_50685029 truncate" title="quickroute">quickroute</span></h1><span class="_76473bea f6 dib ph0 pv2 mb2-ns black-80 nowrap f5 fw4 lh-copy">{latest}&nbsp;•&nbsp;<span class="black-80 truncate">Public</span>&nbsp;•&nbsp;Published <time datetime="{published}" title="{published}">{published[:10]}</time></span></div>
<ul class="_8055e658 list pl0 w-100 mv0 flex flex-row-ns flex-wrap" role="tablist"><li role="presentation"><a href="?activeTab=readme" role="tab" aria-selected="false" class="_3a2d4f4c">Readme</a></li><li role="presentation"><a href="?activeTab=code" role="tab" aria-selected="false" class="_3a2d4f4c">Code <span class="_0f7a9c0d">Beta</span></a></li><li role="presentation"><a href="?activeTab=dependencies" role="tab" aria-selected="false" class="_3a2d4f4c">0 Dependencies</a></li><li role="presentation"><a href="?activeTab=dependents" role="tab" aria-selected="false" class="_3a2d4f4c">412 Dependents</a></li><li role="presentation"><a href="?activeTab=versions" role="tab" aria-selected="true" class="_3a2d4f4c _4d1e7a2b">{len(history)} Versions</a></li></ul>
<div class="_0fdc7e2a"><section aria-label="Versions"><div class="_03c1b6a1">{readme_note}<h3 class="_3f2ac0e5 mb2 f3 lh-title fw6">Current Tags</h3><table class="w-100 ba b--black-10" aria-labelledby="current-tags"><thead><tr><th>Version</th><th>Downloads (Last 7 Days)</th><th>Tag</th></tr></thead><tbody>{tag_rows}</tbody></table><h3 class="_3f2ac0e5 mb2 f3 lh-title fw6">Version History</h3><p class="f6 black-50"><label><input type="checkbox" checked> show deprecated versions</label></p><table class="w-100 ba b--black-10" aria-labelledby="version-history"><thead><tr><th>Version</th><th>Downloads (Last 7 Days)</th><th>Published</th></tr></thead><tbody>{hist_rows}</tbody></table></div></section>
<aside class="_7e3c82d3"><h3 class="c84e15be f5 mt2 pt2 mb0">Install</h3><p class="d767adf4 lh-copy truncate ph0 mb3 black-80 b5be2af6 f6 flex flex-row"><code class="flex-auto truncate db" title="Copy Command to Clipboard"><span role="button" tabindex="0">npm i quickroute</span></code></p><h3 class="c84e15be f5 mt2 pt2 mb0">Repository</h3><p><a href="https://github.com/quickroute/quickroute">github.com/quickroute/quickroute</a></p><h3 class="c84e15be f5 mt2 pt2 mb0">Weekly Downloads</h3><p class="_9ba9a726 f4 tl flex-auto fw6 black-80 ma0 pr2 pb1">231,774</p><div class="_702d723c dib w-50 bb b--black-10 pr2"><h3 class="c84e15be f5 mt2 pt2 mb0">Version</h3><p class="f2874b88 fw6 mb3 mt2 truncate black-80 f4">{latest}</p></div><div class="_702d723c dib w-50 bb b--black-10 pr2"><h3 class="c84e15be f5 mt2 pt2 mb0">License</h3><p class="f2874b88 fw6 mb3 mt2 truncate black-80 f4">MIT</p></div><div class="_702d723c dib w-50 bb b--black-10 pr2"><h3 class="c84e15be f5 mt2 pt2 mb0">Unpacked Size</h3><p class="f2874b88 fw6 mb3 mt2 truncate black-80 f4">38.2 kB</p></div><div class="_702d723c dib w-50 bb b--black-10 pr2"><h3 class="c84e15be f5 mt2 pt2 mb0">Last publish</h3><p class="f2874b88 fw6 mb3 mt2 truncate black-80 f4"><time datetime="{published}">{published[:10]}</time></p></div></aside>
</div>
</div>
</main>
<footer class="_5f7a8e1a"><div class="mw9 center"><ul><li><a href="/support">Support</a></li><li><a href="https://docs.npmjs.com/policies/terms">Terms of Use</a></li><li><a href="https://docs.github.com/privacy">Privacy</a></li></ul><p>Viewing quickroute version {latest}</p></div></footer>
</div></div></div>
</body>
</html>
"""

    tags_before = [("4.8.1", "58,902", "latest"), ("5.0.0-next.2", "1,204", "next"), ("3.12.4", "2,317", "v3-lts")]
    hist_before = [
        ("5.0.0-next.2", "1,204", "2026-12-18T11:40:02.118Z"),
        ("5.0.0-next.1", "96", "2026-11-27T09:15:44.902Z"),
        ("4.8.1", "58,902", "2026-11-10T16:22:31.447Z"),
        ("4.8.0", "3,811", "2026-10-02T08:05:17.230Z"),
        ("4.7.3", "1,027", "2026-08-21T13:48:55.061Z"),
        ("3.12.4", "2,317", "2026-07-30T10:11:09.884Z"),
    ]
    tags_after = [("4.8.2", "12,640", "latest"), ("5.0.0-next.3", "844", "next"), ("3.12.4", "2,301", "v3-lts")]
    hist_after = [
        ("5.0.0-next.3", "844", "2027-01-21T15:02:48.316Z"),
        ("4.8.2", "12,640", "2027-01-19T10:30:12.771Z"),
        ("5.0.0-next.2", "702", "2026-12-18T11:40:02.118Z"),
        *hist_before[1:],
    ]
    note_b = '<div class="_1a2b3c4d black-70 f5 lh-copy mb3"><p>v5 is in beta. Try it with <code>npm i quickroute@next</code>; see the migration notes in the repository.</p></div>'
    note_a = '<div class="_1a2b3c4d black-70 f5 lh-copy mb3"><p>v5 is in release candidate testing: <code>npm i quickroute@next</code>. We plan to move <code>latest</code> to 5.0.0 once the last routing regressions are fixed.</p></div>'
    before = page("4.8.1", "2026-11-10T16:22:31.447Z", tags_before, hist_before, note_b)
    after = page("4.8.2", "2027-01-19T10:30:12.771Z", tags_after, hist_after, note_a)
    return Case(
        "quickroute-v5-latest-on-npm-still-next",
        "let me know when quickroute v5 is published on npm as the latest version",
        "en",
        "release",
        True,
        False,
        "/package/quickroute?activeTab=versions",
        "decoy: an npm versions tab; AFTER publishes 5.0.0-next.3 under the 'next' tag and a 4.8.2 patch as 'latest'; the note says latest moves to 5.0.0 later",
        before,
        after,
    )


# -- a changelog rendered by Docusaurus --------------------------------------------------------


def cinder() -> Case:
    def page(sections: str, admonition: str) -> str:
        return f"""<!doctype html>
<html lang="en" dir="ltr" class="docs-wrapper plugin-docs plugin-id-default docs-version-current docs-doc-page docs-doc-id-changelog" data-has-hydrated="false">
<head>
<meta charset="UTF-8">
<meta name="generator" content="Docusaurus v3.6.3">
<title data-rh="true">Changelog | cinder</title>
<meta data-rh="true" name="viewport" content="width=device-width,initial-scale=1">
<meta data-rh="true" name="twitter:card" content="summary_large_image">
<meta data-rh="true" property="og:url" content="https://cinder-cli.dev/docs/changelog">
<meta data-rh="true" property="og:title" content="Changelog | cinder">
<meta data-rh="true" name="description" content="All notable changes to cinder are documented here.">
<link data-rh="true" rel="canonical" href="https://cinder-cli.dev/docs/changelog">
<link rel="stylesheet" href="/assets/css/styles.8b3f1c2a.css">
<script src="/assets/js/runtime~main.5e2f9d10.js" defer="defer"></script>
<script src="/assets/js/main.0c7a3b41.js" defer="defer"></script>
</head>
<body class="navigation-with-keyboard">
<script>!function(){{var t=localStorage.getItem("theme");document.documentElement.setAttribute("data-theme",t||"light")}}()</script>
<div id="__docusaurus"><div role="region" aria-label="Skip to main content"><a class="skipToContent_fXgn" href="#__docusaurus_skipToContent_fallback">Skip to main content</a></div>
<div class="theme-announcement-bar announcementBar_mb4j" role="banner"><div class="content_knG7 announcementBarContent_xLdY">⭐️ If you like cinder, give it a star on <a target="_blank" rel="noopener noreferrer" href="https://github.com/cinder-cli/cinder">GitHub</a>!</div></div>
<nav aria-label="Main" class="navbar navbar--fixed-top"><div class="navbar__inner"><div class="navbar__items"><a class="navbar__brand" href="/"><b class="navbar__title text--truncate">cinder</b></a><a class="navbar__item navbar__link navbar__link--active" href="/docs/intro">Docs</a><a class="navbar__item navbar__link" href="/docs/commands">Commands</a><a class="navbar__item navbar__link" href="/blog">Blog</a></div><div class="navbar__items navbar__items--right"><div class="navbar__item dropdown dropdown--hoverable dropdown--right"><a href="#" aria-haspopup="true" aria-expanded="false" role="button" class="navbar__link">Next</a><ul class="dropdown__menu"><li><a class="dropdown__link dropdown__link--active" href="/docs/changelog">Next</a></li><li><a class="dropdown__link" href="/docs/0.8/changelog">0.8</a></li></ul></div><a href="https://github.com/cinder-cli/cinder" target="_blank" rel="noopener noreferrer" class="navbar__item navbar__link header-github-link" aria-label="GitHub repository"></a><div class="navbarSearchContainer_Bca1"><button type="button" class="DocSearch DocSearch-Button" aria-label="Search"><span class="DocSearch-Button-Placeholder">Search</span></button></div></div></div></nav>
<div id="__docusaurus_skipToContent_fallback" class="main-wrapper mainWrapper_z2l0"><div class="docsWrapper_hBAB"><div class="docRoot_UBD9"><aside class="theme-doc-sidebar-container docSidebarContainer_YfHR"><nav aria-label="Docs sidebar" class="menu thin-scrollbar menu_SIkG"><ul class="theme-doc-sidebar-menu menu__list"><li class="theme-doc-sidebar-item-link menu__list-item"><a class="menu__link" href="/docs/intro">Introduction</a></li><li class="theme-doc-sidebar-item-link menu__list-item"><a class="menu__link" href="/docs/install">Installation</a></li><li class="theme-doc-sidebar-item-link menu__list-item"><a class="menu__link" href="/docs/commands">Commands</a></li><li class="theme-doc-sidebar-item-link menu__list-item"><a class="menu__link" href="/docs/config">Configuration</a></li><li class="theme-doc-sidebar-item-link menu__list-item"><a class="menu__link menu__link--active" aria-current="page" href="/docs/changelog">Changelog</a></li></ul></nav></aside>
<main class="docMainContainer_TBSr"><div class="container padding-top--md padding-bottom--lg"><div class="row"><div class="col docItemCol_VOVn"><div class="docItemContainer_Djhp"><article><nav class="theme-doc-breadcrumbs breadcrumbsContainer_Z_bl" aria-label="Breadcrumbs"><ul class="breadcrumbs"><li class="breadcrumbs__item"><a aria-label="Home page" class="breadcrumbs__link" href="/">🏠</a></li><li class="breadcrumbs__item breadcrumbs__item--active"><span class="breadcrumbs__link">Changelog</span></li></ul></nav>
<div class="theme-doc-markdown markdown"><header><h1>Changelog</h1></header>
<p>All notable changes to cinder are documented here. The format is based on <a href="https://keepachangelog.com/en/1.1.0/" target="_blank" rel="noopener noreferrer">Keep a Changelog</a>, and this project adheres to <a href="https://semver.org/spec/v2.0.0.html" target="_blank" rel="noopener noreferrer">Semantic Versioning</a>.</p>
{admonition}
{sections}
<h2 class="anchor anchorWithStickyNavbar_LWe7" id="083---2026-10-14">[0.8.3] - 2026-10-14<a href="#083---2026-10-14" class="hash-link" aria-label="Direct link to [0.8.3] - 2026-10-14">​</a></h2>
<h3 class="anchor anchorWithStickyNavbar_LWe7" id="fixed-2">Fixed</h3><ul><li><code>cinder build --watch</code> no longer rebuilds twice when a file is saved by editors that write a temporary file first.</li></ul>
<h2 class="anchor anchorWithStickyNavbar_LWe7" id="080---2026-08-03">[0.8.0] - 2026-08-03</h2>
<h3 class="anchor anchorWithStickyNavbar_LWe7" id="added-3">Added</h3><ul><li>Plugin API (experimental).</li><li><code>cinder init --template</code>.</li></ul>
<h3 class="anchor anchorWithStickyNavbar_LWe7" id="removed-3">Removed</h3><ul><li>Support for Node 18.</li></ul>
</div>
<footer class="theme-doc-footer docusaurus-mt-lg"><div class="theme-doc-footer-edit-meta-row row"><div class="col"><a href="https://github.com/cinder-cli/cinder/edit/main/CHANGELOG.md" target="_blank" rel="noopener noreferrer" class="theme-edit-this-page">Edit this page</a></div></div></footer></article>
<nav class="pagination-nav docusaurus-mt-lg" aria-label="Docs pages"><a class="pagination-nav__link pagination-nav__link--prev" href="/docs/config"><div class="pagination-nav__sublabel">Previous</div><div class="pagination-nav__label">Configuration</div></a></nav></div></div>
<div class="col col--3"><div class="tableOfContents_bqdL thin-scrollbar theme-doc-toc-desktop"><ul class="table-of-contents table-of-contents__left-border"><li><a href="#unreleased" class="table-of-contents__link toc-highlight">Unreleased</a></li><li><a href="#083---2026-10-14" class="table-of-contents__link toc-highlight">[0.8.3] - 2026-10-14</a></li></ul></div></div></div></div></main></div></div></div>
<footer class="footer footer--dark"><div class="container container-fluid"><div class="row footer__links"><div class="col footer__col"><div class="footer__title">Docs</div><ul class="footer__items clean-list"><li class="footer__item"><a class="footer__link-item" href="/docs/intro">Getting started</a></li></ul></div><div class="col footer__col"><div class="footer__title">Community</div><ul class="footer__items clean-list"><li class="footer__item"><a href="https://github.com/cinder-cli/cinder/discussions" target="_blank" rel="noopener noreferrer" class="footer__link-item">Discussions</a></li></ul></div></div><div class="footer__bottom text--center"><div class="footer__copyright">Copyright © 2027 The cinder authors. Built with Docusaurus.</div></div></div></footer></div>
</body>
</html>
"""

    unreleased_before = """<h2 class="anchor anchorWithStickyNavbar_LWe7" id="unreleased">[Unreleased]<a href="#unreleased" class="hash-link" aria-label="Direct link to [Unreleased]">​</a></h2>
<h3 class="anchor anchorWithStickyNavbar_LWe7" id="added">Added</h3><ul><li><code>cinder deploy</code> to publish a build to any S3-compatible bucket.</li><li>A <code>--json</code> flag for <code>cinder check</code>.</li></ul>
<h3 class="anchor anchorWithStickyNavbar_LWe7" id="changed">Changed</h3><ul><li>The dev server starts on port 4321 instead of 3000.</li></ul>
<h2 class="anchor anchorWithStickyNavbar_LWe7" id="084---2026-12-02">[0.8.4] - 2026-12-02<a href="#084---2026-12-02" class="hash-link" aria-label="Direct link to [0.8.4] - 2026-12-02">​</a></h2>
<h3 class="anchor anchorWithStickyNavbar_LWe7" id="fixed">Fixed</h3><ul><li>Crash when a page's front matter has an empty <code>tags</code> list.</li><li>Windows paths with spaces in <code>cinder serve</code>.</li></ul>"""
    unreleased_after = """<h2 class="anchor anchorWithStickyNavbar_LWe7" id="unreleased">[0.9.0] - Unreleased<a href="#unreleased" class="hash-link" aria-label="Direct link to [0.9.0] - Unreleased">​</a></h2>
<h3 class="anchor anchorWithStickyNavbar_LWe7" id="added">Added</h3><ul><li><code>cinder deploy</code> to publish a build to any S3-compatible bucket.</li><li>A <code>--json</code> flag for <code>cinder check</code>.</li><li>Incremental builds: only pages whose sources changed are rebuilt.</li><li>A <code>cinder doctor</code> command that checks your Node version, config and plugins.</li></ul>
<h3 class="anchor anchorWithStickyNavbar_LWe7" id="changed">Changed</h3><ul><li>The dev server starts on port 4321 instead of 3000.</li><li><strong>Breaking:</strong> <code>cinder.config.js</code> must export a default object; named exports are no longer read.</li></ul>
<h3 class="anchor anchorWithStickyNavbar_LWe7" id="deprecated">Deprecated</h3><ul><li><code>--out-dir</code>; use <code>--outDir</code>.</li></ul>
<h2 class="anchor anchorWithStickyNavbar_LWe7" id="085---2027-01-20">[0.8.5] - 2027-01-20<a href="#085---2027-01-20" class="hash-link" aria-label="Direct link to [0.8.5] - 2027-01-20">​</a></h2>
<h3 class="anchor anchorWithStickyNavbar_LWe7" id="fixed-0">Fixed</h3><ul><li>Security: the dev server no longer serves files outside the project root (GHSA-7q2c-m4vf-9x3h).</li></ul>
<h2 class="anchor anchorWithStickyNavbar_LWe7" id="084---2026-12-02">[0.8.4] - 2026-12-02<a href="#084---2026-12-02" class="hash-link" aria-label="Direct link to [0.8.4] - 2026-12-02">​</a></h2>
<h3 class="anchor anchorWithStickyNavbar_LWe7" id="fixed">Fixed</h3><ul><li>Crash when a page's front matter has an empty <code>tags</code> list.</li><li>Windows paths with spaces in <code>cinder serve</code>.</li></ul>"""
    note = '<div class="theme-admonition theme-admonition-info admonition_xJq3 alert alert--info"><div class="admonitionHeading_Gvgb"><span class="admonitionIcon_Rf37"></span>info</div><div class="admonitionContent_BuS1"><p>0.9.0 is feature-frozen. We expect to tag it in the first week of February; until then, try it with <code>npm i -g cinder-cli@next</code>.</p></div></div>'
    before = page(unreleased_before, "")
    after = page(unreleased_after, note)
    return Case(
        "cinder-0-9-changelog-still-unreleased",
        "When cinder 0.9 ships, tell me",
        "en",
        "release",
        True,
        False,
        "/docs/changelog",
        "decoy: a Keep a Changelog page rendered by Docusaurus; AFTER's top heading is '[0.9.0] - Unreleased' with a note that it is expected in February, and a real release, 0.8.5, appears below it",
        before,
        after,
    )


# -- Better Stack: a status page with two incidents -------------------------------------------


def quillbox() -> Case:
    def monitor(name: str, state: str, label: str) -> str:
        bars = "".join(f'<div class="status-bar__day status-bar__day--{"down" if (i > 86 and state != "up") else "up"}" data-tooltip="{"Degraded" if (i > 86 and state != "up") else "No downtime"}"></div>' for i in range(90))
        return f'<div class="monitor" data-monitor-status="{state}"><div class="monitor__header"><span class="monitor__name">{name}</span> <span class="monitor__status monitor__status--{state}">{label}</span></div><div class="status-bar">{bars}</div><div class="monitor__uptime"><span>90 days ago</span><span>{"99.91" if state != "up" else "100.00"}% uptime</span><span>Today</span></div></div>'

    def incident(title: str, status: str, updates: list[tuple[str, str, str]], affected: str) -> str:
        ups = "".join(f'<div class="incident-update"><strong class="incident-update__status">{s}</strong><p>{esc(body)}</p><time class="incident-update__time">{when}</time></div>' for s, body, when in updates)
        return f'<article class="incident incident--{status.lower()}"><header><h3 class="incident__title"><a href="/incident/{stable(title) % 900000 + 100000}">{esc(title)}</a></h3><span class="incident__badge">{status}</span></header><p class="incident__affected">Affected: {affected}</p>{ups}</article>'

    web_open = incident(
        "Webhook delivery delays",
        "Identified",
        [
            ("Identified", "The delays are caused by a backlog in one of our delivery queues after a failed deploy. We have rolled back and are draining the queue. Webhooks are delivered, but up to 25 minutes late.", "Jan 21, 2027 · 10:42 GMT"),
            ("Investigating", "We are investigating delays in webhook deliveries. The dashboard and API are not affected.", "Jan 21, 2027 · 09:58 GMT"),
        ],
        "Webhooks",
    )
    web_done = incident(
        "Webhook delivery delays",
        "Resolved",
        [
            ("Resolved", "The queue has been drained and webhooks have been delivered in real time since 12:05 GMT. Deliveries that were delayed have all been sent; none were dropped. We're sorry for the disruption.", "Jan 21, 2027 · 12:31 GMT"),
            ("Identified", "The delays are caused by a backlog in one of our delivery queues after a failed deploy. We have rolled back and are draining the queue. Webhooks are delivered, but up to 25 minutes late.", "Jan 21, 2027 · 10:42 GMT"),
            ("Investigating", "We are investigating delays in webhook deliveries. The dashboard and API are not affected.", "Jan 21, 2027 · 09:58 GMT"),
        ],
        "Webhooks",
    )
    search = incident(
        "Search indexing slower than usual",
        "Investigating",
        [("Investigating", "New and edited documents can take up to an hour to appear in search results. We're looking into it; webhooks and the API are not affected by this issue.", "Jan 21, 2027 · 11:20 GMT")],
        "Search",
    )

    def page(ongoing: list[str], recent: list[str], webhooks: tuple[str, str]) -> str:
        monitors = "".join([monitor("Dashboard", "up", "Operational"), monitor("REST API", "up", "Operational"), monitor("Webhooks", *webhooks), monitor("Search", "degraded", "Degraded"), monitor("File uploads", "up", "Operational")])
        recent_html = "".join(recent) or '<p class="muted">No incidents reported in the last 7 days.</p>'
        return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Quillbox status</title>
<meta name="description" content="Welcome to Quillbox status page for real-time and historical data on system performance.">
<meta property="og:title" content="Quillbox status">
<meta property="og:site_name" content="Better Stack">
<link rel="icon" href="https://status.quillbox.io/favicon.ico">
<link rel="stylesheet" href="https://uptime.betterstack.com/assets/status_page-8d2c1f0b.css">
</head>
<body class="status-page status-page--light">
<header class="status-page__header"><div class="container"><a class="status-page__logo" href="https://quillbox.io"><img src="https://uptime.betterstack.com/status-page/logos/quillbox.png" alt="Quillbox"></a><nav><a href="https://quillbox.io">Website</a> <a href="https://quillbox.io/help">Help center</a> <a class="btn" href="#subscribe">Get updates</a></nav></div></header>
<main class="container">
<section class="status-page__overview status-page__overview--degraded"><h1>Some systems are degraded</h1><p class="muted">Last updated Jan 21, 2027 · 12:40 GMT</p></section>
<section class="status-page__ongoing"><h2>Ongoing incidents</h2>{"".join(ongoing)}</section>
<section class="status-page__monitors"><h2>Current status by service</h2>{monitors}</section>
<section class="status-page__recent"><h2>Recent notices</h2>{recent_html}<a href="/history">View history</a></section>
<section id="subscribe" class="status-page__subscribe"><h2>Get updates</h2><form action="/subscribe" method="post"><label for="email">Email</label><input id="email" type="email" name="email" placeholder="you@company.com"><button type="submit">Subscribe</button></form><p>Or follow <a href="https://status.quillbox.io/feed.rss">RSS</a> · <a href="https://status.quillbox.io/feed.atom">Atom</a> · <a href="https://status.quillbox.io/slack">Slack</a></p></section>
</main>
<footer class="status-page__footer"><div class="container"><a href="https://betterstack.com/status-page?utm_source=status-page" target="_blank" rel="noopener">Powered by Better Stack</a> · <a href="https://quillbox.io/privacy">Privacy</a></div></footer>
</body>
</html>
"""

    before = page([web_open, search], [], ("degraded", "Degraded"))
    after = page([search], [web_done], ("up", "Operational"))
    return Case(
        "quillbox-webhook-delays-fixed",
        "Message me when Quillbox's webhook delivery delays are fixed",
        "en",
        "incident",
        False,
        False,
        "/",
        "a Better Stack status page with two incidents: 'Webhook delivery delays' goes Identified → Resolved and Webhooks Degraded → Operational, while 'Search indexing slower than usual' stays ongoing and the headline still says 'Some systems are degraded'",
        before,
        after,
    )


# -- Instatus: a status page with a component, an incident and a scheduled maintenance --------


def parcelbird() -> Case:
    def page(label: str, comp_class: str, headline: str, incident: str, past: str) -> str:
        comps = [("Dashboard", "operational", "Operational"), ("Label printing", comp_class, label), ("Tracking API", "operational", "Operational"), ("Shopify app", "operational", "Operational"), ("Carrier integrations", "operational", "Operational")]
        comp_html = "".join(f'<div class="component component--{c}"><span class="component__name">{n}</span><span class="component__status">{s}</span></div>' for n, c, s in comps)
        return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width">
<title>Parcelbird Status</title>
<meta name="description" content="Parcelbird status page">
<meta property="og:title" content="Parcelbird Status">
<meta property="og:image" content="https://instatus.com/og/parcelbird.png">
<meta name="next-head-count" content="6">
<link rel="preload" href="/_next/static/css/0d7c1b9e62a3f4c5.css" as="style">
<link rel="stylesheet" href="/_next/static/css/0d7c1b9e62a3f4c5.css" data-n-g="">
</head>
<body>
<div id="__next"><div class="page light">
<header class="header"><div class="header__inner"><a href="https://parcelbird.com" class="header__logo"><img alt="Parcelbird" src="https://instatus.com/logos/parcelbird.svg"></a><div class="header__actions"><a class="button" href="https://parcelbird.com/support">Contact support</a><button class="button button--primary" type="button">Subscribe</button></div></div></header>
<main class="main">
<div class="status-hero status-hero--{comp_class}"><h1>{headline}</h1></div>
{incident}
<section class="maintenance"><h2>Scheduled maintenance</h2><article class="notice notice--maintenance"><h3><a href="/maintenance/cl9x2k4qz">Database upgrade</a></h3><p class="notice__when">Sat, Jan 16 · 02:00 – 03:00 GMT</p><p>We are upgrading our primary database. Label printing and the dashboard will be unavailable for up to 60 minutes during this window. Tracking webhooks will be queued and delivered afterwards.</p><p class="notice__affected">Affects: Label printing, Dashboard</p></article></section>
<section class="components"><h2>Components</h2>{comp_html}</section>
<section class="past"><h2>Past notices</h2>{past}<a href="/history">Incident history</a></section>
</main>
<footer class="footer"><a href="https://instatus.com?utm_source=parcelbird" rel="noopener" target="_blank">Powered by Instatus</a></footer>
</div></div>
<script id="__NEXT_DATA__" type="application/json">{{"props":{{"pageProps":{{"subdomain":"parcelbird","lang":"en"}}}},"page":"/[subdomain]","query":{{"subdomain":"parcelbird"}},"buildId":"q1Gx8f0vHk2Zr7tL3mWcY","isFallback":false,"gssp":true,"scriptLoader":[]}}</script>
</body>
</html>
"""

    open_incident = """<section class="incidents"><article class="notice notice--major"><h2><a href="/incident/clr4u8b1e">Labels fail to generate for all carriers</a></h2><div class="notice__update"><strong>Identified</strong><p>A certificate used to sign requests to our label service expired at 07:00 GMT. Every label request is failing, for every carrier. We're rotating the certificate now.</p><time>Jan 14, 2027 · 08:05 GMT</time></div><div class="notice__update"><strong>Investigating</strong><p>Label printing is failing for all merchants. Tracking and the dashboard are working.</p><time>Jan 14, 2027 · 07:22 GMT</time></div></article></section>"""
    resolved = """<article class="notice notice--resolved"><h3><a href="/incident/clr4u8b1e">Labels fail to generate for all carriers</a></h3><div class="notice__update"><strong>Resolved</strong><p>The certificate has been rotated and labels are generating normally again for all carriers. If a label failed this morning, please print it again. We've added monitoring for certificate expiry.</p><time>Jan 14, 2027 · 09:41 GMT</time></div><div class="notice__update"><strong>Identified</strong><p>A certificate used to sign requests to our label service expired at 07:00 GMT. Every label request is failing, for every carrier. We're rotating the certificate now.</p><time>Jan 14, 2027 · 08:05 GMT</time></div></article>"""
    earlier = """<article class="notice notice--resolved"><h3><a href="/incident/clqz7d3aa">Slow tracking updates for DPD</a></h3><div class="notice__update"><strong>Resolved</strong><p>DPD tracking events are arriving in real time again.</p><time>Jan 6, 2027 · 16:10 GMT</time></div></article>"""
    before = page("Major outage", "major", "Label printing is down", open_incident, earlier)
    after = page("Operational", "operational", "All systems operational", "", resolved + earlier)
    return Case(
        "parcelbird-label-printing-working-again",
        "Tell me when Parcelbird label printing works again",
        "en",
        "incident",
        False,
        False,
        "/",
        "an Instatus page: the label incident goes Identified → Resolved and the component Major outage → Operational; a scheduled maintenance on both pages says label printing 'will be unavailable' on 16 January",
        before,
        after,
    )


# -- a barber's booking page ----------------------------------------------------------------


def fade_and_co() -> Case:
    days = [("Thu", "14", "2027-01-14"), ("Fri", "15", "2027-01-15"), ("Sat", "16", "2027-01-16"), ("Sun", "17", "2027-01-17"), ("Mon", "18", "2027-01-18"), ("Tue", "19", "2027-01-19"), ("Wed", "20", "2027-01-20")]

    def page(times: str, next_line: str) -> str:
        strip = "".join(
            f'<li><button type="button" class="date-chip{" date-chip--selected" if iso == "2027-01-16" else ""}{" date-chip--closed" if iso == "2027-01-17" else ""}" data-date="{iso}" aria-pressed="{"true" if iso == "2027-01-16" else "false"}"><span class="date-chip__weekday">{wd}</span><span class="date-chip__day">{d}</span></button></li>'
            for wd, d, iso in days
        )
        return f"""<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Select time – Fade &amp; Co Shoreditch | Book online</title>
<meta name="robots" content="noindex">
<link rel="stylesheet" href="https://book.trimly.app/static/widget.7c21f3.css">
</head>
<body class="booking-flow">
<header class="bf-header"><a class="bf-back" href="/a/fade-and-co-shoreditch/booking/services">← Back</a><div class="bf-venue"><img src="https://book.trimly.app/venues/fade-and-co/logo.png" alt="" width="40" height="40"><div><p class="bf-venue__name">Fade &amp; Co</p><p class="bf-venue__address">42 Redchurch Street, Shoreditch, London E2 7DP</p></div></div></header>
<ol class="bf-steps"><li class="bf-steps__item bf-steps__item--done">Services</li><li class="bf-steps__item bf-steps__item--done">Professional</li><li class="bf-steps__item bf-steps__item--current">Time</li><li class="bf-steps__item">Confirm</li></ol>
<main class="bf-main">
<h1>Select time</h1>
<div class="bf-selected"><p>Skin fade · 45 mins · £32</p><p>Any professional</p></div>
<section class="bf-calendar"><h2 class="bf-calendar__month">January 2027</h2><ul class="bf-calendar__days">{strip}</ul></section>
<section class="bf-times" aria-live="polite"><h2>Saturday 16 January</h2>{times}</section>
{next_line}
<aside class="bf-policy"><h2>Cancellation policy</h2><p>Please cancel or reschedule at least 12 hours before your appointment. Late cancellations and no-shows are charged 50% of the service price.</p></aside>
</main>
<aside class="bf-summary"><h2>Fade &amp; Co Shoreditch</h2><p>Open Tue–Fri 10:00–20:00, Sat 09:00–18:00, Mon 11:00–19:00. Closed Sundays.</p><p>Walk-ins welcome on weekdays when a chair is free.</p></aside>
<footer class="bf-footer">Booking powered by Trimly · <a href="https://trimly.app/terms">Terms</a> · <a href="https://trimly.app/privacy">Privacy</a></footer>
</body>
</html>
"""

    full = '<div class="bf-empty"><p class="bf-empty__title">Fully booked on this date</p><p>All our barbers are booked for Saturday 16 January. Try another date or join the waitlist.</p><button type="button" class="btn btn--secondary">Join waitlist</button></div>'
    one = '<ul class="bf-times__list"><li><button type="button" class="time-slot"><span class="time-slot__time">15:45</span> <span class="time-slot__who">with Jordan</span></button></li></ul>'
    before = page(full, '<p class="bf-next"><span>Next available:</span> <button type="button" class="link">Tuesday 19 January, 10:30</button></p>')
    after = page(one, "")
    return Case(
        "fade-and-co-shoreditch-saturday-haircut",
        "Is there any haircut slot at Fade & Co Shoreditch this Saturday (16 Jan)? Keep an eye on it for me",
        "en",
        "slot",
        False,
        False,
        "/a/fade-and-co-shoreditch/booking?service=skin-fade&date=2027-01-16",
        "a barber's booking widget: Saturday 16 January goes 'Fully booked on this date' (with 'Next available: Tuesday 19 January, 10:30') → a 15:45 slot with Jordan",
        before,
        after,
        ["2027-01-16", "15:45"],
    )


# -- a court's fixtures list ------------------------------------------------------------------


def harlow_penrose() -> Case:
    rows_common = [
        ("Tue 23 Feb 2027", "10.30am", "Court 19", "Deputy Master Scott", "BL-2025-001944", "Harlow Developments Ltd v Kerr", "Case management conference (2 hours)"),
        ("Wed 24 Feb 2027", "10.30am", "Court 25", "Mr Justice Adair", "PT-2026-000317", "Re Fenwick Trust", "Part 7 trial (3 days)"),
        ("Thu 25 Feb 2027", "2.00pm", "Court 10", "ICC Judge Prentis", "CR-2026-004411", "Re Lanyard Logistics Ltd", "Winding-up petition"),
        ("Mon 1 Mar 2027", "10.30am", "Court 14", "Mrs Justice Okafor", "BL-2026-000590", "Orbis Capital LLP v Drummond & Ors", "Application (half day)"),
    ]
    new = ("Tue 2 Mar 2027", "10.30am", "Court 14", "Mrs Justice Okafor", "BL-2026-000812", "Harlow v Penrose Estates Ltd", "Application for summary judgment (1 day)")
    later = [
        ("Wed 3 Mar 2027", "10.30am", "Court 26", "Master Kaye", "PT-2026-000702", "Singh v Singh", "Costs and case management conference"),
        ("Mon 8 Mar 2027", "10.30am", "Court 18", "Mr Justice Brennan", "BL-2025-002210", "Northgate Pharma Ltd v Vale Biotech Ltd", "Trial (5 days)"),
    ]

    def page(rows: list[tuple[str, ...]], updated: str) -> str:
        body = "".join("<tr class=\"govuk-table__row\">" + "".join(f'<td class="govuk-table__cell">{esc(c)}</td>' for c in row) + "</tr>" for row in rows)
        return f"""<!DOCTYPE html>
<html lang="en" class="govuk-template">
<head>
<meta charset="utf-8">
<title>Chancery Division: fixtures list - Business and Property Courts - Courts and Tribunals Judiciary</title>
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<link rel="stylesheet" href="/assets/application-9c7e1d.css">
</head>
<body class="govuk-template__body">
<div class="govuk-cookie-banner" role="region" aria-label="Cookies on this site"><div class="govuk-cookie-banner__message govuk-width-container"><h2 class="govuk-cookie-banner__heading govuk-heading-m">Cookies on this site</h2><div class="govuk-cookie-banner__content"><p class="govuk-body">We use some essential cookies to make this site work. We'd like to set additional cookies to understand how you use the site.</p></div><div class="govuk-button-group"><button type="button" class="govuk-button">Accept additional cookies</button><button type="button" class="govuk-button">Reject additional cookies</button></div></div></div>
<header class="site-header"><div class="govuk-width-container"><a href="/" class="site-header__logo">Courts and Tribunals Judiciary</a><nav aria-label="Menu"><ul><li><a href="/about-the-judiciary/">About the judiciary</a></li><li><a href="/judgments/">Judgments</a></li><li><a href="/court-lists/">Court lists</a></li><li><a href="/guidance-and-resources/">Guidance</a></li></ul></nav></div></header>
<div class="govuk-width-container">
<nav class="govuk-breadcrumbs"><ol class="govuk-breadcrumbs__list"><li class="govuk-breadcrumbs__list-item"><a class="govuk-breadcrumbs__link" href="/">Home</a></li><li class="govuk-breadcrumbs__list-item"><a class="govuk-breadcrumbs__link" href="/court-lists/">Court lists</a></li><li class="govuk-breadcrumbs__list-item"><a class="govuk-breadcrumbs__link" href="/court-lists/business-and-property-courts/">Business and Property Courts</a></li></ol></nav>
<main class="govuk-main-wrapper" id="main-content" role="main">
<h1 class="govuk-heading-xl">Chancery Division: fixtures list</h1>
<p class="govuk-body-s">Last updated: {updated}</p>
<div class="govuk-inset-text">This list shows hearings fixed in the Chancery Division (Business List, Property Trusts and Probate List, Insolvency and Companies List) at the Rolls Building, Fetter Lane, London EC4A 1NL, over the next eight weeks. Hearings may be moved or vacated at short notice; the daily cause list, published at 2pm on the working day before, is the final word.</div>
<p class="govuk-body">Applications to vacate or adjourn a fixture must be made to the Chancery Listing Office. Parties whose case is not yet listed will be contacted by the listing office with available dates.</p>
<table class="govuk-table"><caption class="govuk-table__caption govuk-table__caption--m">Fixtures</caption><thead class="govuk-table__head"><tr class="govuk-table__row"><th scope="col" class="govuk-table__header">Date</th><th scope="col" class="govuk-table__header">Time</th><th scope="col" class="govuk-table__header">Court</th><th scope="col" class="govuk-table__header">Judge</th><th scope="col" class="govuk-table__header">Claim number</th><th scope="col" class="govuk-table__header">Case</th><th scope="col" class="govuk-table__header">Hearing</th></tr></thead><tbody class="govuk-table__body">{body}</tbody></table>
<h2 class="govuk-heading-m">Contact the Chancery Listing Office</h2><p class="govuk-body">Rolls Building, 7 Rolls Buildings, Fetter Lane, London EC4A 1NL. Telephone 020 7947 6000, Monday to Friday 10am to 4pm.</p>
</main>
</div>
<footer class="govuk-footer"><div class="govuk-width-container"><ul class="govuk-footer__inline-list"><li class="govuk-footer__inline-list-item"><a class="govuk-footer__link" href="/accessibility/">Accessibility</a></li><li class="govuk-footer__inline-list-item"><a class="govuk-footer__link" href="/privacy/">Privacy</a></li><li class="govuk-footer__inline-list-item"><a class="govuk-footer__link" href="/cookies/">Cookies</a></li></ul><p class="govuk-footer__meta-custom">&copy; Crown copyright</p></div></footer>
</body>
</html>
"""

    before = page(rows_common + later, "15 January 2027")
    after = page([*rows_common, new, *later], "22 January 2027")
    return Case(
        "harlow-v-penrose-estates-hearing-date",
        "Let me know when Harlow v Penrose Estates gets a hearing date",
        "en",
        "notice",
        False,
        False,
        "/court-lists/business-and-property-courts/chancery-fixtures/",
        "a court's fixtures list: AFTER adds 'Harlow v Penrose Estates Ltd' on Tue 2 Mar 2027 at 10.30am; 'Harlow Developments Ltd v Kerr' is listed on 23 Feb on both pages",
        before,
        after,
        ["2027-03-02", "10:30"],
    )


# -- a festival's home page --------------------------------------------------------------------


def brightwater() -> Case:
    def page(hero: str, description: str) -> str:
        return f"""<!doctype html>
<html xmlns:og="http://opengraphprotocol.org/schema/" xmlns:fb="http://www.facebook.com/2008/fbml" lang="en-GB">
<head>
<meta http-equiv="X-UA-Compatible" content="IE=edge,chrome=1">
<meta name="viewport" content="width=device-width, initial-scale=1">
<base href="">
<meta charset="utf-8" />
<title>Brightwater Jazz Festival</title>
<link rel="icon" type="image/x-icon" href="https://images.squarespace-cdn.com/content/v1/5f2a/favicon.ico?format=100w"/>
<link rel="canonical" href="https://www.brightwaterjazz.co.uk"/>
<meta property="og:site_name" content="Brightwater Jazz Festival"/>
<meta property="og:title" content="Brightwater Jazz Festival"/>
<meta property="og:url" content="https://www.brightwaterjazz.co.uk"/>
<meta property="og:type" content="website"/>
<meta property="og:description" content="{esc(description)}"/>
<meta itemprop="name" content="Brightwater Jazz Festival"/>
<meta itemprop="url" content="https://www.brightwaterjazz.co.uk"/>
<meta name="twitter:title" content="Brightwater Jazz Festival"/>
<meta name="twitter:card" content="summary"/>
<meta name="description" content="{esc(description)}" />
<script type="application/ld+json">{{"url":"https://www.brightwaterjazz.co.uk","name":"Brightwater Jazz Festival","description":"","@context":"http://schema.org","@type":"WebSite"}}</script>
<script type="application/ld+json">{{"address":"Riverside Park, Totnes, TQ9 5JA, United Kingdom","openingHours":"","@context":"http://schema.org","@type":"LocalBusiness"}}</script>
<link rel="stylesheet" type="text/css" href="https://static1.squarespace.com/static/versioned-site-css/5f2a/site.css"/>
<script>Static = window.Static || {{}}; Static.SQUARESPACE_CONTEXT = {{"website":{{"siteTitle":"Brightwater Jazz Festival","language":"en-GB","timeZone":"Europe/London"}}}};</script>
</head>
<body id="collection-5f2a00c1" class="header-layout-nav-right tweak-global-animations-enabled primary-button-style-solid homepage collection-type-page view-list">
<div id="siteWrapper" class="clearfix site-wrapper">
<header data-test="header" id="header" class="header theme-col--primary" data-section-theme="" data-controller="Header"><div class="header-announcement-bar-wrapper"><div class="header-inner container--fluid"><div class="header-display-desktop"><div class="header-title-nav-wrapper"><div class="header-title" data-animation-role="header-element"><div class="header-title-text"><a href="/" data-animation-role="header-element">Brightwater Jazz Festival</a></div></div><div class="header-nav"><div class="header-nav-wrapper"><nav class="header-nav-list"><div class="header-nav-item header-nav-item--collection header-nav-item--active"><a href="/" aria-current="page">Home</a></div><div class="header-nav-item header-nav-item--collection"><a href="/line-up">Line-up</a></div><div class="header-nav-item header-nav-item--collection"><a href="/tickets">Tickets</a></div><div class="header-nav-item header-nav-item--collection"><a href="/camping">Camping</a></div><div class="header-nav-item header-nav-item--collection"><a href="/faq">FAQ</a></div><div class="header-nav-item header-nav-item--collection"><a href="/volunteer">Volunteer</a></div></nav></div></div></div></div></div></div></header>
<main id="page" class="container" role="main">
<article class="sections" id="sections" data-page-sections="5f2a00c1">
<section data-test="page-section" data-section-theme="dark" class="page-section full-bleed-section layout-engine-section background-width--full-bleed section-height--large content-width--wide horizontal-alignment--center vertical-alignment--middle has-background dark"><div class="section-background"><img alt="" src="https://images.squarespace-cdn.com/content/v1/5f2a/stage-night.jpg" data-image-focal-point="0.5,0.5"></div><div class="content-wrapper"><div class="content"><div class="sqs-layout sqs-grid-12 columns-12" data-type="page-section"><div class="row sqs-row"><div class="col sqs-col-12 span-12"><div class="sqs-block html-block sqs-block-html" data-block-type="2"><div class="sqs-block-content"><div class="sqs-html-content">{hero}</div></div></div></div></div></div></div></div></section>
<section data-test="page-section" data-section-theme="white" class="page-section layout-engine-section background-width--full-bleed section-height--medium content-width--wide horizontal-alignment--center vertical-alignment--middle white"><div class="content-wrapper"><div class="content"><div class="sqs-block html-block sqs-block-html"><div class="sqs-block-content"><div class="sqs-html-content"><h2>Three days of jazz by the River Dart</h2><p class="">Brightwater brings big bands, trios and late-night jam sessions to Riverside Park, Totnes, every July. Camping, a kids' field, food from Devon producers and the famous Sunday gospel brunch.</p><h3>Thank you, 2026!</h3><p class="">Over 6,000 of you joined us on 17–19 July 2026 for our twelfth festival. Photos and the 2026 playlist are up on the blog.</p></div></div></div></div></div></section>
<section data-test="page-section" data-section-theme="light" class="page-section layout-engine-section"><div class="content-wrapper"><div class="content"><div class="sqs-block newsletter-block sqs-block-newsletter"><div class="sqs-block-content"><div class="newsletter-form-wrapper"><h2 class="newsletter-form-header-title">Be the first to know</h2><div class="newsletter-form-header-description"><p>Line-up announcements, ticket news and early-bird offers, straight to your inbox.</p></div><form class="newsletter-form" action="" autocomplete="on" method="POST" novalidate><div class="newsletter-form-field-wrapper form-item field email required"><label class="newsletter-form-field-label title" for="email-yui_3_17_2_1">Email Address</label><input id="email-yui_3_17_2_1" class="newsletter-form-field-element field-element" name="email" x-autocompletetype="email" autocomplete="email" type="email" spellcheck="false" placeholder="Email Address" /></div><div data-animation-role="button" class="newsletter-form-button-wrapper submit-wrapper"><button class="newsletter-form-button sqs-system-button sqs-editable-button sqs-button-element--primary" type="submit" value="Sign Up"><span class="newsletter-form-button-label">Sign Up</span></button></div></form></div></div></div></div></div></section>
</article>
</main>
<footer class="sections" id="footer-sections" data-footer-sections><section class="page-section"><div class="content-wrapper"><div class="content"><p>Brightwater Jazz Festival CIC · Riverside Park, Totnes TQ9 5JA · <a href="mailto:hello@brightwaterjazz.co.uk">hello@brightwaterjazz.co.uk</a></p><p><a href="/privacy">Privacy</a> · <a href="/accessibility">Accessibility</a> · <a href="https://instagram.com/brightwaterjazz">Instagram</a></p></div></div></section></footer>
</div>
<script defer="true" src="https://static1.squarespace.com/static/vta/5c5a519771c10ba3470d8101/scripts/site-bundle.js" type="text/javascript"></script>
</body>
</html>
"""

    hero_before = '<h1 style="white-space:pre-wrap;">Brightwater Jazz Festival</h1><p class="sqsrte-large" style="white-space:pre-wrap;">2027 dates coming soon</p><p class="" style="white-space:pre-wrap;">We’re busy planning our thirteenth year. Sign up below to hear first when dates and early-bird tickets are announced.</p>'
    hero_after = '<p class="sqsrte-small" style="white-space:pre-wrap;">SAVE THE DATE</p><h1 style="white-space:pre-wrap;">Brightwater Jazz Festival 2027</h1><p class="sqsrte-large" style="white-space:pre-wrap;">16–18 July 2027</p><p class="" style="white-space:pre-wrap;">Friday to Sunday at Riverside Park, Totnes. Early-bird weekend tickets go on sale on 1 March – sign up below to get the link first.</p>'
    before = page(hero_before, "Three days of jazz by the River Dart in Totnes. 2027 dates coming soon.")
    after = page(hero_after, "Brightwater Jazz Festival 2027: 16–18 July 2027, Riverside Park, Totnes.")
    return Case(
        "brightwater-jazz-2027-save-the-date",
        "Keep an eye on Brightwater Jazz Festival and tell me when they put out the 2027 dates",
        "en",
        "event",
        False,
        False,
        "/",
        "a Squarespace festival site: '2027 dates coming soon' → 'SAVE THE DATE … 16–18 July 2027' (this save-the-date has dates); the 2026 edition's dates, 17–19 July 2026, are on both pages; no Event data",
        before,
        after,
        ["2027-07-16"],
    )


CASES = [httpkit, quickroute, cinder, quillbox, parcelbird, fade_and_co, harlow_penrose, brightwater]
