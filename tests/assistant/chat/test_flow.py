"""The turn's paths on the scripted model: the decision (persona, plan, suggestions),
parallel actions, the rule-based rounds, the time budget, receipts, bad JSON, failures,
owners."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from sentinel.assistant.chat.deps import ChatDeps
from sentinel.assistant.chat.personas import Persona, profile
from sentinel.assistant.chat.schemas import Subtasks
from sentinel.assistant.chat.settings import ChatSettings
from sentinel.clock import VirtualClock
from sentinel.errors import InvalidInput
from sentinel.llm import ModelRequestError, ScriptedModel, UsageTracker
from sentinel.receipts import ReceiptPayload, digest
from sentinel.storage import Database
from tests.assistant.chat.conftest import (
    DECISION,
    DepsFactory,
    Script,
    content,
    decision,
    named,
    run_turn,
)


def plan(*steps: tuple[str, dict[str, Any]]) -> dict[str, Any]:
    """A decision with these actions (persona MENTOR)."""
    return decision(*steps)


def persona(mode: str, confidence: float = 0.9) -> dict[str, Any]:
    """A decision choosing ``mode``, with nothing to do."""
    return decision(("DONE", {}), persona=mode, confidence=confidence)


class SleepyResearch:
    """A research runner that waits ``delays[question]`` seconds and records concurrency."""

    def __init__(self, delays: dict[str, float] | None = None) -> None:
        self.delays = delays or {}
        self.running = 0
        self.peak = 0
        self.finished: list[str] = []

    async def __call__(self, question: str) -> dict[str, Any]:
        self.running += 1
        self.peak = max(self.peak, self.running)
        try:
            await asyncio.sleep(self.delays.get(question, 0.05))
        finally:
            self.running -= 1
        self.finished.append(question)
        return {"question": question, "report": {"topic": question}, "iterations": 1}


def research(question: str) -> tuple[str, dict[str, Any]]:
    return ("RESEARCH", {"question": question})


async def test_the_persona_sets_the_system_prompt_and_temperature(
    make_deps: DepsFactory,
) -> None:
    for mode in (Persona.GUARDIAN, Persona.CONFIDANT):
        script = Script(decisions=[persona(mode.value)])
        events = await run_turn(make_deps(script), "I am worried about a phishing mail")
        chosen = profile(mode)
        [decision_call] = script.calls_for(DECISION)
        [answer_call] = [c for c in script.model.calls if c.output is None]
        assert chosen.system_prompt in answer_call.system
        assert answer_call.params.temperature == chosen.temperature
        # One system message for every call: a prefix llama.cpp keeps cached.
        # The answer has a system message of its own (the decision's speaks of JSON).
        assert "JSON only" in decision_call.system
        assert "never JSON" in answer_call.system
        assert decision_call.params.temperature == 0.2
        first = named(events, "reasoning")[0]
        assert (first["persona"], first["confidence"]) == (mode.value, 0.9)
        [receipt] = await make_deps(script).ledger.list("alice", limit=1)
        assert receipt.payload["persona"] == mode.value


async def test_a_lower_case_persona_name_is_accepted(make_deps: DepsFactory) -> None:
    events = await run_turn(make_deps(Script(decisions=[persona("mediator")])), "We argue")
    assert named(events, "reasoning")[0]["persona"] == "MEDIATOR"
    assert {
        "status": "Selected MEDIATOR (the model's stated confidence 0.90)",
        "stage": "persona",
    } in named(events, "status")


async def test_parallel_actions_return_results_in_plan_order(make_deps: DepsFactory) -> None:
    runner = SleepyResearch({"slowest": 0.3, "middle": 0.15, "fastest": 0.0})
    script = Script(decisions=[plan(research("slowest"), research("middle"), research("fastest"))])
    events = await run_turn(make_deps(script, research=runner), "three questions")
    assert runner.finished == ["fastest", "middle", "slowest"]  # they really overlapped
    [ran] = [d["actions"] for d in named(events, "reasoning") if d["actions"]]
    assert [a["result"]["question"] for a in ran] == ["slowest", "middle", "fastest"]
    assert all(a["ok"] for a in ran)


async def test_sequential_execution_runs_one_action_at_a_time(make_deps: DepsFactory) -> None:
    runner = SleepyResearch({"slowest": 0.1, "fastest": 0.0})
    script = Script(decisions=[plan(research("slowest"), research("fastest"))])
    await run_turn(make_deps(script, research=runner), "two", parallel_actions=False)
    assert runner.finished == ["slowest", "fastest"]
    assert runner.peak == 1


async def test_at_most_five_actions_run_at_once(make_deps: DepsFactory) -> None:
    runner = SleepyResearch()
    steps = [research(f"question {i}") for i in range(8)]
    script = Script(decisions=[plan(*steps)])
    events = await run_turn(make_deps(script, research=runner), "eight questions")
    assert runner.peak == 5
    [ran] = [d["actions"] for d in named(events, "reasoning") if d["actions"]]
    assert [a["result"]["question"] for a in ran] == [f"question {i}" for i in range(8)]


async def test_a_slow_action_times_out_while_the_others_succeed(make_deps: DepsFactory) -> None:
    runner = SleepyResearch({"forever": 30.0})
    script = Script(
        decisions=[
            plan(research("forever"), ("CREATE_TASK", {"title": "Call Ana"}), ("LIST_TASKS", {}))
        ]
    )
    deps = make_deps(script, research=runner, research_timeout_s=0.2)
    events = await run_turn(deps, "research forever and add a task")
    [ran] = [d["actions"] for d in named(events, "reasoning") if d["actions"]]
    assert [a["ok"] for a in ran] == [False, True, True]
    assert ran[0]["error"] == "timed out after 0.2s"
    assert named(events, "error") == [
        {"error": "RESEARCH failed: timed out after 0.2s", "stage": "actions"}
    ]
    assert [t.title for t in await deps.tasks.list("alice")] == ["Call Ana"]
    assert events[-1].event == "done"


async def test_a_failing_action_does_not_sink_the_others(make_deps: DepsFactory) -> None:
    script = Script(
        decisions=[
            plan(
                ("UPDATE_TASK", {"task_id": 999, "status": "done"}),
                ("CREATE_MEMORY", {"text": "Ana likes running"}),
            )
        ]
    )
    deps = make_deps(script)
    events = await run_turn(deps, "mark task 999 done and remember Ana likes running")
    [ran] = [d["actions"] for d in named(events, "reasoning") if d["actions"]]
    assert not ran[0]["ok"]
    assert "999" in ran[0]["error"]
    assert ran[1]["ok"]
    assert [m.text for m in await deps.memories.list("alice")] == ["Ana likes running"]
    # The answer sees the failure, so it can say so.
    answer_call = next(c for c in script.model.calls if c.streamed)
    assert "UPDATE_TASK FAILED" in answer_call.prompt


async def test_unknown_actions_and_bad_parameters_are_visible_errors(
    make_deps: DepsFactory,
) -> None:
    script = Script(
        decisions=[
            plan(
                ("ACTIVATE_SHADOW", {}),
                ("CREATE_TASK", {}),
                ("CREATE_TASK", {"title": "ok", "owner": "bob"}),
                ("LIST_TASKS", {}),
            )
        ]
    )
    events = await run_turn(make_deps(script), "do odd things")
    [ran] = [d["actions"] for d in named(events, "reasoning") if d["actions"]]
    assert [a["ok"] for a in ran] == [False, False, False, True]
    assert "unknown action 'ACTIVATE_SHADOW'" in ran[0]["error"]
    assert "params.title" in ran[1]["error"]
    assert "owner" in ran[2]["error"]  # a plan cannot name another owner
    assert len(named(events, "error")) == 3


async def test_a_disabled_action_is_refused_by_the_agents_hard_limit(
    make_deps: DepsFactory,
) -> None:
    runner = SleepyResearch()
    script = Script(decisions=[plan(research("anything"))])
    deps = make_deps(script, research=runner, disabled_actions=["RESEARCH"])
    events = await run_turn(deps, "research something")
    [ran] = [d["actions"] for d in named(events, "reasoning") if d["actions"]]
    assert "forbidden" in ran[0]["error"]
    assert "refused" in ran[0]["error"]
    assert runner.finished == []
    assert "RESEARCH" not in deps.runtime.catalogue()


async def test_need_more_runs_another_round(make_deps: DepsFactory) -> None:
    script = Script(
        decisions=[
            plan(("SEARCH_MEMORIES", {"query": "Ana"}), ("NEED_MORE", {"missing": "her tasks"})),
            plan(("LIST_TASKS", {}), ("DONE", {})),
        ]
    )
    events = await run_turn(make_deps(script), "what about Ana?")
    assert named(events, "done")[0]["iterations"] == 2
    # The second decision saw the first round's results.
    second = script.calls_for(DECISION)[1]
    assert "SEARCH_MEMORIES ok" in second.prompt
    assert "Round 2 of 3" in second.prompt


async def test_need_more_loops_until_the_iteration_cap(make_deps: DepsFactory) -> None:
    script = Script(decisions=[plan(("NEED_MORE", {"missing": f"part {i}"})) for i in range(3)])
    events = await run_turn(make_deps(script), "keep looking")
    assert named(events, "done")[0]["iterations"] == 3
    assert len(script.calls_for(DECISION)) == 3
    assert {"status": "Iteration cap reached (3)", "stage": "reflection"} in named(events, "status")


async def test_the_request_may_lower_the_iteration_cap(make_deps: DepsFactory) -> None:
    script = Script(decisions=[plan(("NEED_MORE", {}))] * 3)
    events = await run_turn(make_deps(script), "loop", max_iterations=1)
    assert named(events, "done")[0]["iterations"] == 1
    assert len(script.calls_for(DECISION)) == 1


async def test_a_read_that_learns_nothing_ends_the_loop_without_a_model_call(
    make_deps: DepsFactory,
) -> None:
    script = Script(decisions=[plan(("LIST_TASKS", {}))])  # no tasks: nothing learned
    events = await run_turn(make_deps(script), "my tasks?")
    assert named(events, "done")[0]["iterations"] == 1
    assert len(script.calls_for(DECISION)) == 1
    assert {"status": "Nothing new was learned; answering", "stage": "reflection"} in named(
        events, "status"
    )


async def test_a_read_that_finds_something_new_runs_another_round(
    make_deps: DepsFactory,
) -> None:
    script = Script(decisions=[plan(("LIST_TASKS", {}))])
    deps = make_deps(script)
    await deps.tasks.create("alice", "Call Ana")
    events = await run_turn(deps, "my tasks?")
    assert named(events, "done")[0]["iterations"] == 2
    assert "Call Ana" in script.calls_for(DECISION)[1].prompt


async def test_an_action_that_already_ran_is_not_run_again(make_deps: DepsFactory) -> None:
    script = Script(decisions=[plan(("LIST_TASKS", {}))] * 3)
    deps = make_deps(script)
    await deps.tasks.create("alice", "Call Ana")
    events = await run_turn(deps, "my tasks?")
    ran = [a["action"] for d in named(events, "reasoning") if d["actions"] for a in d["actions"]]
    assert ran == ["LIST_TASKS"]
    assert named(events, "done")[0]["iterations"] == 2


async def test_writes_with_done_end_the_turn_after_one_decision(make_deps: DepsFactory) -> None:
    script = Script(decisions=[plan(("CREATE_TASK", {"title": "Call Ana"}), ("DONE", {}))])
    events = await run_turn(make_deps(script), "add a task to call Ana")
    assert named(events, "done")[0]["iterations"] == 1
    assert len(script.calls_for(DECISION)) == 1


async def test_past_the_time_budget_the_turn_answers_with_what_it_has(db: Database) -> None:
    clock = VirtualClock(datetime(2026, 1, 1, tzinfo=UTC))

    async def slow_research(question: str) -> dict[str, Any]:
        clock.advance(timedelta(seconds=30))  # the research took 30 s of the turn's 25
        return {"question": question, "report": {"topic": question}, "iterations": 1}

    script = Script(decisions=[plan(("RESEARCH", {"question": "tea"}))])
    deps = ChatDeps.open(db, model=script.model, embedder=None, research=slow_research, clock=clock)
    events = await run_turn(deps, "research tea")
    assert len(script.calls_for(DECISION)) == 1  # the research learned something, but…
    assert {"status": "Time budget reached (30 s of 25 s); answering", "stage": "reflection"} in (
        named(events, "status")
    )
    assert content(events).endswith("Here is what I found.")


async def test_wait_user_ends_the_loop_and_the_answer_asks_the_question(
    make_deps: DepsFactory,
) -> None:
    script = Script(decisions=[plan(("WAIT_USER", {"question": "Which city?"}))])
    events = await run_turn(make_deps(script), "book me a hotel")
    assert named(events, "done")[0]["iterations"] == 1
    answer_call = next(c for c in script.model.calls if c.streamed)
    assert "ask the user exactly this: Which city?" in answer_call.prompt


async def test_explain_joins_the_turns_reasoning(make_deps: DepsFactory) -> None:
    script = Script(decisions=[plan(("EXPLAIN", {"explanation": "I checked your tasks first"}))])
    deps = make_deps(script)
    await run_turn(deps, "why?")
    [receipt] = await deps.ledger.list("alice")
    assert "I checked your tasks first" in receipt.payload["reasoning"]


async def test_suggestions_come_with_the_decision_cut_to_the_setting(
    make_deps: DepsFactory,
) -> None:
    offers = ["A?", " ", "B?", "I saved it for you.", "C?"]
    script = Script(decisions=[decision(("DONE", {}), suggestions=offers)])
    deps = make_deps(script, suggestions=2)
    events = await run_turn(deps, "hi")
    assert named(events, "suggestions") == [{"suggestions": ["A?", "B?"]}]
    schema = deps.runtime.decision.model_json_schema()
    assert schema["properties"]["suggestions"]["maxItems"] == 2
    assert [c.output for c in script.model.calls] == [deps.runtime.decision, None]


async def test_no_suggestions_when_turned_off(make_deps: DepsFactory) -> None:
    script = Script()
    deps = make_deps(script, suggestions=0)
    events = await run_turn(deps, "hi")
    assert named(events, "suggestions") == []
    assert "suggestions" not in deps.runtime.decision.model_json_schema()["properties"]


async def test_a_suggestion_claiming_an_action_is_dropped(make_deps: DepsFactory) -> None:
    offers = ["I added a task to call Ana.", "Shall I add a task to call Ana?"]
    script = Script(decisions=[decision(("DONE", {}), suggestions=offers)])
    events = await run_turn(make_deps(script), "hi")
    assert named(events, "suggestions") == [{"suggestions": ["Shall I add a task to call Ana?"]}]


async def test_each_turn_appends_one_receipt_and_the_chain_verifies(
    make_deps: DepsFactory,
) -> None:
    script = Script(decisions=[plan(("CREATE_TASK", {"title": "Call Ana"}))])
    deps = make_deps(script)
    first = await run_turn(deps, "add a task to call Ana")
    second = await run_turn(deps, "thanks")
    r1, r2 = named(first, "receipt")[0], named(second, "receipt")[0]
    assert (r1["seq"], r2["seq"], r2["prev_hash"]) == (1, 2, r1["hash"])
    assert (await deps.ledger.verify("alice")).ok
    stored = await deps.ledger.get("alice", 1)
    payload = ReceiptPayload.model_validate(stored.payload)
    assert payload.query == "add a task to call Ana"
    assert payload.persona == "MENTOR"
    assert payload.model == "scripted"
    assert payload.usage.prompt_tokens > 0
    assert payload.usage.completion_tokens > 0
    assert payload.answer_digest == digest(content(first))
    [action] = payload.actions
    # The parameters as they ran: validated, defaults filled in.
    assert action.parameters == {"title": "Call Ana", "notes": "", "priority": "medium"}
    assert (action.name, action.ok) == ("CREATE_TASK", True)
    [task] = await deps.tasks.list("alice")
    assert action.result_digest != digest(None)
    assert any("persona MENTOR" in line for line in payload.reasoning)
    assert task.title == "Call Ana"


async def test_bad_json_is_repaired_once_then_the_error_is_visible_and_the_turn_answers(
    make_deps: DepsFactory,
) -> None:
    script = Script(decisions=["I think MENTOR", "still prose"])
    deps = make_deps(script)
    events = await run_turn(deps, "help")
    assert len(script.calls_for(DECISION)) == 2  # the reply and its one repair
    errors = named(events, "error")
    assert [e["stage"] for e in errors] == ["persona"]
    assert "even after one repair" in errors[0]["error"]
    assert named(events, "reasoning")[0]["persona"] == "MIRROR"  # the safe default
    assert content(events) == "Here is what I found."
    assert events[-1].event == "done"
    [receipt] = await deps.ledger.list("alice")
    assert receipt.payload["details"]["errors"][0]["stage"] == "persona"


async def test_a_reply_fixed_by_the_repair_round_is_no_error(make_deps: DepsFactory) -> None:
    script = Script(decisions=["MENTOR please", persona("MENTOR")])
    events = await run_turn(make_deps(script), "teach me")
    assert named(events, "error") == []
    assert named(events, "reasoning")[0]["persona"] == "MENTOR"


async def test_a_failing_answer_still_says_what_was_done(make_deps: DepsFactory) -> None:
    def texts(request: Any) -> Any:
        if request.streamed:
            return ModelRequestError("scripted", "connection reset")
        return "reasoning"

    script = Script(decisions=[plan(("CREATE_TASK", {"title": "x"}))], texts=[texts, texts])
    events = await run_turn(make_deps(script), "add x")
    assert [e["stage"] for e in named(events, "error")] == ["answer"]
    assert content(events) == "I added the task “x”.\n\n"  # what was done, and no more
    assert events[-1].event == "done"


async def test_the_memories_a_search_found_are_quoted_even_when_the_answer_fails(
    make_deps: DepsFactory,
) -> None:
    def texts(request: Any) -> Any:
        return ModelRequestError("scripted", "connection reset") if request.streamed else "r"

    deps = make_deps(Script(decisions=[plan(("SEARCH_MEMORIES", {"query": "Ana"}))], texts=[texts]))
    await deps.memories.create("alice", "Ana lives in Porto.")
    events = await run_turn(deps, "where does Ana live?")
    assert "From your memories: “Ana lives in Porto.”" in content(events)


async def test_an_answer_in_json_is_stopped_and_the_turn_answers_from_its_results(
    make_deps: DepsFactory,
) -> None:
    script = Script(decisions=[plan(("LIST_TASKS", {}))], texts=[""])
    events = await run_turn(make_deps(script), "anything to do?")
    [answer_call] = [c for c in script.model.calls if c.streamed]
    assert answer_call.params.stop == ('{"', "```")
    assert content(events) == "You have no tasks.\n\n"


async def test_status_and_reasoning_are_streamed_only_when_asked(make_deps: DepsFactory) -> None:
    events = await run_turn(make_deps(Script()), "hi", stream_status=False, include_reasoning=False)
    assert {e.event for e in events} == {"content", "suggestions", "receipt", "done"}


async def test_one_owner_never_sees_anothers_memories_tasks_or_receipts(
    make_deps: DepsFactory,
) -> None:
    script = Script(
        decisions=[
            plan(("CREATE_MEMORY", {"text": "My sister Ana lives in Porto"})),
            plan(("SEARCH_MEMORIES", {"query": "Ana Porto"}), ("LIST_TASKS", {})),
        ]
    )
    deps = make_deps(script)  # one deps, one memory index cache, serving both owners
    await deps.tasks.create("alice", "Alice's secret task")
    await run_turn(deps, "remember: my sister Ana lives in Porto", owner="alice")
    events = await run_turn(deps, "where does Ana live?", owner="bob")
    assert named(events, "status")[1]["status"].startswith("Found 0 relevant memories")
    [ran] = [d["actions"] for d in named(events, "reasoning") if d["actions"]]
    assert ran[0]["result"]["hits"] == []
    assert ran[1]["result"]["tasks"] == []
    assert [m.text for m in await deps.memories.list("alice")] == ["My sister Ana lives in Porto"]
    assert [r.seq for r in await deps.ledger.list("bob")] == [1]
    assert [r.seq for r in await deps.ledger.list("alice")] == [1]
    assert deps.runtime.store.state.turns == {}  # finished turns are forgotten


async def test_the_turn_starts_from_the_owners_relevant_memories(make_deps: DepsFactory) -> None:
    script = Script()
    deps = make_deps(script)
    await deps.memories.create("alice", "My sister Ana lives in Porto")
    await deps.memories.create("alice", "I bought a blue bicycle")
    events = await run_turn(deps, "where does my sister Ana live?")
    assert named(events, "status")[1]["status"].startswith("Found 1 relevant memories")
    assert "My sister Ana lives in Porto" in script.calls_for(DECISION)[0].prompt
    answer_call = next(c for c in script.model.calls if c.streamed)
    assert "My sister Ana lives in Porto" in answer_call.prompt
    assert "blue bicycle" not in answer_call.prompt


async def test_deps_use_the_assistant_roles_model_setting(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SENTINEL_LLM", "local:qwen2.5-coder-0.5b")
    monkeypatch.setenv("SENTINEL_LLM_ASSISTANT", "scripted")
    deps = ChatDeps.open(db, embedder=None)
    assert isinstance(deps.model, ScriptedModel)
    events = await run_turn(deps, "hello")  # a model that fills any schema still ends a turn
    assert events[-1].event == "done"
    assert named(events, "receipt")[0]["seq"] == 1


def test_disabling_an_unknown_action_is_refused(db: Database) -> None:
    with pytest.raises(InvalidInput, match="disabled_actions"):
        ChatDeps.open(
            db,
            model=ScriptedModel(),
            settings=ChatSettings(disabled_actions=["LAUNCH_ROCKETS"]),
            embedder=None,
        )


async def test_a_stage_that_crashes_is_an_error_event_and_the_turn_goes_on(
    make_deps: DepsFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    deps = make_deps(Script())

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("index file vanished")

    monkeypatch.setattr(deps.memories, "search", broken)
    events = await run_turn(deps, "hello")
    assert named(events, "error") == [
        {"error": "internal error: RuntimeError: index file vanished", "stage": "retrieve_memories"}
    ]
    assert content(events) == "Here is what I found."
    assert [e.event for e in events][-2:] == ["receipt", "done"]


async def test_without_agentic_mode_the_turn_answers_from_memories_directly(
    make_deps: DepsFactory,
) -> None:
    script = Script()
    deps = make_deps(script)
    await deps.memories.create("alice", "My sister Ana lives in Porto")
    events = await run_turn(deps, "where does Ana live?", use_agentic=False)
    assert [c.output for c in script.model.calls] == [None]  # the answer only
    assert "My sister Ana lives in Porto" in script.model.calls[0].prompt
    assert content(events) == "Here is what I found."
    assert named(events, "done")[0]["iterations"] == 0
    [receipt] = await deps.ledger.list("alice")
    assert receipt.payload["actions"] == []


async def test_the_receipt_counts_every_model_call_of_the_turn_actions_included(
    make_deps: DepsFactory,
) -> None:
    script = Script()
    deps = make_deps(script)
    task = await deps.tasks.create("alice", "Move house")
    script.queues[DECISION].append(plan(("DECOMPOSE_TASK", {"task_id": task.id})))
    with UsageTracker() as usage:
        await run_turn(deps, "break down my moving task")
    assert script.calls_for(Subtasks)  # the action asked the model for the steps
    [receipt] = await deps.ledger.list("alice")
    assert receipt.payload["usage"] == {
        "prompt_tokens": usage.total.prompt_tokens,
        "completion_tokens": usage.total.completion_tokens,
    }


async def test_a_structured_reply_cut_off_by_the_token_budget_says_so(
    make_deps: DepsFactory,
) -> None:
    long_reason = "because " * 50
    script = Script(decisions=[persona("MENTOR") | {"reasoning": long_reason}])
    deps = make_deps(script, structured_tokens=32)
    with UsageTracker() as usage:
        events = await run_turn(deps, "hi")
    [error] = named(events, "error")
    assert error["stage"] == "persona"
    assert "cut off" in error["error"]
    # The tokens of the reply that was cut off are in the receipt too.
    [receipt] = await deps.ledger.list("alice")
    assert receipt.payload["usage"]["completion_tokens"] == usage.total.completion_tokens


async def test_a_bare_array_plan_with_null_parameters_is_read_as_the_seed_writes_it(
    make_deps: DepsFactory,
) -> None:
    script = Script(decisions=[[{"action": "list_tasks", "parameters": None}]])
    events = await run_turn(make_deps(script), "my tasks")
    [ran] = [d["actions"] for d in named(events, "reasoning") if d["actions"]]
    assert [(a["action"], a["ok"]) for a in ran] == [("LIST_TASKS", True)]


async def test_actions_past_the_plan_limit_are_refused_visibly(make_deps: DepsFactory) -> None:
    script = Script(decisions=[plan(("LIST_TASKS", {}), ("LIST_TASKS", {}), ("LIST_MONITORS", {}))])
    events = await run_turn(make_deps(script, max_actions_per_plan=2), "everything")
    [ran] = [d["actions"] for d in named(events, "reasoning") if d["actions"]]
    assert [a["ok"] for a in ran] == [True, True, False]
    assert ran[2]["error"] == "refused: a plan may hold at most 2 actions"


async def test_every_event_carries_json_data(make_deps: DepsFactory) -> None:
    script = Script(
        decisions=[plan(("CREATE_TASK", {"title": "x"}), ("QUERY_STATE", {"sql": "SELECT 1"}))]
    )
    events = await run_turn(make_deps(script), "go")
    for event in events:
        assert json.loads(json.dumps(event.data)) == event.data


async def test_a_stated_confidence_below_chance_is_not_shown_as_a_confidence(
    make_deps: DepsFactory,
) -> None:
    deps = make_deps(Script(decisions=[persona("GUARDIAN", confidence=0.0)]))
    events = await run_turn(deps, "Remember that my sister Ana lives in Porto.")
    statuses = [s["status"] for s in named(events, "status") if s["stage"] == "persona"]
    assert statuses[-1] == "Selected GUARDIAN (no usable confidence: the model stated 0.00)"
    assert {r["confidence"] for r in named(events, "reasoning")} == {None}
    [receipt] = await deps.ledger.list("alice", limit=1)
    assert receipt.payload["details"]["confidence"] is None
    assert receipt.payload["details"]["stated_confidence"] == 0.0
