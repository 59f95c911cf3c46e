"""Sentinel's A2A agent executor: one task per request, on the protocol's lifecycle.

Every task is ``submitted``, then ``working``; then, by skill:

- monitor: the spec (text "tell me when …" or a JSON spec) is validated like
  ``POST /api/v1/monitors`` and the monitor created; the task completes with a ``monitor``
  artifact (id, state, next check). A request without a condition is ambiguous: the task
  waits in ``input-required`` and the caller's next message on it gives the criteria. Push
  notification configs of the task become channels of the monitor (see ``push``).
- research: the question runs like an API research job; each progress event of the run log is
  a ``working`` status update, the ``FinalReport`` JSON the ``final_report`` artifact.
- chat: one turn of the assistant (``stream_turn``) for the caller's key owner: ``status``,
  ``reasoning`` and ``error`` events are ``working`` updates, the answer streams as chunks of
  the ``answer`` artifact, ``suggestions`` and ``receipt`` are artifacts, ``done`` completes
  the task with the whole answer.

A request Sentinel refuses (invalid spec, empty question, research without evidence) fails the
task with the error's message; cancelling a running task stops its work and marks it
``canceled``.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Mapping
from typing import Any

from a2a.helpers import get_data_parts, get_message_text, new_data_part, new_task, new_text_part
from a2a.server.agent_execution import AgentExecutor, RequestContext
from a2a.server.events import EventQueue
from a2a.server.tasks import TaskUpdater
from a2a.types.a2a_pb2 import Message, Part, Role, Task, TaskState
from google.protobuf.json_format import MessageToDict

from sentinel.api.research_jobs import ResearchRunner
from sentinel.assistant.chat.deps import ChatDeps
from sentinel.assistant.chat.flow import stream_turn
from sentinel.clock import Clock
from sentinel.errors import InvalidInput, SentinelError
from sentinel.monitor.service import new_monitor
from sentinel.notify import vet_channel_destinations
from sentinel.owners import LOCAL_OWNER
from sentinel.protocols.a2a.push import MonitorPushConfigs
from sentinel.protocols.a2a.requests import (
    NeedsInput,
    Skill,
    SkillRequest,
    chat_request,
    monitor_spec,
    read_request,
    research_question,
)
from sentinel.research.runlog import Event, RunLog
from sentinel.storage import Database, MonitorRecord

log = logging.getLogger(__name__)

MONITOR_ARTIFACT = "monitor"
REPORT_ARTIFACT = "final_report"
ANSWER_ARTIFACT = "answer"
# Run-log events too large or too internal to stream (model prompts, runtime steps).
_QUIET_EVENTS = frozenset({"model", "step"})
_MAX_FIELD_CHARS = 200
INTERNAL_FAILURE = "Sentinel failed on this request; the server's log has the details."


def monitor_view(record: MonitorRecord) -> dict[str, Any]:
    """What a caller learns about a monitor it created: id, state, next check, definition."""
    return {
        "id": record.id,
        "name": record.name,
        "state": record.state.value,
        "next_check": record.next_run_at.isoformat() if record.next_run_at else None,
        "query": record.original_query,
        "criteria": record.action_criteria,
        "notify": record.notify_behavior.value,
        "urls": list(record.urls),
    }


def progress_update(event: Event) -> tuple[str, dict[str, Any]] | None:
    """A research run-log event as a status line and its small fields, or None if internal."""
    if event.get("event") in _QUIET_EVENTS:
        return None
    fields = {
        key: (value[:_MAX_FIELD_CHARS] if isinstance(value, str) else value)
        for key, value in event.items()
        if isinstance(value, str | int | float | bool) or value is None
    }
    detail = next(
        (str(fields[key]) for key in ("query", "url", "question", "error") if fields.get(key)), ""
    )
    line = f"{event.get('node', '?')}: {event.get('event', '?')}"
    return (f"{line} {detail}".strip(), fields)


class SentinelAgentExecutor(AgentExecutor):
    """Runs the monitor, research and chat skills over ``db``: research with ``research`` (an
    API runner), chat with the deps ``chat`` builds (called once, at the first chat turn)."""

    def __init__(
        self,
        db: Database,
        clock: Clock,
        research: ResearchRunner,
        push: MonitorPushConfigs,
        chat: Callable[[], ChatDeps],
    ) -> None:
        self.db = db
        self.clock = clock
        self.research = research
        self.push = push
        self._chat_factory = chat
        self._chat: ChatDeps | None = None
        self._work: dict[str, asyncio.Task[dict[str, Any]]] = {}

    async def execute(self, context: RequestContext, event_queue: EventQueue) -> None:
        """Run the request's skill and leave the task completed, failed or input-required."""
        task_id, context_id = _ids(context)
        updater = TaskUpdater(event_queue, task_id, context_id)
        if context.current_task is None:
            history = [context.message] if context.message is not None else []
            await event_queue.enqueue_event(
                new_task(task_id, context_id, TaskState.TASK_STATE_SUBMITTED, history=history)
            )
        await updater.start_work()
        try:
            request, answer = _request_of(context)
            if request.skill is Skill.MONITOR:
                await self._monitor(request, answer, updater, _owner(context))
            elif request.skill is Skill.RESEARCH:
                await self._research(research_question(request), updater)
            else:
                await self._chat_turn(request, _owner(context), updater)
        except NeedsInput as exc:
            await updater.requires_input(_agent_message(updater, exc.question))
        except SentinelError as exc:
            await updater.failed(_agent_message(updater, str(exc)))
        except Exception:
            # A bug: the log keeps the traceback; the caller learns that, not the internals
            # (the SDK would answer the exception's text, file paths and all).
            log.exception("A2A task %s failed unexpectedly", task_id)
            await updater.failed(_agent_message(updater, INTERNAL_FAILURE))

    async def cancel(self, context: RequestContext, event_queue: EventQueue) -> None:
        """Stop the task's work (a research run) and mark it canceled."""
        task_id, context_id = _ids(context)
        work = self._work.pop(task_id, None)
        if work is not None:
            work.cancel()
            await asyncio.gather(work, return_exceptions=True)
        updater = TaskUpdater(event_queue, task_id, context_id)
        await updater.cancel(_agent_message(updater, "Canceled at the caller's request."))

    async def _monitor(
        self, request: SkillRequest, answer: str | None, updater: TaskUpdater, owner: str
    ) -> None:
        spec = monitor_spec(request, answer)
        channels = await self.push.channels_for(updater.task_id, updater.context_id)
        new = new_monitor(spec, channels=channels)
        await vet_channel_destinations(new.channels)
        async with self.db.transaction(owner=owner) as tx:
            record = await tx.monitors.create(new, now=self.clock.now())
            # The task's configs registered from now on become channels of this monitor.
            await tx.task_monitors.bind(
                updater.task_id, owner=owner, monitor_id=record.id, context_id=updater.context_id
            )
        view = monitor_view(record)
        await updater.add_artifact([new_data_part(view)], name=MONITOR_ARTIFACT)
        summary = (
            f"Monitor #{record.id} {record.name!r} is {view['state']}; "
            f"next check {view['next_check'] or 'not scheduled'}."
        )
        await updater.complete(_agent_message(updater, summary, view))

    async def _research(self, question: str, updater: TaskUpdater) -> None:
        progress: asyncio.Queue[Event | None] = asyncio.Queue()
        run = self.research(question, RunLog(on_event=progress.put_nowait))
        work: asyncio.Task[dict[str, Any]] = asyncio.ensure_future(run)
        work.add_done_callback(lambda _: progress.put_nowait(None))
        self._work[updater.task_id] = work
        try:
            while (event := await progress.get()) is not None:
                update = progress_update(event)
                if update is not None:
                    line, fields = update
                    await updater.update_status(
                        TaskState.TASK_STATE_WORKING, _agent_message(updater, line, fields)
                    )
            payload = work.result()
        finally:
            self._work.pop(updater.task_id, None)
            if not work.done():
                work.cancel()
                await asyncio.gather(work, return_exceptions=True)
        report = payload.get("report", {})
        await updater.add_artifact(
            [new_data_part(report, media_type="application/json")], name=REPORT_ARTIFACT
        )
        summary = str(report.get("executive_summary") or report.get("topic") or "Report ready.")
        await updater.complete(_agent_message(updater, summary))

    async def _chat_turn(self, request: SkillRequest, owner: str, updater: TaskUpdater) -> None:
        turn = chat_request(request)
        if self._chat is None:
            self._chat = self._chat_factory()
        answer: list[str] = []
        answer_id = f"{ANSWER_ARTIFACT}-{updater.task_id}"
        done: dict[str, Any] = {}
        async for event in stream_turn(turn, owner=owner, deps=self._chat):
            data = event.data
            if event.event == "content":
                await updater.add_artifact(
                    [new_text_part(str(data["content"]))],
                    artifact_id=answer_id,
                    name=ANSWER_ARTIFACT,
                    append=bool(answer),
                )
                answer.append(str(data["content"]))
            elif event.event in ("suggestions", "receipt"):
                await updater.add_artifact([new_data_part(data)], name=event.event)
            elif event.event == "done":
                done = data
            else:  # status, reasoning, error: what the turn is doing
                line = str(data.get(event.event) or data.get("status") or event.event)
                await updater.update_status(
                    TaskState.TASK_STATE_WORKING,
                    _agent_message(updater, f"{event.event}: {line}", _json_safe(data)),
                )
        await updater.complete(_agent_message(updater, "".join(answer) or "(no answer)", done))


def _owner(context: RequestContext) -> str:
    """Whose monitors, memories and tasks a request uses: the API key's owner, else the
    local user."""
    return context.call_context.user.user_name or LOCAL_OWNER


def _json_safe(data: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` as plain JSON values (a status update's data part)."""
    loaded: dict[str, Any] = json.loads(json.dumps(data, default=str))
    return loaded


def _ids(context: RequestContext) -> tuple[str, str]:
    if not context.task_id or not context.context_id:
        raise InvalidInput("request", context.task_id, "has no task or context id")
    return context.task_id, context.context_id


def _request_of(context: RequestContext) -> tuple[SkillRequest, str | None]:
    """The request, and the caller's answer when the task was waiting for input."""
    message = context.message
    if message is None:
        raise InvalidInput("message", None, "is missing")
    current = context.current_task
    if current is not None and current.status.state == TaskState.TASK_STATE_INPUT_REQUIRED:
        original = _first_user_message(current)
        if original is not None and original.message_id != message.message_id:
            return _read(original, context.metadata), get_message_text(message).strip()
    return _read(message, context.metadata), None


def _read(message: Message, request_metadata: Mapping[str, Any]) -> SkillRequest:
    objects = [item for item in get_data_parts(message.parts) if isinstance(item, dict)]
    metadata = dict(request_metadata) | MessageToDict(message.metadata)
    return read_request(get_message_text(message), objects[0] if objects else None, metadata)


def _first_user_message(task: Task) -> Message | None:
    return next((m for m in task.history if m.role == Role.ROLE_USER), None)


def _agent_message(
    updater: TaskUpdater, text: str, data: Mapping[str, Any] | None = None
) -> Message:
    parts: list[Part] = [new_text_part(text)]
    if data:
        parts.append(new_data_part(dict(data)))
    return updater.new_agent_message(parts)
