"""Status pages: an Atlassian Statuspage incident page, a status summary with components,
and an operator's service-disruption page."""

from __future__ import annotations

from dataclasses import dataclass, field

from common import esc


@dataclass
class Update:
    status: str  # the label as printed: Resolved, Monitoring, Identified, Investigating, Update
    body: str
    shown: str  # Nov 27, 2026 - 14:32 UTC
    iso: str = ""


def statuspage_incident(company: str, domain: str, title: str, impact: str, updates: list[Update], components: list[str], *, lang: str = "en", words: dict[str, str] | None = None) -> str:
    """One incident's page on a hosted Statuspage (newest update first)."""
    w = {
        "subscribe": "Subscribe to Updates",
        "affected": "This incident affected",
        "powered": "Powered by Atlassian Statuspage",
        "back": "← Current Status",
        "history": "Incident History",
        "posted": "Posted",
    } | (words or {})
    rows = "".join(
        f"""<div class="row update-row">
          <div class="update-title span3 font-large">{esc(u.status)}</div>
          <div class="update-body font-regular">
            <span class="whitespace-pre-wrap">{esc(u.body)}</span>
            <div class="update-timestamp font-small color-secondary">{w['posted']} <span class="ago" data-datetime-unix="{abs(len(u.shown) * 7919)}">{esc(u.shown)}</span></div>
          </div>
        </div>"""
        for u in updates
    )
    return f"""<!DOCTYPE html>
<html lang="{lang}">
  <head>
    <meta http-equiv="X-UA-Compatible" content="IE=edge">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    <title>{esc(company)} Status - {esc(title)}</title>
    <link rel="alternate" type="application/atom+xml" href="https://{domain}/history.atom" title="{esc(company)} Status History ATOM Feed">
    <link rel="alternate" type="application/rss+xml" href="https://{domain}/history.rss" title="{esc(company)} Status History RSS Feed">
    <meta name="description" content="{esc(company)}'s Status Page - {esc(title)}.">
    <meta property="og:title" content="{esc(title)}">
    <meta property="og:type" content="website">
    <meta property="og:image" content="https://dka575ofm4ao0.cloudfront.net/pages-twitter_logos/original/412233/logo.png">
    <meta property="og:description" content="{esc(company)}'s Status Page - {esc(title)}.">
    <meta property="og:url" content="https://{domain}/incidents/r0zq5mxv2k1d">
    <meta name="twitter:card" content="summary">
    <meta name="twitter:title" content="{esc(title)}">
    <meta name="csrf-param" content="authenticity_token" />
    <meta name="csrf-token" content="Zx2T8q1s9aKXQGfJ0u7w3mVcY5pR4bNd6eH1LoI2kS8" />
    <link rel="stylesheet" media="screen" href="https://dka575ofm4ao0.cloudfront.net/assets/status_common-2e76b2d43ef4.css" />
    <link rel="stylesheet" media="screen" href="https://dka575ofm4ao0.cloudfront.net/assets/status/status_manifest-5c4f9d1bf06d.css" />
    <script src="https://dka575ofm4ao0.cloudfront.net/assets/status/status_manifest-b0f86e3cbf5b.js"></script>
  </head>
  <body class="status incident">
    <div class="layout-content status status-incident">
      <div class="masthead-container basic">
        <div class="masthead has-logo">
          <div class="logo-container"><a href="https://{domain}"><img alt="{esc(company)} Logo" src="https://dka575ofm4ao0.cloudfront.net/pages-transactional_logos/retina/412233/logo.png"></a></div>
          <div class="updates-dropdown-container"><div class="show-updates-dropdown">{w['subscribe']}</div></div>
        </div>
      </div>
      <div class="container">
        <div class="page-title">
          <div class="incident-name impact-{impact}">{esc(title)}</div>
          <div class="subheader"></div>
        </div>
        <div class="incident-updates-container">
        {rows}
        </div>
        <div class="row components-affected font-small color-secondary border-color">{w['affected']}: {esc(', '.join(components))}.</div>
        <div class="page-footer border-color font-small"><a class="color-secondary" href="/">{w['back']}</a><span class="powered-by"><a href="https://www.atlassian.com/software/statuspage?utm_campaign={domain}&amp;utm_content=SP-notifications&amp;utm_medium=powered-by&amp;utm_source=inapp" rel="nofollow" class="color-secondary">{w['powered']}</a></span><a class="color-secondary" href="/history">{w['history']}</a></div>
      </div>
    </div>
  </body>
</html>
"""


@dataclass
class Component:
    name: str
    status: str  # operational, degraded_performance, partial_outage, major_outage, under_maintenance
    children: list[Component] = field(default_factory=list)


STATUS_TEXT = {
    "en": {
        "operational": "Operational",
        "degraded_performance": "Degraded Performance",
        "partial_outage": "Partial Outage",
        "major_outage": "Major Outage",
        "under_maintenance": "Under Maintenance",
    },
}


def status_summary(company: str, domain: str, banner: str, banner_class: str, components: list[Component], incidents: list[tuple[str, str, list[Update]]], past: list[tuple[str, list[tuple[str, str]]]], *, uptime: dict[str, str]) -> str:
    """A status summary page (instatus-like): a banner, components with their status,
    unresolved incidents, and recent days."""
    text = STATUS_TEXT["en"]

    def comp(c: Component) -> str:
        kids = "".join(comp(k) for k in c.children)
        return f"""<div class="component" data-component-status="{c.status}"><div class="component__head"><span class="component__name">{esc(c.name)}</span><span class="component__uptime" title="90-day uptime">{esc(uptime.get(c.name, '99.98%'))} uptime</span><span class="component__status component__status--{c.status}">{text[c.status]}</span></div>{f'<div class="component__children">{kids}</div>' if kids else ''}</div>"""

    active = "".join(
        f"""<article class="incident incident--{impact}"><h3 class="incident__title"><a href="/incident/{esc(name.lower().replace(' ', '-')[:40])}">{esc(name)}</a></h3>{''.join(f'<div class="incident__update"><strong>{esc(u.status)}</strong> – {esc(u.body)} <time class="incident__time" datetime="{u.iso}">{esc(u.shown)}</time></div>' for u in ups)}</article>"""
        for name, impact, ups in incidents
    )
    days = "".join(
        f"""<div class="day"><h4 class="day__date">{esc(day)}</h4>{''.join(f'<p class="day__incident"><a href="/incident/{i}">{esc(t)}</a> <span class="day__resolution">{esc(r)}</span></p>' for i, (t, r) in enumerate(items)) or '<p class="day__none">No incidents reported.</p>'}</div>"""
        for day, items in past
    )
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(company)} Status</title>
<meta name="description" content="Real-time status and incident history for {esc(company)}.">
<meta property="og:title" content="{esc(company)} Status">
<meta property="og:description" content="{esc(banner)}">
<link rel="icon" href="https://{domain}/favicon.png">
<link rel="alternate" type="application/rss+xml" title="{esc(company)} status feed" href="https://{domain}/feed.rss">
<link rel="stylesheet" href="https://{domain}/_next/static/css/0d2c9b4f7e1a3c58.css">
<meta http-equiv="refresh" content="120">
</head>
<body>
<div id="__next">
  <header class="status-header"><div class="status-header__inner"><a class="status-header__logo" href="https://{domain.replace('status.', 'www.')}">{esc(company)}</a><nav class="status-header__nav"><a href="https://{domain.replace('status.', 'www.')}/docs">Docs</a><a href="https://{domain.replace('status.', 'www.')}/support">Support</a><button class="button button--subscribe" type="button">Get updates</button></nav></div></header>
  <main class="status-main">
    <section class="status-banner status-banner--{banner_class}" role="status" aria-live="polite"><h1 class="status-banner__title">{esc(banner)}</h1><p class="status-banner__updated">Refreshed every 2 minutes</p></section>
    <section class="incidents-active" aria-label="Active incidents">{active}</section>
    <section class="components" aria-label="Components"><h2>Current status by service</h2>{''.join(comp(c) for c in components)}</section>
    <section class="history" aria-label="Past incidents"><h2>Past incidents</h2>{days}<p><a href="/history">Incident history →</a></p></section>
  </main>
  <footer class="status-footer"><p>© 2026 {esc(company)} · <a href="https://{domain.replace('status.', 'www.')}/legal/privacy">Privacy</a> · Status page by <a href="https://instatus.com" rel="nofollow">Instatus</a></p></footer>
</div>
</body>
</html>
"""


def operator_notice(operator: str, domain: str, lang: str, title: str, blocks: list[tuple[str, str]], *, nav: list[str], updated: str, alert_class: str, sidebar: str, footer: str, skip: str = "Skip to main content") -> str:
    """A transport operator's or a bank's own page about a disruption: a headline, labelled
    blocks (what happened, what to do, tickets…), a last-updated line."""
    body = "".join(f'<section class="disruption__block"><h2 class="disruption__heading">{esc(h)}</h2>{b}</section>' for h, b in blocks)
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{esc(title)} | {esc(operator)}</title>
  <meta name="description" content="{esc(title)}">
  <meta property="og:title" content="{esc(title)}">
  <meta property="og:site_name" content="{esc(operator)}">
  <meta property="og:type" content="article">
  <link rel="stylesheet" href="https://{domain}/static/css/main.7f3c2a1b.css">
  {cookie_banner_stub()}
</head>
<body class="page-disruption">
  <a class="skip-link" href="#main">{esc(skip)}</a>
  <header class="site-header"><div class="wrap"><a class="site-header__logo" href="https://{domain}/">{esc(operator)}</a><nav class="site-nav" aria-label="Main">{''.join(f'<a href="https://{domain}/{esc(n.lower().replace(" ", "-"))}">{esc(n)}</a>' for n in nav)}</nav></div></header>
  <main id="main" class="wrap">
    <article class="disruption disruption--{alert_class}">
      <p class="disruption__status-tag">{esc(updated)}</p>
      <h1 class="disruption__title">{esc(title)}</h1>
      {body}
    </article>
    <aside class="related-links">{sidebar}</aside>
  </main>
  <footer class="site-footer"><div class="wrap">{footer}</div></footer>
</body>
</html>
"""


def cookie_banner_stub() -> str:
    return '<script src="https://cdn.cookielaw.org/scripttemplates/otSDKStub.js" type="text/javascript" charset="UTF-8" data-domain-script="0190f1a2-7c4e-7d3b-9a51-2b6f8e1c4d90"></script>'
