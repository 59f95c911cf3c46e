"""English notices and events: planning decisions, a council decision, a festival cancelled,
conference dates, tickets on sale."""

from __future__ import annotations

from common import Case
from notices import committee_decision, event_page, planning_register


def _planning(ref: str, address: str, proposal: str, status: str, decision: str, decision_date: str) -> list[tuple[str, str]]:
    return [
        ("Reference", ref),
        ("Address", address),
        ("Proposal", proposal),
        ("Status", status),
        ("Appeal Status", "Unknown"),
        ("Appeal Decision", "Not Available"),
        ("Application Received", "Thu 06 Aug 2026"),
        ("Application Validated", "Tue 18 Aug 2026"),
        ("Decision", decision),
        ("Decision Issued Date", decision_date),
    ]


def planning_decided() -> Case:
    ref = "26/03417/FUL"
    address = "Former Garage Site Adjacent To 14 Calder Road Hebden Bridge HX7 8PL"
    proposal = "Erection of four dwellings with associated access, parking and landscaping (amended plans received 02.10.2026)"
    before = planning_register("Calderdale Council", "calderdale.gov.uk", ref, _planning(ref, address, proposal, "Awaiting decision", "Not Available", "Not Available"), comments_open=True, documents=23, alt_ref="25/01190/PRE")
    after = planning_register("Calderdale Council", "calderdale.gov.uk", ref, _planning(ref, address, proposal, "Decided", "Permission Granted With Conditions", "Wed 25 Nov 2026"), comments_open=False, documents=27, alt_ref="25/01190/PRE")
    return Case(
        "planning-26-03417-ful-decided",
        "Tell me when planning application 26/03417/FUL is decided",
        "en",
        "notice",
        False,
        False,
        "/online-applications/applicationDetails.do",
        "an Idox-like register table: Status 'Awaiting decision' → 'Decided', Decision 'Permission Granted With Conditions'",
        before,
        after,
    )


def planning_refused() -> Case:
    ref = "26/01982/HOU"
    address = "31 Marlborough Road Shipley BD18 3NX"
    proposal = "Two storey side extension and single storey rear extension with roof lantern"
    before = planning_register("Bradford Council", "bradford.gov.uk", ref, _planning(ref, address, proposal, "Pending Consideration", "Not Available", "Not Available"), comments_open=True, documents=11, alt_ref="24/04410/HOU")
    after = planning_register("Bradford Council", "bradford.gov.uk", ref, _planning(ref, address, proposal, "Decided", "Refuse", "Tue 24 Nov 2026"), comments_open=False, documents=14, alt_ref="24/04410/HOU")
    return Case(
        "planning-26-01982-hou-refused-not-approved",
        "Tell me when planning application 26/01982/HOU is approved",
        "en",
        "notice",
        True,
        False,
        "/online-applications/applicationDetails.do",
        "decoy: the application is decided, but the decision is 'Refuse'",
        before,
        after,
    )


def festival_cancelled() -> Case:
    nav = ["Line-up", "Food & drink", "Getting here", "FAQ", "Traders"]
    footer = "<p>Harbourside Food Festival is organised by Bristol Harbour Events CIC. <a href=\"/privacy\">Privacy</a> · <a href=\"/accessibility\">Accessibility</a></p>"
    event = {
        "@context": "https://schema.org",
        "@type": "Festival",
        "name": "Harbourside Winter Food Festival 2026",
        "startDate": "2026-12-05T10:00:00+00:00",
        "endDate": "2026-12-06T18:00:00+00:00",
        "eventAttendanceMode": "https://schema.org/OfflineEventAttendanceMode",
        "eventStatus": "https://schema.org/EventScheduled",
        "location": {"@type": "Place", "name": "Bristol Harbourside", "address": {"@type": "PostalAddress", "streetAddress": "Canons Road", "addressLocality": "Bristol", "postalCode": "BS1 5TX", "addressCountry": "GB"}},
        "organizer": {"@type": "Organization", "name": "Bristol Harbour Events CIC", "url": "https://harbourside-food.co.uk"},
        "isAccessibleForFree": True,
        "description": "Two days of street food, local producers and live cooking on Bristol's harbourside.",
    }
    body_before = """<section class="intro wrap"><h2>Free entry · 5–6 December · 10am–6pm</h2><p>Over 80 traders, a cookery stage with Bristol chefs, and the mulled cider bar by the water. Dogs welcome on leads.</p></section>
<section class="lineup wrap"><h2>On the cookery stage</h2><ul><li>Saturday 12:00 – Nisha Patel: Gujarati street snacks</li><li>Saturday 15:00 – The Ethicurean: winter roots</li><li>Sunday 13:00 – Josh Eggleton: the perfect pie</li></ul></section>"""
    body_after = """<section class="alert alert--cancelled wrap" role="alert"><h2>CANCELLED: Harbourside Winter Food Festival</h2><p>With Storm Fiona forecast to bring gusts of up to 70mph to the harbourside on Saturday and Sunday, and following advice from Bristol City Council's Safety Advisory Group, we have taken the difficult decision to cancel this year's festival. Traders will be contacted directly. We are sorry, and we hope to see you in the spring.</p></section>
<section class="intro wrap"><h2>5–6 December · 10am–6pm</h2><p>Over 80 traders, a cookery stage with Bristol chefs, and the mulled cider bar by the water.</p></section>"""
    hero_before = "<h1>Harbourside Winter Food Festival</h1><p>5–6 December 2026 · Bristol Harbourside</p>"
    hero_after = "<h1>Harbourside Winter Food Festival</h1><p><strong>This event has been cancelled.</strong></p>"
    before = event_page("Harbourside Food Festival", "harbourside-food.co.uk", "en-GB", "Harbourside Winter Food Festival 2026 | 5–6 December", hero=hero_before, body=body_before, event=event, nav=nav, footer=footer)
    after = event_page("Harbourside Food Festival", "harbourside-food.co.uk", "en-GB", "CANCELLED – Harbourside Winter Food Festival 2026", hero=hero_after, body=body_after, event=event | {"eventStatus": "https://schema.org/EventCancelled"}, nav=nav, footer=footer)
    return Case(
        "harbourside-food-festival-cancelled",
        "Tell me if the Harbourside Winter Food Festival is cancelled",
        "en",
        "notice",
        False,
        True,
        "/",
        "Festival JSON-LD eventStatus EventScheduled → EventCancelled, and a CANCELLED banner; the dates stay on the page",
        before,
        after,
    )


def cycle_lane() -> Case:
    title = "Mill Road Active Travel Scheme: outcome of consultation and approval to proceed"
    rows_before = [
        ("Decision Maker", "Cabinet"),
        ("Decision due date", "03/12/2026"),
        ("Decision status", "<strong>For Determination</strong>"),
        ("Is Key decision?", "Yes"),
        ("Is subject to call in?", "Yes"),
    ]
    rows_after = [
        ("Decision Maker", "Cabinet"),
        ("Made at meeting", '<a href="ieListDocuments.aspx?CId=133&amp;MId=9021">Cabinet, Wednesday 25 November 2026 6.30 pm</a>'),
        ("Decision status", "<strong>Recommendations Approved (subject to call-in)</strong>"),
        ("Is Key decision?", "Yes"),
        ("Is subject to call in?", "Yes"),
        ("Date of decision", "25/11/2026"),
        ("Effective from", "03/12/2026"),
    ]
    purpose = ("Purpose", "<p>To report the outcome of the public consultation on segregated cycle lanes on Mill Road between the railway bridge and Coleridge Road, and to seek approval to proceed to detailed design and construction.</p>")
    before = committee_decision("Brookfield City Council", "brookfield.gov.uk", title, rows_before, [purpose, ("Consultation", "<p>2,114 responses were received; 58% supported the scheme, 37% opposed it and 5% had no view.</p>")])
    after = committee_decision(
        "Brookfield City Council",
        "brookfield.gov.uk",
        title,
        rows_after,
        [
            purpose,
            ("Decision", "<p>Cabinet RESOLVED to:</p><ol><li>Note the outcome of the consultation.</li><li>Approve the Mill Road Active Travel Scheme to proceed to detailed design and construction, with a budget of £3.2m.</li><li>Delegate minor amendments to the Director of Transport.</li></ol><p>The recommendations were approved by 6 votes to 2.</p>"),
            ("Alternative options considered", "<p>Painted lanes only (rejected: does not meet LTN 1/20).</p>"),
        ],
    )
    return Case(
        "brookfield-cabinet-approves-mill-road-cycle-lanes",
        "Tell me when Brookfield council approves the Mill Road cycle lane scheme",
        "en",
        "notice",
        False,
        False,
        "/ieDecisionDetails.aspx",
        "a ModernGov decision page: 'For Determination' → 'Recommendations Approved (subject to call-in)'; BEFORE's consultation has 58% support",
        before,
        after,
    )


def pycon_lisbon() -> Case:
    nav = ["About", "Call for proposals", "Sponsors", "Code of conduct", "Contact"]
    footer = "<p>PyCon Lisboa is a community conference run by volunteers of the Associação Python Portugal.</p>"
    org_ld = '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Organization", "name": "Associação Python Portugal", "url": "https://python.pt"}</script>'
    body_before = """<section class="wrap"><h2>PyCon Lisboa returns in 2027</h2><p>Dates and venue to be announced. We are finalising the contract with the venue and will publish the dates here and on our newsletter first.</p><p>Last year: 3 days, 640 attendees, 72 talks.</p><form class="newsletter"><label>Get the dates first <input type="email" placeholder="you@example.org"></label><button>Subscribe</button></form></section>"""
    body_after = """<section class="wrap"><h2>PyCon Lisboa 2027: 27–29 May</h2><p>We are delighted to announce that PyCon Lisboa 2027 will take place from <strong>27 to 29 May 2027</strong> at the Centro de Congressos de Lisboa, by the river in Alcântara.</p><ul><li>27 May: tutorials and sprints</li><li>28–29 May: talks and keynotes</li></ul><p>The call for proposals opens on 15 January 2027. Tickets go on sale in February.</p></section>"""
    event = {
        "@context": "https://schema.org",
        "@type": "Event",
        "name": "PyCon Lisboa 2027",
        "startDate": "2027-05-27",
        "endDate": "2027-05-29",
        "eventAttendanceMode": "https://schema.org/OfflineEventAttendanceMode",
        "eventStatus": "https://schema.org/EventScheduled",
        "location": {"@type": "Place", "name": "Centro de Congressos de Lisboa", "address": {"@type": "PostalAddress", "addressLocality": "Lisboa", "addressCountry": "PT"}},
        "organizer": {"@type": "Organization", "name": "Associação Python Portugal", "url": "https://python.pt"},
    }
    before = event_page("PyCon Lisboa", "2027.pycon.pt", "en", "PyCon Lisboa 2027", hero="<h1>PyCon Lisboa 2027</h1><p>Dates to be announced</p>", body=body_before, event=None, nav=nav, footer=footer, cookie="simple", extra_head=org_ld)
    after = event_page("PyCon Lisboa", "2027.pycon.pt", "en", "PyCon Lisboa 2027 · 27–29 May · Lisbon", hero="<h1>PyCon Lisboa 2027</h1><p>27–29 May 2027 · Lisbon</p>", body=body_after, event=event, nav=nav, footer=footer, cookie="simple", extra_head=org_ld)
    return Case(
        "pycon-lisboa-2027-dates-announced",
        "Tell me when the dates for PyCon Lisboa 2027 are announced",
        "en",
        "event",
        False,
        False,
        "/",
        "'Dates to be announced' → 27–29 May 2027 with an Event JSON-LD only on AFTER; the CfP and ticket dates are other dates",
        before,
        after,
        ["2027-05-27"],
    )


def rustfest_save_the_date() -> Case:
    nav = ["About", "Speakers", "Sponsors", "Code of conduct"]
    footer = "<p>RustFest Berlin e.V. · <a href=\"/impressum\">Impressum</a></p>"
    body_before = """<section class="wrap"><h2>Thank you for RustFest Berlin 2026!</h2><p>Talk recordings are on our video channel. See you next year.</p></section>"""
    body_after = """<section class="wrap"><h2>Save the date!</h2><p>RustFest returns to Berlin in spring 2027. The exact dates are coming soon: we are choosing between two venues. Subscribe to be the first to know.</p></section>
<section class="wrap"><h2>Thank you for RustFest Berlin 2026!</h2><p>Talk recordings are on our video channel.</p></section>"""
    before = event_page("RustFest Berlin", "rustfest.berlin", "en", "RustFest Berlin", hero="<h1>RustFest Berlin</h1><p>A community conference about the Rust programming language</p>", body=body_before, event=None, nav=nav, footer=footer, cookie="simple")
    after = event_page("RustFest Berlin", "rustfest.berlin", "en", "RustFest Berlin 2027 – save the date", hero="<h1>RustFest Berlin 2027</h1><p>Spring 2027 · Berlin · dates coming soon</p>", body=body_after, event=None, nav=nav, footer=footer, cookie="simple")
    return Case(
        "rustfest-berlin-2027-save-the-date-no-dates",
        "Tell me when the RustFest Berlin 2027 dates are announced",
        "en",
        "event",
        True,
        False,
        "/",
        "decoy: 'Save the date! … spring 2027 … exact dates are coming soon': no date is announced",
        before,
        after,
    )


def hollow_pines() -> Case:
    nav = ["Tour", "Music", "Video", "Store", "Newsletter"]
    footer = "<p>© 2026 Hollow Pines. Tickets via See Tickets. Official resale via Twickets only.</p>"
    base = {
        "@context": "https://schema.org",
        "@type": "MusicEvent",
        "name": "Hollow Pines – Manchester",
        "startDate": "2027-04-17T19:00:00+01:00",
        "eventStatus": "https://schema.org/EventScheduled",
        "location": {"@type": "Place", "name": "Albert Hall", "address": {"@type": "PostalAddress", "addressLocality": "Manchester", "addressCountry": "GB"}},
        "performer": {"@type": "MusicGroup", "name": "Hollow Pines"},
    }

    def row(city: str, venue: str, date: str, state: str) -> str:
        return f'<li class="tour-date"><span class="tour-date__day">{date}</span><span class="tour-date__city">{city}</span><span class="tour-date__venue">{venue}</span><span class="tour-date__action">{state}</span></li>'

    soon = '<span class="button button--disabled">On sale Friday 10am</span>'
    presale = '<a class="button button--ghost" href="/presale">Sign up for presale</a>'
    buy = '<a class="button" href="https://www.seetickets.com/event/hollow-pines/albert-hall/3290011">Buy tickets – £32.50</a>'
    sold = '<span class="button button--disabled">Sold out</span>'
    before_list = "".join([row("Glasgow", "Barrowland Ballroom", "Thu 15 Apr 2027", sold), row("Manchester", "Albert Hall", "Sat 17 Apr 2027", soon + " " + presale), row("London", "O2 Forum Kentish Town", "Mon 19 Apr 2027", soon)])
    after_list = "".join([row("Glasgow", "Barrowland Ballroom", "Thu 15 Apr 2027", sold), row("Manchester", "Albert Hall", "Sat 17 Apr 2027", buy), row("London", "O2 Forum Kentish Town", "Mon 19 Apr 2027", buy.replace("albert-hall/3290011", "o2-forum/3290012"))])
    before = event_page("Hollow Pines", "hollowpines.band", "en-GB", "Hollow Pines – UK Tour 2027", hero="<h1>UK Tour 2027</h1>", body=f'<section class="wrap"><ul class="tour-dates">{before_list}</ul></section>', event=base | {"offers": {"@type": "Offer", "availability": "https://schema.org/PreOrder", "validFrom": "2026-11-27T10:00:00+00:00", "url": "https://www.seetickets.com/event/hollow-pines/albert-hall/3290011"}}, nav=nav, footer=footer)
    after = event_page("Hollow Pines", "hollowpines.band", "en-GB", "Hollow Pines – UK Tour 2027", hero="<h1>UK Tour 2027</h1><p>Tickets on sale now</p>", body=f'<section class="wrap"><ul class="tour-dates">{after_list}</ul></section>', event=base | {"offers": {"@type": "Offer", "availability": "https://schema.org/InStock", "price": "32.50", "priceCurrency": "GBP", "validFrom": "2026-11-27T10:00:00+00:00", "url": "https://www.seetickets.com/event/hollow-pines/albert-hall/3290011"}}, nav=nav, footer=footer)
    return Case(
        "hollow-pines-manchester-tickets-on-sale",
        "Tell me when tickets for Hollow Pines at the Albert Hall in Manchester go on sale",
        "en",
        "event",
        False,
        True,
        "/tour",
        "MusicEvent JSON-LD offer PreOrder → InStock with a price; Glasgow is 'Sold out' on both pages, which is not about Manchester",
        before,
        after,
    )


CASES = [planning_decided, planning_refused, festival_cancelled, cycle_lane, pycon_lisbon, rustfest_save_the_date, hollow_pines]
