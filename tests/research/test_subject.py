"""Claims about the question's subject: passages about a look-alike (another application
number, the return crossing, another route) support nothing, and the report states what the
question asked (issue 35's planning committee and timetable reports)."""

from __future__ import annotations

from sentinel.research import ResearchModels, ResearchSettings, extractive_model, run_research
from sentinel.research.citations import report_text
from sentinel.research.claims import check_report
from sentinel.research.form import well_formed
from sentinel.research.passages import SourceText, all_passages
from sentinel.research.schemas import FinalReport, ReportSection, Source
from sentinel.research.subject import Subject, about_subject, identifiers
from tests.research.test_world import fast, world_at, world_tools

__all__ = ["fast"]

DAIRY = (
    "What did the Eastmoor planning committee decide on application 25/01873/FUL "
    "(the Old Dairy), and by what vote?"
)
DECISIONS = SourceText(
    "http://council.example/decisions",
    "Planning committee: recent decisions",
    "25/01873/FUL - The Old Dairy, Mill Road\n"
    "Conversion of the Old Dairy into 12 flats. Approved with conditions on 18 March 2026. "
    "Members voted 7 to 4 in favour.\n"
    "25/01837/FUL - Land at Hollins Farm\n"
    "A 64-bed care home with parking and landscaping was approved. "
    "The decision notice was issued 19 February 2026.",
)
NEWS = SourceText(
    "http://echo.example/news",
    "Old Dairy Flats Approved After Heated Debate",
    "Eastmoor's planning committee approved the conversion of the Old Dairy on Mill Road into "
    "12 flats on Wednesday.\nLast month the same committee approved a 64-bed care home at "
    "Hollins Farm.",
)


def marked(*sources: SourceText, question: str = DAIRY) -> dict[str, bool]:
    passages = about_subject(all_passages(list(sources)), sources, question)
    return {p.quote: p.on_subject for p in passages}


def test_identifiers_and_their_look_alikes() -> None:
    subject = Subject.of(DAIRY)
    assert identifiers(DAIRY) == {"25/01873/FUL"}
    assert subject.identified("Application 25/01837/FUL was approved.") is False
    assert subject.identified("Application 25/01873/FUL was approved.") is True
    assert (
        Subject.of("Why was flight SK 318 cancelled?").identified(
            "Passengers were rebooked on SK 320."
        )
        is None
    )  # another flight named beside the answer is no look-alike


def test_a_passage_under_a_look_alike_heading_or_naming_its_site_is_off_the_subject() -> None:
    verdicts = marked(DECISIONS, NEWS)
    assert verdicts["Members voted 7 to 4 in favour."] is True
    assert verdicts["The decision notice was issued 19 February 2026."] is False
    assert (
        verdicts["Last month the same committee approved a 64-bed care home at Hollins Farm."]
        is False
    )
    assert (
        verdicts[
            "Eastmoor's planning committee approved the conversion of the Old Dairy on Mill Road "
            "into 12 flats on Wednesday."
        ]
        is True
    )


def test_the_return_crossing_and_another_route_are_off_the_subject() -> None:
    question = "Which sailings from Port Ellan to Skarra were cancelled on Saturday, and why?"
    back = SourceText(
        "http://f.example/back",
        "Skarra - Port Ellan service status",
        "The 09:10 sailing from Skarra is cancelled because of the swell.",
    )
    other = SourceText(
        "http://f.example/brenish",
        "Port Ellan - Brenish service status",
        "All sailings to Brenish are cancelled today because of the swell.",
    )
    news = SourceText("http://news.example/storm", "Storm Brings Ferry Cancellations",
                      "Ellan Ferries cancelled two sailings from Port Ellan to Skarra.\n"
                      "On the Brenish route no ferry sailed at all.")  # fmt: skip
    verdicts = marked(back, other, news, question=question)
    assert verdicts == {
        "The 09:10 sailing from Skarra is cancelled because of the swell.": False,
        "All sailings to Brenish are cancelled today because of the swell.": False,
        "Ellan Ferries cancelled two sailings from Port Ellan to Skarra.": True,
        "On the Brenish route no ferry sailed at all.": False,
    }


def test_the_check_drops_a_look_alike_s_facts_and_adds_the_vote_the_question_asked() -> None:
    sources = [DECISIONS, NEWS]
    passages = about_subject(all_passages(sources), sources, DAIRY)
    draft = FinalReport(
        topic="Old Dairy",
        executive_summary="Eastmoor's planning committee approved the conversion of the Old "
        "Dairy on Mill Road into 12 flats on Wednesday [2].",
        sections=[
            ReportSection(
                section_title="25/01837/FUL - Land at Hollins Farm",
                content="The decision notice was issued 19 February 2026 [1]. Approved with "
                "conditions on 18 March 2026 [1].",
            )
        ],
        sources=[Source(title=s.title, url=s.url) for s in sources],
    )
    report = check_report(draft, passages, DAIRY)
    text = report_text(report)
    assert "19 February" not in text
    assert "Members voted 7 to 4 in favour [2]." in report.executive_summary
    assert report.sections[0].section_title == "Further findings"
    assert report.check is not None
    assert report.check.dropped_off_subject == 1
    assert report.check.added_for_question == 1


async def test_issue_35s_planning_report_is_about_the_old_dairy_and_states_the_vote(
    fast: ResearchSettings,
) -> None:
    world, clock = world_at("research-planning-old-dairy")
    async with world_tools(world, clock) as tools:
        result = await run_research(
            DAIRY, tools, ResearchModels.single(extractive_model()), settings=fast
        )
    text = report_text(result.report)
    assert "25/01837/FUL" not in text
    assert "64-bed" not in text
    assert "Hollins" not in text
    assert "7 votes to 4" in text or "seven votes to four" in text


async def test_issue_35s_timetable_report_says_the_table_in_sentences(
    fast: ResearchSettings,
) -> None:
    world, clock = world_at("research-ferry-sailings-cancelled")
    question = world.scenarios[0].mission
    async with world_tools(world, clock) as tools:
        result = await run_research(
            question, tools, ResearchModels.single(extractive_model()), settings=fast
        )
    report = result.report
    claims = [*report.summary_claims, *(c for s in report.sections for c in s.claims)]
    assert claims
    assert all(well_formed(c.text, question) for c in claims)
    assert "|" not in report_text(report)
    assert "07:20" in report_text(report)
    assert "17:30" in report_text(report)
