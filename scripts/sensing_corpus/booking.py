"""Booking portals: a GOV.UK-style test-centre availability service, a restaurant's booking
widget, a campground availability grid, and a municipal appointment system."""

from __future__ import annotations

from dataclasses import dataclass, field

from common import analytics, cookie_banner, esc


@dataclass
class Centre:
    name: str
    address: str
    distance: str
    earliest: str = ""  # "" = no tests found
    slots: list[tuple[str, list[str]]] = field(default_factory=list)  # (day, times)


def _times(day: str, times: list[str]) -> str:
    return "".join(
        f'<li><label class="slot-picker__time"><input type="radio" name="slot" value="{esc(day)} {esc(t)}"> {esc(t)}</label></li>'
        for t in times
    )


def govuk_test_centres(service: str, centres: list[Centre], *, reference: str, current: str, phase: str = "") -> str:
    """A GOV.UK service page listing test centres and their earliest free tests."""
    items = []
    for c in centres:
        if c.earliest:
            avail = f'<p class="govuk-body test-centre-results__availability">{esc(c.earliest)}</p>'
        else:
            avail = '<p class="govuk-body test-centre-results__availability test-centre-results__availability--none">No tests found on any date</p>'
        slots = ""
        if c.slots:
            days = "".join(
                f'<li class="slot-picker__day"><h3 class="govuk-heading-s">{esc(day)}</h3><ul class="govuk-list slot-picker__times">{_times(day, times)}</ul></li>'
                for day, times in c.slots
            )
            slots = f'<details class="govuk-details" data-module="govuk-details" open><summary class="govuk-details__summary"><span class="govuk-details__summary-text">Available times at {esc(c.name)}</span></summary><div class="govuk-details__text"><ul class="govuk-list slot-picker">{days}</ul></div></details>'
        items.append(
            f"""<li class="test-centre-results__item"><a class="govuk-link test-centre-results__link" href="/test-centre/{esc(c.name.lower().replace(' ', '-').replace('(', '').replace(')', ''))}"><h2 class="govuk-heading-m test-centre-results__name">{esc(c.name)}</h2></a><p class="govuk-body-s test-centre-results__address">{esc(c.address)}</p><p class="govuk-body-s test-centre-results__distance">{esc(c.distance)}</p>{avail}{slots}</li>"""
        )
    return f"""<!DOCTYPE html>
<html lang="en" class="govuk-template ">
  <head>
    <meta charset="utf-8">
    <title>Test centre availability - {esc(service)} - GOV.UK</title>
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
    <meta name="theme-color" content="#0b0c0c">
    <link rel="icon" sizes="48x48" href="/assets/images/favicon.ico">
    <link rel="mask-icon" href="/assets/images/govuk-icon-mask.svg" color="#0b0c0c">
    <link rel="apple-touch-icon" href="/assets/images/govuk-icon-180.png">
    <link rel="manifest" href="/assets/manifest.json">
    <link href="/stylesheets/application.css?v=5.7.1" rel="stylesheet">
  </head>
  <body class="govuk-template__body">
    <script>document.body.className += ' js-enabled' + ('noModule' in HTMLScriptElement.prototype ? ' govuk-frontend-supported' : '');</script>
    <div class="govuk-cookie-banner" data-nosnippet role="region" aria-label="Cookies on {esc(service)}"><div class="govuk-cookie-banner__message govuk-width-container"><div class="govuk-grid-row"><div class="govuk-grid-column-two-thirds"><h2 class="govuk-cookie-banner__heading govuk-heading-m">Cookies on {esc(service)}</h2><div class="govuk-cookie-banner__content"><p class="govuk-body">We use some essential cookies to make this service work.</p><p class="govuk-body">We’d also like to use analytics cookies so we can understand how you use the service and make improvements.</p></div></div></div><div class="govuk-button-group"><button value="accept" type="button" name="cookies" class="govuk-button" data-module="govuk-button">Accept analytics cookies</button><button value="reject" type="button" name="cookies" class="govuk-button" data-module="govuk-button">Reject analytics cookies</button><a class="govuk-link" href="/cookies">View cookies</a></div></div></div>
    <a href="#main-content" class="govuk-skip-link" data-module="govuk-skip-link">Skip to main content</a>
    <header class="govuk-header" data-module="govuk-header"><div class="govuk-header__container govuk-width-container"><div class="govuk-header__logo"><a href="https://www.gov.uk/" class="govuk-header__link govuk-header__link--homepage"><span class="govuk-header__logotype-text">GOV.UK</span></a></div><div class="govuk-header__content"><a href="/" class="govuk-header__link govuk-header__service-name">{esc(service)}</a></div></div></header>
    <div class="govuk-width-container">
      <div class="govuk-phase-banner"><p class="govuk-phase-banner__content"><strong class="govuk-tag govuk-phase-banner__content__tag">Beta</strong><span class="govuk-phase-banner__text">This is a new service. Help us improve it and <a class="govuk-link" href="/feedback">give your feedback (opens in new tab)</a>.</span></p></div>
      <a href="/manage" class="govuk-back-link">Back</a>
      <main class="govuk-main-wrapper" id="main-content" role="main">
        <div class="govuk-grid-row">
          <div class="govuk-grid-column-two-thirds">
            <span class="govuk-caption-l">Booking reference {esc(reference)}</span>
            <h1 class="govuk-heading-l">Test centre availability</h1>
            <div class="govuk-inset-text">Your current test: {esc(current)}</div>
            <p class="govuk-body">New tests are added throughout the day, including cancellations. Tests shown here are for a car (manual) practical driving test.</p>
            {phase}
            <ul class="govuk-list test-centre-results">{''.join(items)}</ul>
            <p class="govuk-body"><a class="govuk-link" href="/test-centres/search">Search for a different test centre</a></p>
          </div>
          <div class="govuk-grid-column-one-third"><aside class="app-related-items" role="complementary"><h2 class="govuk-heading-s" id="subsection-title">Related content</h2><nav role="navigation" aria-labelledby="subsection-title"><ul class="govuk-list govuk-!-font-size-16"><li><a class="govuk-link" href="https://www.gov.uk/driving-test/cancelled-bad-weather">Driving tests cancelled because of bad weather</a></li><li><a class="govuk-link" href="https://www.gov.uk/driving-test-cost">Driving test cost</a></li><li><a class="govuk-link" href="https://www.gov.uk/change-driving-test">Change your driving test appointment</a></li></ul></nav></aside></div>
        </div>
      </main>
    </div>
    <footer class="govuk-footer"><div class="govuk-width-container"><div class="govuk-footer__meta"><div class="govuk-footer__meta-item govuk-footer__meta-item--grow"><h2 class="govuk-visually-hidden">Support links</h2><ul class="govuk-footer__inline-list"><li class="govuk-footer__inline-list-item"><a class="govuk-footer__link" href="/help">Help</a></li><li class="govuk-footer__inline-list-item"><a class="govuk-footer__link" href="/cookies">Cookies</a></li><li class="govuk-footer__inline-list-item"><a class="govuk-footer__link" href="/accessibility">Accessibility statement</a></li><li class="govuk-footer__inline-list-item"><a class="govuk-footer__link" href="/privacy">Privacy</a></li></ul><span class="govuk-footer__licence-description">All content is available under the <a class="govuk-footer__link" href="https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/" rel="license">Open Government Licence v3.0</a>, except where otherwise stated</span></div><div class="govuk-footer__meta-item"><a class="govuk-footer__link govuk-footer__copyright-logo" href="https://www.nationalarchives.gov.uk/information-management/re-using-public-sector-information/uk-government-licensing-framework/crown-copyright/">© Crown copyright</a></div></div></div></footer>
    <script type="module" src="/javascripts/govuk-frontend.min.js"></script>
  </body>
</html>
"""


@dataclass
class Day:
    label: str  # Fri 12 Mar
    iso: str
    times: list[str]  # free times
    note: str = ""


def restaurant(name: str, domain: str, lang: str, *, address: str, cuisine: str, party: str, selected: Day, others: list[Day], words: dict[str, str], menu_teaser: str, reviews: list[tuple[str, str]], nav: list[str], footer: str, cookie: str = "cookieyes") -> str:
    """A restaurant's booking page with an embedded availability widget (server-rendered)."""
    if selected.times:
        times = "".join(f'<button type="button" class="sr-timeslot" data-time="{esc(t)}" data-date="{selected.iso}">{esc(t)}</button>' for t in selected.times)
        chosen = f'<div class="sr-timeslots" role="group" aria-label="{esc(words["times"])}">{times}</div>'
    else:
        chosen = f'<p class="sr-no-availability">{esc(words["none"].format(party=party, day=selected.label))}</p>'
    note = f'<p class="sr-note">{esc(selected.note)}</p>' if selected.note else ""
    alt = "".join(
        f'<li class="sr-alt-day"><span class="sr-alt-day__label">{esc(d.label)}</span> {"".join(f"<button type=button class=sr-timeslot data-date={d.iso}>{esc(t)}</button>" for t in d.times) or "<span class=sr-alt-day__none>" + esc(words["full"]) + "</span>"}{f" <span class=sr-alt-day__note>{esc(d.note)}</span>" if d.note else ""}</li>'
        for d in others
    )
    revs = "".join(f'<blockquote class="press-quote"><p>{esc(q)}</p><footer>— {esc(src)}</footer></blockquote>' for q, src in reviews)
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(words['title'])} | {esc(name)}</title>
<meta name="description" content="{esc(name)} – {esc(cuisine)}, {esc(address)}. {esc(words['title'])}.">
<meta property="og:title" content="{esc(name)} – {esc(words['title'])}">
<meta property="og:type" content="restaurant.restaurant">
<meta property="og:image" content="https://{domain}/wp-content/uploads/2025/09/dining-room.jpg">
<link rel="stylesheet" href="https://{domain}/wp-content/themes/{name.lower().split()[0]}/style.css?ver=2.3.1">
<link rel="stylesheet" href="https://widget.sevenrooms.com/widget/embed.css">
{analytics("RZ3B8N5K2W")}
</head>
<body class="page-template page-template-reservations">
<header class="site-header"><a class="logo" href="https://{domain}/">{esc(name)}</a><nav class="site-nav">{''.join(f'<a href="https://{domain}/{esc(n.lower().replace(" ", "-"))}/">{esc(n)}</a>' for n in nav)}</nav></header>
<main class="reservations">
  <h1>{esc(words['title'])}</h1>
  <p class="intro">{esc(words['intro'])}</p>
  <section class="sr-widget" id="sevenrooms-widget" data-venue="{esc(name.lower().replace(' ', ''))}">
    <form class="sr-search" method="get" action="/reservations/">
      <label>{esc(words['date'])} <input type="date" name="date" value="{selected.iso}"></label>
      <label>{esc(words['guests'])} <select name="party_size"><option selected>{esc(party)}</option></select></label>
      <button type="submit" class="sr-search__button">{esc(words['search'])}</button>
    </form>
    <div class="sr-results" aria-live="polite">
      <h2 class="sr-results__day">{esc(selected.label)}</h2>
      {chosen}
      {note}
      <h3 class="sr-alt-title">{esc(words['other'])}</h3>
      <ul class="sr-alt-days">{alt}</ul>
      <p class="sr-waitlist"><a href="https://www.sevenrooms.com/waitlist/{esc(name.lower().replace(' ', ''))}">{esc(words['waitlist'])}</a></p>
    </div>
    <p class="sr-powered">Powered by SevenRooms</p>
  </section>
  <section class="menu-teaser"><h2>{esc(words['menu'])}</h2><p>{esc(menu_teaser)}</p></section>
  <section class="press">{revs}</section>
  <section class="visit"><h2>{esc(words['visit'])}</h2><p>{esc(address)}</p></section>
</main>
<footer class="site-footer"><p>{footer}</p></footer>
{cookie_banner(cookie, lang, name)}
</body>
</html>
"""


def campground(name: str, agency: str, dates: list[tuple[str, str]], sites: list[tuple[str, str, list[str]]], *, legend: str, notice: str) -> str:
    """A campground's availability grid (Recreation.gov-like): one row per site, one column
    per night; A available, R reserved, X not reservable, W walk-up."""
    words = {"A": "Available", "R": "Reserved", "X": "Not Reservable", "W": "Walk-up"}
    head = "".join(f'<th scope="col" class="rec-availability-date" data-date="{iso}"><span class="sr-only">{esc(shown)}</span><span aria-hidden="true">{esc(shown)}</span></th>' for iso, shown in dates)
    rows = []
    for site, loop, cells in sites:
        tds = "".join(
            f'<td class="rec-availability-cell rec-availability-cell--{c.lower()}" data-date="{iso}"><button type="button" class="rec-availability-date {"available" if c == "A" else "unavailable"}" aria-label="{esc(shown)} - Site {esc(site)} is {words[c]}"{"" if c == "A" else " disabled"}>{c}</button></td>'
            for c, (iso, shown) in zip(cells, dates, strict=True)
        )
        rows.append(f'<tr class="rec-availability-row"><th scope="row" class="rec-availability-site"><a href="/camping/campsites/{esc(site)}">{esc(site)}</a><span class="rec-availability-loop">{esc(loop)}</span></th>{tds}</tr>')
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(name)} - Recreation Reservations</title>
<meta name="description" content="Find and reserve campsites at {esc(name)}, managed by {esc(agency)}.">
<meta property="og:title" content="{esc(name)}">
<meta property="og:site_name" content="Recreation Reservations">
<link rel="stylesheet" href="/static/css/main.3c9f1d2e.css">
</head>
<body>
<div class="rec-alert-bar" role="region" aria-label="Alerts"><p>{esc(notice)}</p></div>
<header class="rec-header"><a class="rec-header__logo" href="/">Recreation Reservations</a><nav class="rec-header__nav"><a href="/explore">Explore</a><a href="/trip-planner">Trip Planner</a><a href="/passes">Passes</a><a href="/account/login">Log In</a><a href="/account/signup">Sign Up</a></nav></header>
<main class="rec-main">
  <nav class="rec-breadcrumbs" aria-label="Breadcrumb"><a href="/">Home</a> › <a href="/camping/gateways/2991">Yosemite National Park</a> › <span>{esc(name)}</span></nav>
  <h1 class="rec-title">{esc(name)}</h1>
  <p class="rec-subtitle">Managed by {esc(agency)}</p>
  <section class="rec-campground-overview"><h2>Overview</h2><p>{esc(name)} sits along the Merced River in Yosemite Valley. Reservations open five months in advance on the 15th of each month at 7 am Pacific time, and sell out within minutes. Cancellations return to the inventory as they happen.</p></section>
  <section class="rec-availability" aria-labelledby="availability-heading">
    <h2 id="availability-heading">Availability</h2>
    <p class="rec-legend">{esc(legend)}</p>
    <table class="rec-availability-table"><thead><tr><th scope="col">Site</th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>
  </section>
  <section class="rec-rules"><h2>Need to Know</h2><ul><li>Maximum 6 people and 2 vehicles per site.</li><li>Check-in 12 pm, check-out 11 am.</li><li>Food storage lockers are required; bears are active.</li></ul></section>
</main>
<footer class="rec-footer"><p>Recreation Reservations · <a href="/accessibility">Accessibility</a> · <a href="/privacy">Privacy Policy</a> · <a href="/rules">Rules &amp; Reservation Policies</a></p></footer>
</body>
</html>
"""


def municipal_appointments(portal: str, domain: str, lang: str, service: str, office: str, *, heading: str, intro: str, result: str, steps: list[str], nav: list[str], footer: str, extra: str = "", skip: str = "") -> str:
    """A city's appointment-booking page for one service at one office: a form summary and
    the result of the search (free slots, or none)."""
    crumbs = "".join(f'<li class="step{" step--current" if i == len(steps) - 1 else ""}">{esc(s)}</li>' for i, s in enumerate(steps))
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(heading)} – {esc(portal)}</title>
<meta name="robots" content="noindex">
<link rel="stylesheet" href="https://{domain}/static/css/portal.min.css?v=4.12.3">
<link rel="icon" href="https://{domain}/favicon.ico">
</head>
<body class="appointment-portal">
<a class="skip" href="#contenu">{esc(skip or heading)}</a>
<header class="portal-header"><div class="portal-header__inner"><a class="portal-logo" href="https://{domain}/">{esc(portal)}</a><nav class="portal-nav">{''.join(f'<a href="https://{domain}/{esc(n.lower().replace(" ", "-"))}">{esc(n)}</a>' for n in nav)}</nav></div></header>
<main id="contenu" class="portal-main">
  <ol class="steps">{crumbs}</ol>
  <h1>{esc(heading)}</h1>
  <p class="intro">{intro}</p>
  <dl class="selection"><dt>{esc(service.split('|')[0])}</dt><dd>{esc(service.split('|')[1])}</dd><dt>{esc(office.split('|')[0])}</dt><dd>{esc(office.split('|')[1])}</dd></dl>
  <section class="result" aria-live="polite">{result}</section>
  {extra}
</main>
<footer class="portal-footer">{footer}</footer>
</body>
</html>
"""
