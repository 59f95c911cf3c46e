"""Agents on the store: state-triggered, limited by state, observable through a trace.

An ``Agent`` is a definition: a name, a hard action limit, a config (``ModelConfig``
subclass), a static context, dynamic context components and a generating function. Its
``AgentState`` lives in the app's store; an ``AIApp`` wires agents to the store and runs each
one whenever its ``should_act`` becomes true. Each step renders the context (static first, so
providers can reuse a cached prefix), calls the generating function, parses one
``{"action": ..., "payload": ...}`` object and dispatches that store action. Every step becomes
a ``TraceRecord`` in ``app.trace``.

How the seed's open questions are answered here:

- *Compose stores?* Yes, outside the app: ``Store.compose`` mounts ``Slice`` parts (one per
  agent, plus shared fields). ``AIApp`` **receives** the store; it never builds one.
- *AgentState initializer?* ``AgentState.for_agent(agent)`` (or ``agent.initial_state()``)
  copies the agent's limits and config into a fresh state.
- *Hard limits.* ``available_actions`` is fixed: ``AgentState`` refuses reassignment, so an
  action that tries fails and the store rolls it back; the runtime also checks it against the
  agent's own definition every step. ``currently_available_actions`` is validated as a subset
  on every assignment (``allow``/``disallow`` help inside actions). A model asking for an
  action outside the limit is refused (``refused=True`` in the trace) and told so.
- *Polling or events?* Events. The app subscribes to each agent's ``should_act`` path; a change
  to true starts one activation task. There is no poll interval to configure. A trigger while
  the agent runs changes nothing (``should_act`` is already true): natural debouncing. A
  trigger landing as an activation ends starts the next one.
- *How does an activation end?* Every agent has a built-in ``finish`` action (registered per
  agent as ``<agent>.finish``) that sets ``should_act`` false; any app action may also clear
  it. ``max_steps`` per activation bounds a model that never finishes.
- *Errors (the seed's ``except: pass``).* Invalid JSON, unknown / unavailable / forbidden
  actions, invalid payloads and actions that raise are traced and fed back to the model: its
  reply and an ``Error: ...`` message are appended to ``config.messages`` for the next attempt.
  After ``max_retries`` consecutive failures the agent enters the visible error state
  (``status="error"``, ``last_error``, ``error_count``, ``should_act=False``). A failing
  generating function is retried the same way but not fed back (the model never saw it).
- *Agent-specific error callbacks?* Not needed: errors are state. Subscribe to
  ``agents.<name>.status`` or write a rule reacting to it, like any other change.
- *Orchestration rules.* Passed to ``AIApp``. Since state changes only through actions, a rule
  is ``(state, delta) -> calls``: it returns ``ActionCall``s (``trigger("translator")``) that
  the app dispatches; ``when_changed`` builds the common ones.
- *Usage.* A generating function returns ``str`` or ``Generation(text, usage)``; usage lands
  in the trace record of the step.
- *Lifecycle.* ``async with app:`` (or ``start``/``shutdown``), ``run_until_idle(timeout)``
  to wait for quiescence, ``shutdown(grace)``: steps finish within the grace period or are
  cancelled; an action is committed whole or not at all, because the store commits an action
  in one synchronous step. ``persist_to`` keeps an atomic snapshot file up to date.

Model access stays out of this package: a generating function is any
``async (config) -> str | Generation`` or an object with such a ``generate`` method.
"""

from sentinel.agents.actions import ActionCall, BoundAction
from sentinel.agents.activation import Activation
from sentinel.agents.agent import FINISH, Agent
from sentinel.agents.app import AIApp
from sentinel.agents.builtins import AgentControls, control_names
from sentinel.agents.config import (
    GeneratingFunction,
    Generation,
    Message,
    ModelConfig,
    TextGenerator,
    Usage,
)
from sentinel.agents.context import (
    ContextComponent,
    ContextView,
    FunctionContext,
    StateContext,
    ToolsContext,
)
from sentinel.agents.errors import (
    ActionFailed,
    ActionNotAvailable,
    ActionParseError,
    AgentCrashed,
    AgentError,
    AgentStateViolation,
    AppTimeout,
    ForbiddenAction,
    GenerationFailed,
    InvalidPayload,
    PersistenceFailed,
    StepError,
    UnknownAction,
    WiringError,
)
from sentinel.agents.orchestration import Rule, RuleFailed, trigger, when_changed
from sentinel.agents.parsing import parse_action_call
from sentinel.agents.selector import StateSelector
from sentinel.agents.state import AgentState, AgentStatus
from sentinel.agents.trace import Trace, TraceRecord, TraceStream

__all__ = [
    "FINISH",
    "AIApp",
    "ActionCall",
    "ActionFailed",
    "ActionNotAvailable",
    "ActionParseError",
    "Activation",
    "Agent",
    "AgentControls",
    "AgentCrashed",
    "AgentError",
    "AgentState",
    "AgentStateViolation",
    "AgentStatus",
    "AppTimeout",
    "BoundAction",
    "ContextComponent",
    "ContextView",
    "ForbiddenAction",
    "FunctionContext",
    "GeneratingFunction",
    "Generation",
    "GenerationFailed",
    "InvalidPayload",
    "Message",
    "ModelConfig",
    "PersistenceFailed",
    "Rule",
    "RuleFailed",
    "StateContext",
    "StateSelector",
    "StepError",
    "TextGenerator",
    "ToolsContext",
    "Trace",
    "TraceRecord",
    "TraceStream",
    "UnknownAction",
    "Usage",
    "WiringError",
    "control_names",
    "parse_action_call",
    "trigger",
    "when_changed",
]
