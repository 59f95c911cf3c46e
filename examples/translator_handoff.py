"""Two agents hand work to each other through state: summarizer -> translator.

    python examples/translator_handoff.py

A document lands in the shared part of the state; a rule triggers the summarizer; its
published summary triggers the translator through a second rule. Neither agent knows the
other: they meet in state. The "models" are scripted, deterministic functions of the config
the runtime renders, so the program runs anywhere, offline; the translator's script makes one
deliberate mistake (it reaches for an action outside its limit) to show a refusal fed back to
the model and corrected on the next step.
"""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass

from sentinel.agents import (
    Agent,
    AgentState,
    AIApp,
    Generation,
    ModelConfig,
    StateContext,
    ToolsContext,
    TraceRecord,
    trigger,
    when_changed,
)
from sentinel.store import Slice, Store

# -- state: one part per agent, one shared part ---------------------------------------------


@dataclass
class SummarizerConfig(ModelConfig):
    """The summarizer's model settings."""

    max_words: int = 8


@dataclass
class TranslatorConfig(ModelConfig):
    """The translator's model settings."""

    target_language: str = "fr"


@dataclass
class Shared:
    """What the agents work on together."""

    document: str = ""
    summary: str = ""
    translation: str = ""


@dataclass
class Agents:
    """One AgentState per agent."""

    summarizer: AgentState[SummarizerConfig]
    translator: AgentState[TranslatorConfig]


@dataclass
class AppState:
    """The whole app: the agents' parts and the shared part."""

    agents: Agents
    shared: Shared


# -- actions ---------------------------------------------------------------------------------


def submit_document(state: AppState, text: str) -> None:
    """Put a new document in and clear the previous results."""
    state.shared.document = text
    state.shared.summary = ""
    state.shared.translation = ""


def publish_summary(state: AppState, summary: str) -> None:
    """Publish the summary of the current document."""
    state.shared.summary = summary


def publish_translation(state: AppState, translation: str) -> None:
    """Publish the translation of the summary."""
    state.shared.translation = translation


def set_target_language(state: AgentState[TranslatorConfig], language: str) -> None:
    """Translate into another language from now on (a slice action: `state` is the agent's)."""
    state.current_config.target_language = language


# -- scripted models -------------------------------------------------------------------------

WORDS = {
    "fr": {
        "the": "le",
        "cat": "chat",
        "sat": "s'est assis",
        "on": "sur",
        "mat": "tapis",
        "and": "et",
        "watched": "regarda",
        "birds": "oiseaux",
    }
}


def section(context: str, title: str) -> str:
    """The body of a ``# title`` section of the rendered context."""
    match = re.search(rf"^# {re.escape(title)}\n(.*?)(?=^# |\Z)", context, re.M | re.S)
    return match.group(1).strip() if match else ""


def reply(action: str, **payload: str) -> str:
    """A model reply naming one action."""
    return json.dumps({"action": action, "payload": payload})


async def summarizer_model(config: SummarizerConfig) -> Generation:
    """Summarize by keeping the first words; finish once the summary is published."""
    if section(config.context, "Published summary"):
        text = reply("finish")
    else:
        words = section(config.context, "Document").split()
        text = reply("publish_summary", summary=" ".join(words[: config.max_words]))
    return Generation(text, usage={"prompt_chars": len(config.context), "output_chars": len(text)})


async def translator_model(config: TranslatorConfig) -> Generation:
    """Translate word by word. Its first try overreaches (an action it may not use)."""
    summary = section(config.context, "Summary")
    if section(config.context, "Published translation"):
        text = reply("finish")
    elif not any(m.role == "user" and "refused" in m.content for m in config.messages):
        text = reply("publish_summary", summary=summary.upper())  # not the translator's job
    else:
        table = WORDS.get(config.target_language, {})
        words = [table.get(w.lower(), w) for w in summary.rstrip(".").split()]
        translation = " ".join(words)
        # Small models wrap JSON in prose and fences; the parser copes.
        answer = reply("publish_translation", translation=translation)
        text = f"Sorry. Here it is:\n```json\n{answer}\n```"
    return Generation(text, usage={"prompt_chars": len(config.context), "output_chars": len(text)})


# -- wiring ----------------------------------------------------------------------------------

summarizer = Agent(
    "summarizer",
    actions=["publish_summary"],
    config=SummarizerConfig(),
    generate=summarizer_model,
    static_context="You summarize documents in a few words. Answer with one JSON action.",
    context=[
        StateContext("Document", lambda s: s.shared.document),
        StateContext("Published summary", lambda s: s.shared.summary),
        ToolsContext(),
    ],
)

translator = Agent(
    "translator",
    actions=["publish_translation", "agents.translator.set_target_language"],
    config=TranslatorConfig(),
    generate=translator_model,
    static_context="You translate summaries. Answer with one JSON action.",
    context=[
        StateContext("Summary", lambda s: s.shared.summary),
        StateContext("Published translation", lambda s: s.shared.translation),
        ToolsContext(),
    ],
)


def build_store() -> Store[AppState]:
    """The app's store, composed from one slice per agent and the shared part."""
    translator_part = Slice(AgentState.for_agent(translator))
    translator_part.register(set_target_language, writes=["current_config.target_language"])
    store = Store.compose(
        AppState,
        slices={
            "agents.summarizer": Slice(AgentState.for_agent(summarizer)),
            "agents.translator": translator_part,
        },
        shared={"shared": Shared()},
    )
    store.register(submit_document, writes=["shared.*"])
    store.register(publish_summary, writes=["shared.summary"])
    store.register(publish_translation, writes=["shared.translation"])
    return store


RULES = [
    when_changed(
        "shared.document", then=trigger("summarizer"), only_if=lambda s: bool(s.shared.document)
    ),
    when_changed(
        "shared.summary", then=trigger("translator"), only_if=lambda s: bool(s.shared.summary)
    ),
]


def show(record: TraceRecord) -> str:
    """One trace line."""
    outcome = f"REFUSED: {record.error}" if record.refused else record.error or record.result
    payload = json.dumps(record.payload) if record.payload else ""
    return (
        f"{record.agent:>10} #{record.activation}.{record.step} "
        f"{record.action or '-'} {payload} -> {outcome}"
    )


async def main() -> None:
    """Submit a document, let the agents work, print what happened."""
    store = build_store()
    async with AIApp(store, [summarizer, translator], rules=RULES) as app:
        store.dispatch("submit_document", text="The cat sat on the mat and watched the birds.")
        await app.run_until_idle(timeout=10)
        print("trace:")
        for record in app.trace:
            print("  " + show(record))
        shared = store.state.shared
        print(f"summary:     {shared.summary}")
        print(f"translation: {shared.translation}")
        for name in ("summarizer", "translator"):
            agent_state = app.state_of(name)
            print(
                f"{name}: status={agent_state.status} activations={agent_state.activations} "
                f"should_act={agent_state.should_act}"
            )


if __name__ == "__main__":
    asyncio.run(main())
