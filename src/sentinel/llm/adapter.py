"""Adapting a LanguageModel to the agents runtime, which takes an async "generating function"
from a config object (anything with a ``context: str``) to the reply text.

sentinel.llm never imports sentinel.agents: the config is described structurally here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

from pydantic import BaseModel

from sentinel.llm.base import LanguageModel
from sentinel.llm.types import Message, to_messages


class ConfigLike(Protocol):
    """What a generating function needs from an agent's config: the rendered context (static
    part first).

    Optional attributes, read when present: ``messages`` (what followed the context: history
    and the runtime's error feedback; objects with ``role`` and ``content``, or dicts) and
    ``system`` (a system prompt).
    """

    @property
    def context(self) -> str:
        """The agent's rendered dynamic context."""
        ...


GeneratingFunction = Callable[[ConfigLike], Awaitable[str]]


def generating_function(
    model: LanguageModel,
    *,
    output: type[BaseModel] | None = None,
    system: str | None = None,
    max_tokens: int | None = None,
    temperature: float | None = None,
    stop: Sequence[str] = (),
) -> GeneratingFunction:
    """A generating function over ``model``.

    The messages are: the ``system`` prompt (or the config's ``system``), the ``context`` as a
    user message, then the config's ``messages`` (history, and the runtime's feedback on an
    earlier reply, which must come after the context it refers to). The context starts with
    its static part, so providers reuse the cached prefix. With ``output=`` the reply is
    validated into that type and returned as its canonical JSON, so the agent parses clean
    JSON (and a bad reply raises ModelOutputError instead of reaching the agent).
    """

    async def generate(config: ConfigLike) -> str:
        messages = config_messages(config, system)
        if output is None:
            completion = await model.complete(
                messages, max_tokens=max_tokens, temperature=temperature, stop=stop
            )
            return completion.text
        structured = await model.complete(
            messages, output=output, max_tokens=max_tokens, temperature=temperature, stop=stop
        )
        return structured.parsed.model_dump_json()

    return generate


def config_messages(config: ConfigLike, system: str | None = None) -> list[Message]:
    """The messages a generating function sends for ``config`` (see generating_function)."""
    messages: list[Message] = []
    static = system if system is not None else _optional_str(config, "system")
    if static:
        messages.append(Message.system(static))
    messages.append(Message.user(config.context))
    following: Any = getattr(config, "messages", None)
    if following:
        messages.extend(to_messages(following))
    return messages


def _optional_str(config: object, name: str) -> str | None:
    value = getattr(config, name, None)
    return value if isinstance(value, str) else None
