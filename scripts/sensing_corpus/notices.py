"""Notices and events: a council planning register (Idox Public Access-like), a committee
decision page (ModernGov-like), a municipality's own notice page, a festival or concert page
with Event data, and a conference site."""

from __future__ import annotations

from common import analytics, cookie_banner, esc, jsonld


def planning_register(council: str, domain: str, ref: str, rows: list[tuple[str, str]], *, comments_open: bool, documents: int, alt_ref: str) -> str:
    """An application's summary tab in a planning register."""
    table = "".join(f'<tr><th scope="row">{esc(k)}</th><td>{esc(v)}</td></tr>' for k, v in rows)
    comment = (
        '<a class="button primary" href="/online-applications/applicationDetails.do?activeTab=makeComment&amp;keyVal=S1XK2PJHL8A00">Comment on this application</a>'
        if comments_open
        else '<p class="commentsClosed">This application is no longer open for comment.</p>'
    )
    return f"""<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1.0" />
<title>Planning Applications - {esc(ref)} | {esc(council)}</title>
<link rel="stylesheet" type="text/css" href="/online-applications/css/reset.css?release=v4.3" />
<link rel="stylesheet" type="text/css" href="/online-applications/css/idox.css?release=v4.3" />
<link rel="stylesheet" type="text/css" href="/online-applications/css/custom.css?release=v4.3" />
<script type="text/javascript" src="/online-applications/javascript/jquery-3.6.0.min.js"></script>
</head>
<body class="applicationDetails">
<div id="idox">
<div id="header"><a href="https://www.{domain}/" title="{esc(council)} home page"><img src="/online-applications/images/custom/logo.png" alt="{esc(council)}" /></a><h1 class="hidden">{esc(council)}</h1></div>
<div id="pa">
<div id="breadcrumbs"><ul><li><a href="/online-applications/search.do?action=simple&amp;searchType=Application">Search</a></li><li><a href="/online-applications/simpleSearchResults.do?action=firstPage">Results</a></li><li class="last">Application</li></ul></div>
<div class="container">
<div class="content">
<div id="pageheading"><h1>Planning &ndash; Application Summary</h1><h2><span class="caseNumber">{esc(ref)}</span> | <span class="description">{esc(rows[2][1] if len(rows) > 2 else '')}</span> | <span class="address">{esc(rows[1][1] if len(rows) > 1 else '')}</span></h2></div>
<div class="tabcontainer">
<ul class="tabs"><li class="active"><span>Summary</span></li><li><a href="/online-applications/applicationDetails.do?activeTab=details&amp;keyVal=S1XK2PJHL8A00">Further Information</a></li><li><a href="/online-applications/applicationDetails.do?activeTab=contacts&amp;keyVal=S1XK2PJHL8A00">Contacts</a></li><li><a href="/online-applications/applicationDetails.do?activeTab=dates&amp;keyVal=S1XK2PJHL8A00">Important Dates</a></li><li><a href="/online-applications/applicationDetails.do?activeTab=documents&amp;keyVal=S1XK2PJHL8A00">Documents <span>({documents})</span></a></li><li><a href="/online-applications/applicationDetails.do?activeTab=relatedCases&amp;keyVal=S1XK2PJHL8A00">Related Cases <span>(1)</span></a></li><li><a href="/online-applications/applicationDetails.do?activeTab=map&amp;keyVal=S1XK2PJHL8A00">Map</a></li></ul>
<div class="tabscontent">
<table class="simpleDetailsTable" id="simpleDetailsTable" summary="Application Summary table">{table}</table>
{comment}
<div class="relatedCases"><p>Related case: <a href="/online-applications/applicationDetails.do?keyVal=S0ZB3PJHK9100">{esc(alt_ref)}</a></p></div>
</div>
</div>
</div>
</div>
</div>
<div id="footer"><p><a href="https://www.{domain}/accessibility">Accessibility</a> | <a href="https://www.{domain}/privacy">Privacy notice</a> | <a href="/online-applications/termsAndConditions.do">Terms and Conditions</a></p><p>Public Access is provided by Idox Software Ltd.</p></div>
</div>
</body>
</html>
"""


def committee_decision(council: str, domain: str, title: str, rows: list[tuple[str, str]], sections: list[tuple[str, str]]) -> str:
    """A decision (or an item awaiting one) in a council's committee system."""
    meta = "".join(f'<p class="mgDecisionField"><span class="mgDecisionLabel">{esc(k)}:</span> {v}</p>' for k, v in rows)
    body = "".join(f'<h2 class="mgSubTitleTxt">{esc(h)}</h2><div class="mgWordPara">{b}</div>' for h, b in sections)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta http-equiv="X-UA-Compatible" content="IE=edge" />
<meta charset="utf-8" />
<title>Decision - {esc(title)} | {esc(council)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1" />
<link type="text/css" href="SiteSpecific/ssMgStyles.css" rel="stylesheet" />
<link type="text/css" href="SiteSpecific/ssWordStyles.css" rel="stylesheet" />
<link type="text/css" href="SiteSpecific/userStyles.css" rel="stylesheet" />
<meta name="DC.title" content="Decision - {esc(title)}" />
<meta name="DC.publisher" content="{esc(council)}" />
<meta name="DC.language" content="eng" scheme="DCTERMS.RFC1766" />
</head>
<body>
<div id="skip"><a href="#modgov">Skip to main content</a></div>
<header class="site-header"><div class="container"><a class="logo" href="https://www.{domain}/"><img src="https://www.{domain}/themes/custom/council/logo.svg" alt="{esc(council)} homepage" /></a><nav class="header-links"><a href="https://www.{domain}/contact-us">Contact us</a> <a href="https://www.{domain}/news">News</a> <a href="https://www.{domain}/my-account">My account</a></nav></div></header>
<div id="modgov"><div class="mgBreadCrumbs"><ul><li><a href="mgListCommittees.aspx?bcr=1">Committee structure</a></li><li><a href="ieListMeetings.aspx?CId=133&amp;Year=0">Cabinet</a></li><li>Decision</li></ul></div>
<div class="mgContent">
<h1 class="mgMainTitleTxt">Decision details</h1>
<h2 class="mgSubTitleTxt">{esc(title)}</h2>
<div class="mgDecisionInfo">{meta}</div>
{body}
<div class="mgLinks"><ul class="mgActionList"><li><a href="ieDecisionDetails.aspx?ID=5712&amp;Opt=1" title="Link to printer friendly version">Printer friendly version</a></li><li><a href="mgDelegatedDecisions.aspx?bcr=1&amp;DM=0&amp;DS=2&amp;K=0&amp;DR=&amp;V=0">Decisions</a></li></ul></div>
</div></div>
<footer class="site-footer"><div class="container"><ul class="footer-links"><li><a href="https://www.{domain}/accessibility">Accessibility</a></li><li><a href="https://www.{domain}/cookies">Cookies</a></li><li><a href="https://www.{domain}/privacy">Privacy</a></li></ul><p>&copy; {esc(council)} 2026</p><p class="mgPoweredBy">Powered by ModernGov</p></div></footer>
</body>
</html>
"""


def town_notice(town: str, domain: str, lang: str, title: str, body: str, *, nav: list[str], crumbs: list[str], updated: str, footer: str, aside: str = "", cookie: str = "simple", words: dict[str, str] | None = None) -> str:
    """A municipality's own news or record page (a CMS page: header, breadcrumbs, article)."""
    w = {"skip": "Skip to content", "search": "Search", "share": "Share this page"} | (words or {})
    return f"""<!DOCTYPE html>
<html lang="{lang}" dir="ltr">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <title>{esc(title)} | {esc(town)}</title>
  <meta name="description" content="{esc(title)}">
  <link rel="canonical" href="https://www.{domain}/{esc(crumbs[-1].lower().replace(' ', '-'))}">
  <meta property="og:site_name" content="{esc(town)}">
  <meta property="og:type" content="article">
  <meta property="og:title" content="{esc(title)}">
  <meta name="Generator" content="Drupal 10 (https://www.drupal.org)">
  <link rel="stylesheet" media="all" href="/sites/default/files/css/css_6qR0Yb2vT8e1kQw3nF5mZ4xJ7hL9sD0pA1cV2uB3iO4.css?delta=0&amp;language={lang}&amp;theme=ville&amp;include=eJxFjEEK">
  {analytics("TN8D4V1P6Q")}
</head>
<body class="path-node page-node-type-article">
  <a href="#main-content" class="visually-hidden focusable skip-link">{esc(w['skip'])}</a>
  <div class="dialog-off-canvas-main-canvas" data-off-canvas-main-canvas>
    <header class="site-header" role="banner">
      <div class="container"><a href="/" rel="home" class="site-logo"><img src="/themes/custom/ville/logo.svg" alt="{esc(town)}"></a>
      <form class="search-block-form" action="/recherche" method="get" role="search"><label for="edit-keys" class="visually-hidden">{esc(w['search'])}</label><input type="search" id="edit-keys" name="keys" size="15" maxlength="128" class="form-search"><input type="submit" value="{esc(w['search'])}" class="button"></form></div>
      <nav role="navigation" aria-labelledby="block-mainnavigation-menu" class="main-nav"><ul class="menu">{''.join(f'<li class="menu-item"><a href="/{esc(n.lower().replace(" ", "-"))}">{esc(n)}</a></li>' for n in nav)}</ul></nav>
    </header>
    <div class="breadcrumb-wrap container"><nav class="breadcrumb" role="navigation" aria-labelledby="system-breadcrumb"><ol>{''.join(f'<li><a href="/">{esc(c)}</a></li>' for c in crumbs[:-1])}<li>{esc(crumbs[-1])}</li></ol></nav></div>
    <main role="main" id="main-content" class="container">
      <article class="node node--type-article node--view-mode-full">
        <h1 class="page-title"><span class="field field--name-title">{esc(title)}</span></h1>
        <div class="node__meta"><span class="updated">{esc(updated)}</span></div>
        <div class="clearfix text-formatted field field--name-body field--type-text-with-summary field--label-hidden field__item">{body}</div>
        <div class="share-links"><span>{esc(w['share'])}</span> <a href="#">Facebook</a> <a href="#">X</a> <a href="#">LinkedIn</a> <a href="mailto:?subject={esc(title)}">E-mail</a></div>
      </article>
      <aside class="sidebar">{aside}</aside>
    </main>
    <footer class="site-footer" role="contentinfo"><div class="container">{footer}</div></footer>
  </div>
  {cookie_banner(cookie, lang, town)}
</body>
</html>
"""


def event_page(org: str, domain: str, lang: str, title: str, *, hero: str, body: str, event: dict[str, object] | None, nav: list[str], footer: str, cookie: str = "onetrust", extra_head: str = "") -> str:
    """A festival's, a venue's or a conference's page; ``event`` is its schema.org Event
    (None: the page carries none)."""
    data = jsonld(event, indent=2) if event else ""
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(title)}</title>
<meta name="description" content="{esc(title)} – {esc(org)}">
<meta property="og:title" content="{esc(title)}">
<meta property="og:site_name" content="{esc(org)}">
<meta property="og:type" content="website">
<meta property="og:url" content="https://{domain}/">
<meta property="og:image" content="https://{domain}/assets/img/share-card.jpg">
<meta name="twitter:card" content="summary_large_image">
<link rel="preconnect" href="https://fonts.googleapis.com">
<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter:wght@400;600;800&display=swap">
<link rel="stylesheet" href="/assets/css/site.min.css?v=7c1d">
{extra_head}
{data}
{analytics("EV2K9X4M7T")}
</head>
<body class="home">
<header class="site-header"><div class="wrap"><a class="brand" href="/">{esc(org)}</a><nav class="nav" aria-label="Main">{''.join(f'<a href="/{esc(n.lower().replace(" ", "-"))}">{esc(n)}</a>' for n in nav)}</nav></div></header>
<main>
  <section class="hero"><div class="wrap">{hero}</div></section>
  {body}
</main>
<footer class="site-footer"><div class="wrap">{footer}</div></footer>
{cookie_banner(cookie, lang, org)}
</body>
</html>
"""
