"""The claims check: a sentence saying the assistant did something that did not run is
removed; offers, questions, failures and the user's own actions pass; what was done is said by
the code."""

from __future__ import annotations

import pytest

from sentinel.assistant.chat.claims import ClaimFilter, Ran, unsupported_claim
from sentinel.assistant.chat.done import done_text
from sentinel.assistant.chat.events import ChatEvent
from tests.assistant.chat.conftest import DepsFactory, Script, content, decision, named, run_turn


@pytest.mark.parametrize(
    ("sentence", "ran", "claimed"),
    [
        # the issue's own answer: nothing was updated
        ("Updated the links on your page to http://www.example.com.", set(), "UPDATE_MEMORY"),
        ("I saved that Ana lives in Porto.", set(), "CREATE_MEMORY"),
        ("I’ve added a task to call Ana.", {"CREATE_MEMORY"}, "CREATE_TASK"),
        ("Your memory has been saved.", set(), "CREATE_MEMORY"),
        ("I'll watch the price for you.", set(), "CREATE_MONITOR"),
        ("I will remember that.", set(), "CREATE_MEMORY"),
        ("I deleted the old memory.", {"CREATE_MEMORY"}, "DELETE_MEMORY"),
        ("I'm sorry, but I can't assist with that.", {"CREATE_MEMORY"}, "refusal"),
    ],
)
def test_a_claim_of_an_action_that_did_not_run_is_found(
    sentence: str, ran: set[str], claimed: str
) -> None:
    found = unsupported_claim(sentence, ran)
    assert found is not None
    assert claimed in found


@pytest.mark.parametrize(
    ("sentence", "ran"),
    [
        ("I saved that Ana lives in Porto.", {"CREATE_MEMORY"}),
        ("I've added a task to call Ana.", {"CREATE_TASK"}),
        ("I can add a task if you like.", set()),
        ("Shall I add a task?", set()),
        ("Ana lives in Porto and loves running.", set()),
        ("Remember to call Ana.", set()),  # an imperative to the user
        ("Note that the shop closes at 5.", set()),
        ("I could not create the task.", set()),
        ("You added a task yesterday.", set()),
        ("I'm sorry, but I can't assist with that.", set()),
    ],
)
def test_supported_claims_offers_and_facts_pass(sentence: str, ran: set[str]) -> None:
    assert unsupported_claim(sentence, ran) is None


def test_the_filter_streams_whole_sentences_and_removes_unsupported_ones() -> None:
    checker = ClaimFilter(frozenset({"CREATE_MEMORY"}))
    shown = [checker.feed(d) for d in ["Got it. I saved", " that. I added a task", " too. Bye"]]
    shown.append(checker.flush())
    assert shown == ["Got it. ", "I saved that. ", "", "Bye"]
    assert checker.removed == [("I added a task too.", "CREATE_TASK/DECOMPOSE_TASK/UPDATE_TASK")]


def test_done_text_says_each_successful_write_and_nothing_else() -> None:
    outcomes = [
        {"action": "CREATE_MEMORY", "parameters": {"text": "x"}, "ok": True,
         "result": {"memory": {"text": "Ana lives in Porto."}}},
        {"action": "CREATE_TASK", "parameters": {"title": "Call Ana"}, "ok": False,
         "result": None},
        {"action": "SEARCH_MEMORIES", "parameters": {"query": "Ana"}, "ok": True,
         "result": {"count": 0, "hits": []}},
    ]  # fmt: skip
    assert done_text(outcomes) == "I saved this to your memories: “Ana lives in Porto.”"


def test_done_text_shows_the_tasks_a_listing_found() -> None:
    def listing(status: str | None, titles: list[str]) -> dict[str, object]:
        params = {"status": status} if status else {}
        tasks = [{"id": i, "title": t} for i, t in enumerate(titles, 1)]
        return {"action": "LIST_TASKS", "parameters": params, "ok": True,
                "result": {"count": len(tasks), "tasks": tasks}}  # fmt: skip

    assert done_text([listing("open", ["Call Ana", "Buy milk"])]) == (
        "Your open tasks: “Call Ana”; “Buy milk”."
    )
    assert done_text([listing("in_progress", [])]) == "You have no in progress tasks."
    many = done_text([listing(None, [f"task {i}" for i in range(12)])])
    assert many.startswith("Your tasks: “task 0”;")
    assert many.endswith("“task 9” and 2 more.")


async def test_the_turn_removes_a_claim_of_an_action_that_did_not_run(
    make_deps: DepsFactory,
) -> None:
    answer = "Ana lives in Porto. Updated the links to http://www.example.com. Enjoy!"
    script = Script(decisions=[decision(("DONE", {}))], texts=[answer])
    deps = make_deps(script)
    events = await run_turn(deps, "where does Ana live?")
    assert content(events) == "Ana lives in Porto. Enjoy!"
    removed = "Updated the links to http://www.example.com."
    assert {
        "status": f"Removed a claim of an action that did not run: {removed}",
        "stage": "answer",
    } in named(events, "status")
    [receipt] = await deps.ledger.list("alice")
    assert receipt.payload["details"]["removed_claims"] == [removed]


async def test_the_answer_sees_what_was_done_and_the_user_reads_it_first(
    make_deps: DepsFactory,
) -> None:
    script = Script(decisions=[decision(("CREATE_TASK", {"title": "Call Ana"}), ("DONE", {}))])
    events = await run_turn(make_deps(script), "I should call Ana, shouldn't I?")
    first = next(e for e in events if e.event == "content")
    assert first == ChatEvent("content", {"content": "I added the task “Call Ana”.\n\n"})
    answer_call = next(c for c in script.model.calls if c.streamed)
    assert "<done>\nI added the task “Call Ana”.\n</done>" in answer_call.prompt


def test_the_filter_leaves_out_repeats_of_what_was_done_and_of_itself() -> None:
    done = "I saved this to your memories: “Ana lives in Porto.”"
    checker = ClaimFilter(frozenset({"CREATE_MEMORY"}), said=done)
    shown = checker.feed('I saved this to your memories: "Ana lives in Porto." She loves ')
    shown += checker.feed("running. She loves running. Anything else?")
    shown += checker.flush()
    assert shown == "She loves running. Anything else?"
    assert checker.removed == []


def test_a_cut_off_repeat_is_left_out_and_a_quoted_question_is_still_a_claim() -> None:
    checker = ClaimFilter(frozenset({"CREATE_MEMORY"}), said="I saved this: “Ana lives in Porto.”")
    assert checker.feed("Noted. I saved this: “Ana lives") == "Noted. "
    assert checker.flush() == ""
    quoted = 'I added the task "Where does my sister live?" to your memories.'
    assert unsupported_claim(quoted, {"SEARCH_MEMORIES"}) is not None
    assert unsupported_claim("Shall I add a task?", set()) is None


def test_done_text_quotes_the_memories_a_search_found() -> None:
    hits = [{"memory": {"id": i, "text": f"fact {i}"}, "score": 0.9} for i in range(5)]
    search = {"action": "SEARCH_MEMORIES", "parameters": {"query": "x"}, "ok": True,
              "result": {"count": 5, "hits": hits}}  # fmt: skip
    assert done_text([search]) == "From your memories: “fact 0”; “fact 1”; “fact 2”"
    search["result"] = {"count": 0, "hits": []}
    assert done_text([search]) == ""


ISSUE_35 = (
    "I then ran the query 'Remember that my sister Ana lives in Porto and loves running.' to "
    "verify that the memory was saved correctly."
)
SAVE_ANA = "Remember that my sister Ana lives in Porto and loves running."


def saved_only() -> list[Ran]:
    """A turn that stored a memory and read nothing after (the retrieval ran first)."""
    return Ran.of(
        [{"action": "CREATE_MEMORY", "parameters": {"text": SAVE_ANA}, "ok": True}], SAVE_ANA
    )


def test_issue_35s_answer_claims_a_verification_that_never_ran() -> None:
    assert unsupported_claim(ISSUE_35, saved_only()) is not None
    checker = ClaimFilter(saved_only())
    assert checker.feed(f"Got it. {ISSUE_35} Bye") == "Got it. "
    assert checker.removed[0][0] == ISSUE_35


@pytest.mark.parametrize(
    "sentence",
    [
        ISSUE_35,
        "I ran a query against your monitors.",
        "I've queried the database for your monitors.",
        "I double-checked that the memory was stored.",
        "Afterwards I confirmed the memory had been saved.",
        "After running a search of the web, I found two articles.",
        "I also looked up your tasks.",
        "I verified your tasks.",
        "The query returned no rows.",
        "Then I searched online for Porto running clubs.",
        "Having checked your monitors, nothing changed.",
        "I listed your monitors.",
        "I saved it and then checked that the memory was saved correctly.",
        "Your tasks were listed and nothing is due.",
        'I ran the query "running clubs in Porto" to find more.',
    ],
)
def test_reads_and_verifications_that_did_not_run_are_claims_in_any_wording(
    sentence: str,
) -> None:
    assert unsupported_claim(sentence, saved_only()) is not None, sentence


@pytest.mark.parametrize(
    ("sentence", "reports"),
    [
        # the retrieval every turn starts with is a memory search that ran
        ("I searched your memories and found nothing about Ana.", []),
        ("I looked through your memories first.", []),
        (f"I ran the query '{SAVE_ANA}' on your memories.", []),
        # a read after the write verifies it
        (
            "I checked that the memory was saved.",
            [
                {"action": "CREATE_MEMORY", "parameters": {"text": "x"}, "ok": True},
                {"action": "SEARCH_MEMORIES", "parameters": {"query": "Ana"}, "ok": True},
            ],
        ),
        (
            "I listed your tasks: you have none.",
            [{"action": "LIST_TASKS", "parameters": {}, "ok": True}],
        ),
        (
            'I queried "SELECT name FROM monitors" and found one monitor.',
            [
                {
                    "action": "QUERY_STATE",
                    "parameters": {"sql": "SELECT name FROM monitors"},
                    "ok": True,
                }
            ],
        ),
        ("I can run a query on your monitors if you like.", []),
        ("Check the ferry times before you leave.", []),
        ("Shall I verify the memory?", []),
        ("I could not verify that.", []),
        ("You ran the Porto half marathon last year.", []),
        ("Ana ran the Porto marathon in 3 hours.", []),
        ("I'm glad you checked.", []),
        ("She listed three races.", []),
    ],
)
def test_reads_that_ran_and_sentences_that_claim_none_pass(
    sentence: str, reports: list[dict[str, object]]
) -> None:
    assert unsupported_claim(sentence, Ran.of(reports, SAVE_ANA)) is None, sentence


def test_a_quoted_query_must_be_the_one_that_ran() -> None:
    ran = Ran.of(
        [{"action": "SEARCH_MEMORIES", "parameters": {"query": "sister Porto"}, "ok": True}], "hi"
    )
    assert unsupported_claim("I ran the query 'sister Porto'.", ran) is None
    assert unsupported_claim("I ran the query 'brother Lisbon'.", ran) is not None


def test_a_verification_before_the_write_does_not_verify_it() -> None:
    ran = Ran.of(
        [
            {"action": "SEARCH_MEMORIES", "parameters": {"query": "Ana"}, "ok": True},
            {"action": "CREATE_MEMORY", "parameters": {"text": "Ana"}, "ok": True},
        ]
    )
    assert unsupported_claim("I verified that the memory was saved.", ran) is not None


async def test_the_turn_removes_issue_35s_sentence_and_signs_it_as_removed(
    make_deps: DepsFactory,
) -> None:
    answer = f"I will remember that Ana lives in Porto. {ISSUE_35}"
    script = Script(
        decisions=[decision(("CREATE_MEMORY", {"text": SAVE_ANA}), ("DONE", {}))], texts=[answer]
    )
    deps = make_deps(script)
    events = await run_turn(deps, SAVE_ANA)
    assert ISSUE_35 not in content(events)
    assert "I will remember that Ana lives in Porto." in content(events)
    [receipt] = await deps.ledger.list("alice")
    assert receipt.payload["details"]["removed_claims"] == [ISSUE_35]
