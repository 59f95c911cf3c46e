"""English booking portals: driving tests, a restaurant table, a passport appointment, a
campsite."""

from __future__ import annotations

from booking import Centre, Day, campground, govuk_test_centres, municipal_appointments, restaurant
from common import Case

SERVICE = "Change your driving test appointment"


def dvsa_wood_green() -> Case:
    hendon = Centre("Hendon", "Aerodrome Road, Hendon, London NW9 5LN", "3.9 miles", "Earliest test: Tuesday 16 March 2027")
    borehamwood = Centre("Borehamwood (London)", "Elstree Way, Borehamwood WD6 1JZ", "8.1 miles")
    before = govuk_test_centres(SERVICE, [Centre("Wood Green (London)", "Unit 1, 2 Lymington Avenue, London N22 6JE", "0.6 miles"), hendon, borehamwood], reference="48213906", current="Wood Green (London), Wednesday 21 April 2027 at 10:14am")
    after = govuk_test_centres(
        SERVICE,
        [
            Centre("Wood Green (London)", "Unit 1, 2 Lymington Avenue, London N22 6JE", "0.6 miles", "Earliest test: Thursday 14 January 2027", [("Thursday 14 January 2027", ["8:40am", "11:57am"])]),
            hendon,
            borehamwood,
        ],
        reference="48213906",
        current="Wood Green (London), Wednesday 21 April 2027 at 10:14am",
    )
    return Case(
        "dvsa-wood-green-driving-test-slot",
        "Tell me when an earlier driving test slot comes up at Wood Green test centre",
        "en",
        "slot",
        False,
        False,
        "/test-centre-availability",
        "a GOV.UK service page: Wood Green goes from 'No tests found on any date' to a test on Thursday 14 January 2027 (earlier than the booked 21 April); Hendon has a date on both pages",
        before,
        after,
        ["2027-01-14"],
    )


def dvsa_mill_hill() -> Case:
    centres_before = [
        Centre("Mill Hill (London)", "Hartley Avenue, Mill Hill, London NW7 2HX", "0.9 miles"),
        Centre("Hendon", "Aerodrome Road, Hendon, London NW9 5LN", "2.4 miles"),
        Centre("Barnet (London)", "Station Road, New Barnet EN5 1PT", "4.6 miles"),
    ]
    centres_after = [
        Centre("Mill Hill (London)", "Hartley Avenue, Mill Hill, London NW7 2HX", "0.9 miles"),
        Centre("Hendon", "Aerodrome Road, Hendon, London NW9 5LN", "2.4 miles", "Earliest test: Monday 11 January 2027", [("Monday 11 January 2027", ["9:27am"]), ("Tuesday 12 January 2027", ["2:36pm"])]),
        Centre("Barnet (London)", "Station Road, New Barnet EN5 1PT", "4.6 miles"),
    ]
    before = govuk_test_centres(SERVICE, centres_before, reference="51170342", current="Mill Hill (London), Friday 7 May 2027 at 1:33pm")
    after = govuk_test_centres(SERVICE, centres_after, reference="51170342", current="Mill Hill (London), Friday 7 May 2027 at 1:33pm")
    return Case(
        "dvsa-mill-hill-slot-at-other-centre",
        "Tell me when a driving test slot is available at Mill Hill test centre",
        "en",
        "slot",
        True,
        False,
        "/test-centre-availability",
        "decoy: Hendon, 2.4 miles away, gets tests on AFTER; Mill Hill still shows 'No tests found on any date'",
        before,
        after,
    )


WORDS = {
    "title": "Reservations",
    "intro": "We take bookings up to 60 days ahead for groups of up to 6. Walk-ins are welcome at the counter.",
    "date": "Date",
    "guests": "Guests",
    "search": "Find a table",
    "times": "Available times",
    "none": "Sorry, we have no availability for {party} on {day}.",
    "full": "Fully booked",
    "other": "Other dates",
    "waitlist": "Join the waitlist",
    "menu": "The menu",
    "visit": "Find us",
}


def kiln() -> Case:
    common = dict(
        address="58 Brewer Street, London W1F 9TL",
        cuisine="Thai clay-pot and grill",
        party="2 guests",
        words=WORDS,
        menu_teaser="Clay-pot baked glass noodles with pork belly and brown crab meat, grilled Tamworth pork neck, Isaan sausage.",
        reviews=[("The best £30 you can spend in Soho.", "Evening Standard"), ("Worth every minute of the queue.", "The Guardian")],
        nav=["Reservations", "Menu", "Gift cards", "Private hire"],
        footer="Kiln Soho · Open daily 12–3pm, 5–10:30pm · Walk-ins at the counter",
    )
    before = restaurant("Kiln Soho", "kilnsoho.com", "en-GB", selected=Day("Friday, 11 December", "2026-12-11", []), others=[Day("Thursday, 10 December", "2026-12-10", ["17:30", "22:00"]), Day("Saturday, 12 December", "2026-12-12", [])], **common)
    after = restaurant("Kiln Soho", "kilnsoho.com", "en-GB", selected=Day("Friday, 11 December", "2026-12-11", ["19:45"], "Counter seating, 90 minutes."), others=[Day("Thursday, 10 December", "2026-12-10", ["17:30"]), Day("Saturday, 12 December", "2026-12-12", [])], **common)
    return Case(
        "kiln-soho-table-for-two-friday",
        "Tell me when a table for two opens up at Kiln Soho on Friday 11 December",
        "en",
        "slot",
        False,
        False,
        "/reservations/",
        "a booking widget: Friday has nothing on BEFORE while Thursday shows 17:30 and 22:00; AFTER shows 19:45 on Friday",
        before,
        after,
        ["19:45"],
    )


def passport() -> Case:
    intro = "Use this service if you need a passport urgently. The 1 week Fast Track service costs £193.50 for an adult. You must attend your appointment in person."
    steps = ["Your application", "Choose an office", "Choose a time", "Confirm"]
    footer = "<p>HM Passport Office</p><p><a href=\"/help\">Help</a> · <a href=\"/cookies\">Cookies</a> · <a href=\"/privacy\">Privacy</a></p>"
    nav = ["Renew", "First adult passport", "Urgent service", "Track"]
    none = """<div class="panel panel--info"><h2>Liverpool Passport Office</h2><p>There are no appointments available at Liverpool Passport Office.</p><p>New appointments are released every day from 7am, and cancellations can appear at any time.</p></div>
    <h2>Other offices with appointments</h2><ul class="offices"><li>Durham: Monday 14 December 2026</li><li>Peterborough: Wednesday 16 December 2026</li></ul>"""
    some = """<div class="panel panel--success"><h2>Liverpool Passport Office</h2><p>Appointments are available on <strong>Tuesday 8 December 2026</strong>:</p><ul class="times"><li><button class="button button--time" name="slot" value="2026-12-08T10:15">10:15am</button></li><li><button class="button button--time" name="slot" value="2026-12-08T13:30">1:30pm</button></li></ul></div>
    <h2>Other offices with appointments</h2><ul class="offices"><li>Durham: Monday 14 December 2026</li><li>Peterborough: Wednesday 16 December 2026</li></ul>"""
    kw = dict(heading="Choose an appointment", intro=intro, steps=steps, nav=nav, footer=footer, skip="Skip to main content")
    before = municipal_appointments("Get a passport urgently", "passport-appointments.service.gov.uk", "en-GB", "Service|1 week Fast Track", "Office|Liverpool Passport Office", result=none, **kw)
    after = municipal_appointments("Get a passport urgently", "passport-appointments.service.gov.uk", "en-GB", "Service|1 week Fast Track", "Office|Liverpool Passport Office", result=some, **kw)
    return Case(
        "passport-fast-track-liverpool-appointment",
        "Tell me when a Fast Track passport appointment is available at the Liverpool passport office",
        "en",
        "slot",
        False,
        False,
        "/book/choose-time",
        "Liverpool goes from 'no appointments' to Tuesday 8 December 2026 at 10:15am; Durham and Peterborough have dates on both pages; the fee £193.50 is a number too",
        before,
        after,
        ["2026-12-08"],
    )


def north_pines() -> Case:
    dates = [("2027-04-08", "Thu 4/8"), ("2027-04-09", "Fri 4/9"), ("2027-04-10", "Sat 4/10"), ("2027-04-11", "Sun 4/11")]
    sites_before = [
        ("001", "Loop A", ["R", "R", "R", "R"]),
        ("012", "Loop A", ["R", "R", "A", "A"]),
        ("023", "Loop B", ["A", "R", "R", "R"]),
        ("047", "Loop B", ["R", "R", "R", "R"]),
        ("081", "Loop C", ["X", "X", "X", "X"]),
    ]
    sites_after = [
        ("001", "Loop A", ["R", "R", "R", "R"]),
        ("012", "Loop A", ["R", "R", "A", "R"]),
        ("023", "Loop B", ["R", "A", "R", "R"]),
        ("047", "Loop B", ["R", "R", "R", "R"]),
        ("081", "Loop C", ["X", "X", "X", "X"]),
    ]
    kw = dict(legend="A = Available · R = Reserved · X = Not Reservable · W = Walk-up", notice="Yosemite Valley campgrounds: vehicle reservations are required on peak days from April 2027.")
    before = campground("North Pines Campground", "National Park Service", dates, sites_before, **kw)
    after = campground("North Pines Campground", "National Park Service", dates, sites_after, **kw)
    return Case(
        "north-pines-campsite-night-of-april-9",
        "Tell me when a campsite at North Pines is free for the night of Friday 9 April 2027",
        "en",
        "slot",
        False,
        False,
        "/camping/campgrounds/232449",
        "an availability grid: on BEFORE sites are free on 4/8 and 4/10 but not 4/9; on AFTER site 023 is free on Fri 4/9",
        before,
        after,
        ["2027-04-09"],
    )


CASES = [dvsa_wood_green, dvsa_mill_hill, kiln, passport, north_pines]
