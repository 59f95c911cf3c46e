"""Control actions (always available): DONE, NEED_MORE, EXPLAIN, WAIT_USER.

They change no data: their result is the signal the flow reads from the turn's recorded
outcomes (DONE and WAIT_USER end the loop, NEED_MORE asks for another iteration, EXPLAIN's
text joins the turn's reasoning).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from sentinel.assistant.chat.actions.base import ActionContext, ActionEntry, Params, Result

Signal = Literal["DONE", "NEED_MORE", "EXPLAIN", "WAIT_USER"]
CONTROL_ACTIONS: tuple[Signal, ...] = ("DONE", "NEED_MORE", "EXPLAIN", "WAIT_USER")


class Done(Params):
    """Nothing more to do before answering."""

    summary: str = Field(default="", max_length=2000)


class NeedMore(Params):
    """Another iteration is needed; ``missing`` says for what."""

    missing: str = Field(default="", max_length=2000)


class Explain(Params):
    """An explanation of the reasoning, shown to the user."""

    explanation: str = Field(min_length=1, max_length=4000)


class WaitUser(Params):
    """A question only the user can answer; the answer asks it and the turn stops there."""

    question: str = Field(min_length=1, max_length=2000)


class ControlResult(Result):
    """The signal and its text."""

    signal: Signal
    text: str


async def done(ctx: ActionContext, params: Done) -> ControlResult:
    """DONE."""
    return ControlResult(signal="DONE", text=params.summary)


async def need_more(ctx: ActionContext, params: NeedMore) -> ControlResult:
    """NEED_MORE."""
    return ControlResult(signal="NEED_MORE", text=params.missing)


async def explain(ctx: ActionContext, params: Explain) -> ControlResult:
    """EXPLAIN."""
    return ControlResult(signal="EXPLAIN", text=params.explanation)


async def wait_user(ctx: ActionContext, params: WaitUser) -> ControlResult:
    """WAIT_USER."""
    return ControlResult(signal="WAIT_USER", text=params.question)


ENTRIES = (
    ActionEntry("DONE", "control", "nothing more is needed before answering", Done, done),
    ActionEntry(
        "NEED_MORE",
        "control",
        "another iteration is needed (say what is missing)",
        NeedMore,
        need_more,
    ),
    ActionEntry("EXPLAIN", "control", "explain your reasoning to the user", Explain, explain),
    ActionEntry(
        "WAIT_USER", "control", "ask the user a question before doing more", WaitUser, wait_user
    ),
)
