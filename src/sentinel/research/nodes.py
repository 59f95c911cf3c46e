"""The nodes' generating functions: how each agent turns its rendered context into one action.

The planner, analyzer and reporter ask their model for a grammar-constrained structure
(``ResearchPlan``, ``AnalyzerDecision``, ``ReportDraft``) and hand it to their store action; the
model never writes the action envelope, so it cannot pick the wrong action or break the JSON
around it. The reporter's draft becomes a ``FinalReport`` here: its ``sources`` are the numbered
sources the model was shown, parsed back from the very context it read.

The searcher is deterministic: its context is the pending ``SearchInput`` and its "generation"
is the search call for it. Being an agent all the same, it is traced, limited to its one
action, and its failures end in the runtime's visible error state like the others'.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Generic, TypeVar

from pydantic import BaseModel

from sentinel.agents import ActionCall, Generation
from sentinel.errors import ModelOutputError, ProviderError
from sentinel.llm import LanguageModel, Message
from sentinel.research.errors import CallTimeout
from sentinel.research.prompts import parse_sources
from sentinel.research.runlog import RunLog
from sentinel.research.schemas import ReportDraft, SearchInput
from sentinel.research.state import NodeConfig
from sentinel.research.throttle import CallGate

M = TypeVar("M", bound=BaseModel)


def action_text(call: ActionCall) -> str:
    """The reply format the runtime parses: ``{"action": ..., "payload": {...}}``."""
    return json.dumps({"action": call.action, "payload": call.payload}, ensure_ascii=False)


class StructuredNode(Generic[M]):
    """A model node: static instructions, the rendered context, one structured call.

    ``to_call`` turns the parsed answer (and the config it answered) into the node's action.
    ``on_invalid(problem, raw)`` decides what a reply that stays invalid after the model
    layer's repair round becomes: a fallback action, or a recorded rejection. With
    ``fallback_on_timeout`` a model too slow to answer in time is treated the same way (for
    nodes whose fallback is sound: retrying a local model only queues behind the generation
    still running). Other provider errors are retried by ``gate`` and then raised: the runtime
    retries the step and, past its limit, puts the agent in its error state.
    """

    def __init__(
        self,
        node: str,
        model: LanguageModel,
        *,
        output: type[M],
        system: str,
        to_call: Callable[[M, NodeConfig], ActionCall],
        on_invalid: Callable[[str, str], ActionCall],
        gate: CallGate,
        log: RunLog,
        max_tokens: int,
        temperature: float | None = None,
        fallback_on_timeout: bool = False,
    ) -> None:
        self.node = node
        self.model = model
        self.output = output
        self.system = system
        self.to_call = to_call
        self.on_invalid = on_invalid
        self.gate = gate
        self.log = log
        self.max_tokens = max_tokens
        self.temperature = temperature
        self.fallback_on_timeout = fallback_on_timeout
        # What the model really wrote for each envelope we returned, so that the runtime's
        # feedback ("your reply ... Error: ...") shows the model its own words.
        self._written: dict[str, str] = {}

    def messages(self, config: NodeConfig) -> list[Message]:
        """Instructions first (a stable prefix), then the context, then any feedback."""
        messages = [Message.system(self.system), Message.user(config.context)]
        for feedback in config.messages:
            content = feedback.content
            if feedback.role == "assistant":
                content = self._written.get(content, content)
            messages.append(Message(feedback.role, content))
        return messages

    async def generate(self, config: NodeConfig) -> Generation:
        """One model call and the action it amounts to."""
        messages = self.messages(config)
        shown = [m.as_dict() for m in messages]
        started = time.perf_counter()
        try:
            completion = await self.gate.call(
                lambda: self.model.complete(
                    messages,
                    output=self.output,
                    max_tokens=self.max_tokens,
                    temperature=self.temperature,
                )
            )
        except ModelOutputError as exc:
            self.log.record("model", self.node, input=shown, output=exc.raw, error=str(exc))
            return self._fallback(str(exc), exc.raw, started)
        except CallTimeout as exc:
            self.log.record("model", self.node, input=shown, output=None, error=str(exc))
            if not self.fallback_on_timeout:
                raise
            return self._fallback(str(exc), "", started)
        except ProviderError as exc:
            self.log.record("model", self.node, input=shown, output=None, error=str(exc))
            raise
        usage = completion.usage
        self.log.record(
            "model",
            self.node,
            input=shown,
            output=completion.text,
            model=completion.model,
            repairs=completion.repairs,
            usage={
                "prompt_tokens": usage.prompt_tokens,
                "completion_tokens": usage.completion_tokens,
                "cached_tokens": usage.cached_tokens,
                "requests": usage.requests,
            },
            latency_s=round(completion.latency_s, 3),
        )
        text = action_text(self.to_call(completion.parsed, config))
        self._written[text] = completion.text
        return Generation(
            text,
            usage={
                "prompt_tokens": usage.prompt_tokens,
                "completion_tokens": usage.completion_tokens,
                "cached_tokens": usage.cached_tokens,
                "requests": usage.requests,
                "latency_s": completion.latency_s,
            },
        )

    def _fallback(self, problem: str, raw: str, started: float) -> Generation:
        text = action_text(self.on_invalid(problem, raw))
        self._written[text] = raw
        return Generation(text, usage={"latency_s": time.perf_counter() - started})


def final_report_json(draft: ReportDraft, context: str) -> str:
    """The FinalReport JSON of a draft written against ``context``: sources in the order of
    their ids, so that ``[n]`` is the n-th; a section repeated word for word appears once."""
    sources = [{"title": item.title, "url": item.url} for item in parse_sources(context)]
    report = draft.model_dump(mode="json")
    # Small models sometimes write the same section twice; once is enough.
    unique = {section["content"]: section for section in report["sections"]}
    report["sections"] = list(unique.values())
    return json.dumps({**report, "sources": sources}, ensure_ascii=False)


async def search_call(config: NodeConfig) -> str:
    """The searcher's deterministic generation: validate the pending ``SearchInput`` (the
    seed's tool-input check) and call ``search`` with it."""
    request = SearchInput.model_validate_json(config.context)
    return action_text(ActionCall("search", {"request": request.model_dump(mode="json")}))
