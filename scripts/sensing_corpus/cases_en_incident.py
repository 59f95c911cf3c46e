"""English incident pages: hosted status pages, a status summary, an operator's notice."""

from __future__ import annotations

from common import Case
from status import Component, Update, operator_notice, status_summary, statuspage_incident


def paylane() -> Case:
    investigating = Update("Investigating", "We are investigating elevated error rates on the Payments API. Some card authorisations are failing with HTTP 503. Dashboard and payouts are not affected.", "Nov 27, 2026 - 08:12 UTC")
    identified = Update("Identified", "The issue has been identified as a failed database failover in our eu-central region. We are rerouting traffic to the standby cluster.", "Nov 27, 2026 - 08:47 UTC")
    monitoring = Update("Monitoring", "Traffic has been rerouted and error rates are back to normal levels. We are monitoring closely.", "Nov 27, 2026 - 09:31 UTC")
    resolved = Update("Resolved", "This incident has been resolved. Card authorisations have succeeded normally since 09:20 UTC. A post-incident review will be published within five business days.", "Nov 27, 2026 - 10:58 UTC")
    title = "Elevated error rates on the Payments API"
    comps = ["Payments API", "Card authorisations (EU)"]
    before = statuspage_incident("Paylane", "status.paylane.io", title, "major", [identified, investigating], comps)
    after = statuspage_incident("Paylane", "status.paylane.io", title, "major", [resolved, monitoring, identified, investigating], comps)
    return Case(
        "paylane-payments-api-incident-resolved",
        "Tell me when the Paylane Payments API incident is resolved",
        "en",
        "incident",
        False,
        False,
        "/incidents/r0zq5mxv2k1d",
        "an Atlassian Statuspage incident: Identified → Resolved (through Monitoring); the word 'resolved' appears nowhere on BEFORE",
        before,
        after,
    )


def cloudrift_monitoring() -> Case:
    investigating = Update("Investigating", "We are investigating connectivity issues affecting virtual machines and load balancers in EU-West (Dublin). Customers may see timeouts when reaching instances in this region.", "Nov 27, 2026 - 13:02 UTC")
    identified = Update("Identified", "A faulty configuration push to our edge routers in EU-West is the cause. We are rolling it back zone by zone.", "Nov 27, 2026 - 13:40 UTC")
    monitoring = Update("Monitoring", "A fix has been implemented and we are monitoring the results. Connectivity has been restored for most customers; some load balancers may still return intermittent 502s while health checks recover. This incident is not resolved yet, and we will post an update within 60 minutes.", "Nov 27, 2026 - 15:15 UTC")
    title = "Connectivity issues in EU-West"
    comps = ["Compute (EU-West)", "Load Balancers (EU-West)", "Networking"]
    before = statuspage_incident("Cloudrift", "status.cloudrift.com", title, "critical", [identified, investigating], comps)
    after = statuspage_incident("Cloudrift", "status.cloudrift.com", title, "critical", [monitoring, identified, investigating], comps)
    return Case(
        "cloudrift-eu-west-outage-monitoring-not-resolved",
        "Tell me when the Cloudrift EU-West outage is resolved",
        "en",
        "incident",
        True,
        False,
        "/incidents/r0zq5mxv2k1d",
        "decoy: the incident moves to Monitoring ('a fix has been implemented'; 'This incident is not resolved yet'), not Resolved",
        before,
        after,
    )


def gitfleet() -> Case:
    uptime = {"Git Operations": "99.99%", "Actions": "99.71%", "Packages": "99.95%", "Pages": "99.98%", "API Requests": "99.97%"}
    past = [
        ("Nov 26, 2026", [("Delayed webhook deliveries", "Resolved · 42 minutes")]),
        ("Nov 25, 2026", []),
        ("Nov 24, 2026", [("Pages builds failing for some repositories", "Resolved · 1 hour 10 minutes")]),
    ]
    outage = [
        Update("Update", "Hosted runners for Linux and Windows are not picking up queued jobs. Self-hosted runners are not affected. We are scaling up a new runner pool.", "Nov 27, 2026 · 16:48 UTC", "2026-11-27T16:48:00Z"),
        Update("Investigating", "We are investigating reports of Actions jobs stuck in the queue.", "Nov 27, 2026 · 16:21 UTC", "2026-11-27T16:21:00Z"),
    ]
    before = status_summary(
        "GitFleet",
        "status.gitfleet.dev",
        "Major outage: Actions",
        "major",
        [Component("Git Operations", "operational"), Component("Actions", "major_outage", [Component("Hosted runners (Linux)", "major_outage"), Component("Hosted runners (Windows)", "major_outage"), Component("Hosted runners (macOS)", "degraded_performance")]), Component("Packages", "operational"), Component("Pages", "operational"), Component("API Requests", "operational")],
        [("Actions jobs stuck in queue", "major", outage)],
        past,
        uptime=uptime,
    )
    after = status_summary(
        "GitFleet",
        "status.gitfleet.dev",
        "Partially degraded service",
        "minor",
        [Component("Git Operations", "operational"), Component("Actions", "operational", [Component("Hosted runners (Linux)", "operational"), Component("Hosted runners (Windows)", "operational"), Component("Hosted runners (macOS)", "operational")]), Component("Packages", "degraded_performance"), Component("Pages", "operational"), Component("API Requests", "operational")],
        [("Slow package downloads from the container registry", "minor", [Update("Investigating", "Some container image pulls are slower than usual. We are investigating.", "Nov 27, 2026 · 18:12 UTC", "2026-11-27T18:12:00Z")])],
        [("Nov 27, 2026", [("Actions jobs stuck in queue", "Resolved · 1 hour 44 minutes")]), *past],
        uptime=uptime | {"Actions": "99.62%"},
    )
    return Case(
        "gitfleet-actions-runners-operational",
        "Tell me when GitFleet's Actions runners are back to operational",
        "en",
        "incident",
        False,
        False,
        "/",
        "a status summary page: Actions goes Major Outage → Operational while another component (Packages) becomes degraded and the banner still says 'Partially degraded service'",
        before,
        after,
    )


def northwind() -> Case:
    nav = ["Journey planner", "Tickets", "Live departures", "Disruption", "Help"]
    sidebar = '<h2>Other disruption</h2><ul><li><a href="/disruption/harrogate-engineering">Engineering works: Harrogate line, Sunday 29 November</a></li><li><a href="/disruption/station-lifts">Lift out of order at Castleford</a></li></ul>'
    footer = "<p>Northwind Rail Limited. Registered in England and Wales No. 11223344.</p><p><a href=\"/accessibility\">Accessibility</a> · <a href=\"/privacy\">Privacy</a> · <a href=\"/cookies\">Cookies</a></p>"
    before = operator_notice(
        "Northwind Rail",
        "www.northwindrail.co.uk",
        "en-GB",
        "Flooding between Leeds and York: lines closed",
        [
            ("What is happening", "<p>Flooding between Church Fenton and Ulleskelf means all lines between Leeds and York are closed. Network Rail engineers are on site, but water levels are still rising.</p>"),
            ("How this affects your journey", "<p>Trains between Leeds and York are cancelled. Replacement buses run every 30 minutes from Leeds (stop L2, Bishopgate Street) to York (Leeman Road), calling at Garforth. Journeys take about 75 minutes longer.</p><p>Disruption is expected until the end of the day on Friday 27 November.</p>"),
            ("Tickets", "<p>Tickets dated today can be used on the next available service, on replacement buses or on Grand Central services via Doncaster, or you can claim a full refund from where you bought your ticket.</p>"),
        ],
        nav=nav,
        updated="Last updated: 27 November 2026, 06:40",
        alert_class="severe",
        sidebar=sidebar,
        footer=footer,
    )
    after = operator_notice(
        "Northwind Rail",
        "www.northwindrail.co.uk",
        "en-GB",
        "Flooding between Leeds and York: lines have reopened",
        [
            ("What is happening", "<p>The floodwater has receded and Network Rail has inspected the track. All lines between Leeds and York reopened at 14:10.</p>"),
            ("How this affects your journey", "<p>Trains are running between Leeds and York again, with some short-notice cancellations and delays of up to 15 minutes until the end of the day while trains and crews return to their planned positions. Replacement buses have been withdrawn.</p>"),
            ("Tickets", "<p>If your journey was disrupted today you may be entitled to Delay Repay compensation.</p>"),
        ],
        nav=nav,
        updated="Last updated: 27 November 2026, 14:25",
        alert_class="minor",
        sidebar=sidebar,
        footer=footer,
    )
    return Case(
        "northwind-leeds-york-lines-reopened",
        "Tell me when Northwind Rail services between Leeds and York resume",
        "en",
        "incident",
        False,
        False,
        "/disruption/leeds-york-flooding",
        "an operator's own page: 'lines closed' → 'lines have reopened' with remaining delays; BEFORE predicts disruption 'until the end of the day'",
        before,
        after,
    )


def skyhook() -> Case:
    investigating = Update("Investigating", "Some customers are seeing SERVFAIL responses for domains hosted on Skyhook DNS. We are investigating.", "Nov 26, 2026 - 22:03 UTC")
    identified = Update("Identified", "A bad zone push reached 3 of our 41 anycast locations (Frankfurt, Warsaw, Vienna). We are withdrawing those locations from the anycast network.", "Nov 26, 2026 - 22:25 UTC")
    update = Update("Update", "The affected locations are withdrawn and most resolvers now reach healthy locations. Some ISPs cache negative answers for up to 1 hour.", "Nov 26, 2026 - 22:58 UTC")
    resolved = Update("Resolved", "Resolution is fully restored in all locations. The faulty zone push has been rolled back and the three locations have returned to service. We apologise for the disruption.", "Nov 27, 2026 - 00:14 UTC")
    title = "DNS resolution failures in Central Europe"
    comps = ["Authoritative DNS", "Anycast Network"]
    before = statuspage_incident("Skyhook", "status.skyhookdns.com", title, "major", [update, identified, investigating], comps)
    after = statuspage_incident("Skyhook", "status.skyhookdns.com", title, "major", [resolved, update, identified, investigating], comps)
    return Case(
        "skyhook-dns-failures-resolved",
        "Tell me when the Skyhook DNS resolution failures are resolved",
        "en",
        "incident",
        False,
        False,
        "/incidents/r0zq5mxv2k1d",
        "Statuspage: Update → Resolved; BEFORE says 'most resolvers now reach healthy locations', which is not resolved",
        before,
        after,
    )


CASES = [paylane, cloudrift_monitoring, gitfleet, northwind, skyhook]
