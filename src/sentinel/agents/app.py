"""``AIApp``: wires agents to a store and runs them when their state says so.

The app receives the store (stores compose outside the app: build the state tree from parts,
then hand the whole to one ``Store``), the agents, the orchestration rules and a few options.
At construction it validates and wires; ``start`` subscribes; from then on everything is
event-driven: a change of an agent's ``should_act`` to true starts an activation task, a rule
turns deltas into more actions, and nothing polls.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable, Coroutine, Iterable, Mapping
from types import TracebackType
from typing import Any, Generic, Literal, TypeVar

from sentinel.agents.actions import ActionCall, BoundAction
from sentinel.agents.activation import Activation
from sentinel.agents.agent import FINISH, Agent
from sentinel.agents.builtins import AgentControls, control_names, register_builtins
from sentinel.agents.errors import (
    AgentCrashed,
    AgentError,
    AppTimeout,
    PersistenceFailed,
    WiringError,
)
from sentinel.agents.orchestration import Rule, RuleFailed, as_calls, rule_name
from sentinel.agents.persistence import SnapshotWriter
from sentinel.agents.selector import CompiledSelector, compile_selector
from sentinel.agents.state import AgentState
from sentinel.agents.trace import Trace
from sentinel.store import Delta, Store, Subscription

S = TypeVar("S")

Phase = Literal["new", "running", "stopping", "stopped"]


class AIApp(Generic[S]):
    """Agents, a store and the rules between them, run as one event-driven app.

    ``persist_to`` saves a store snapshot atomically after changes (at most once per
    ``persist_every_s``) and on shutdown. ``shutdown_grace`` is what ``async with`` uses.
    """

    def __init__(
        self,
        store: Store[S],
        agents: Iterable[Agent[Any]],
        *,
        rules: Iterable[Rule[S]] = (),
        persist_to: str | os.PathLike[str] | None = None,
        persist_every_s: float = 0.5,
        shutdown_grace: float = 5.0,
    ) -> None:
        self.store = store
        self.agents: dict[str, Agent[Any]] = {}
        for agent in agents:
            if agent.name in self.agents:
                raise WiringError(f"two agents are named {agent.name!r}")
            self.agents[agent.name] = agent
        self.rules: list[Rule[S]] = list(rules)
        self.trace = Trace()
        self.errors: list[AgentError] = []
        self.shutdown_grace = shutdown_grace
        self._selectors = {
            name: compile_selector(name, a.state_selector) for name, a in self.agents.items()
        }
        self._validate()
        self._controls: dict[str, AgentControls] = {}
        self._wire()
        self._writer = (
            SnapshotWriter(
                store, persist_to, every_s=persist_every_s, on_error=self._persistence_failed
            )
            if persist_to
            else None
        )
        self._phase: Phase = "new"
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._side_tasks: set[asyncio.Task[None]] = set()
        self._subscriptions: list[Subscription] = []
        self._reported = 0

    # -- construction -------------------------------------------------------------------------

    def _validate(self) -> None:
        actions = self.store.actions
        if FINISH in actions:
            raise WiringError(
                f"the store has an action named {FINISH!r}, which every agent has built in; "
                "rename the store action"
            )
        # An agent may call another agent's built-ins (``helper.trigger`` hands work over).
        built_ins = {n for name in self.agents for n in vars(control_names(name)).values()}
        for name, agent in self.agents.items():
            unknown = sorted(agent.available_actions - {FINISH} - set(actions) - built_ins)
            if unknown:
                raise WiringError(
                    f"agent {name!r} references unknown action(s) {unknown}; "
                    f"the store has: {sorted(actions)}"
                )
            taken = [n for n in vars(control_names(name)).values() if n in actions]
            if taken:
                raise WiringError(
                    f"agent {name!r}: built-in action(s) {taken} are already registered "
                    "(is the agent wired to another app on this store?)"
                )
            agent_state = self._find_state(name)
            if agent_state.available_actions != agent.available_actions:
                raise WiringError(
                    f"agent {name!r}: available_actions in the store "
                    f"{sorted(agent_state.available_actions)} differ from the agent's "
                    f"{sorted(agent.available_actions)}; build its state with "
                    "AgentState.for_agent(agent)"
                )

    def _find_state(self, name: str) -> AgentState[Any]:
        select = self._selectors[name]
        try:
            return select(self.store.state)
        except WiringError:
            raise
        except (AttributeError, KeyError, IndexError, TypeError) as exc:
            where = f"at {select.path!r}" if select.path else "from its selector"
            problem = f"{type(exc).__name__}: {exc}"
            raise WiringError(
                f"agent {name!r} has no AgentState {where} in the store: {problem}"
            ) from exc

    def _wire(self) -> None:
        for name in self.agents:
            self._controls[name] = register_builtins(self.store, self._selectors[name])
        specs = self.store.actions
        for name, agent in self.agents.items():
            select = self._selectors[name]
            controls = self._controls[name]
            bound = {
                action: BoundAction(
                    name=action,
                    store_action=controls.finish if action == FINISH else action,
                    spec=specs[controls.finish if action == FINISH else action],
                    store=self.store,
                )
                for action in agent.available_actions
            }
            agent.wire(self._getter(select), bound, self.store.actions)

    def _getter(self, select: CompiledSelector) -> Callable[[], AgentState[Any]]:
        return lambda: select(self.store.state)

    # -- lifecycle ----------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """``new``, ``running``, ``stopping`` or ``stopped``."""
        return self._phase

    async def start(self) -> None:
        """Subscribe to the store and start every agent that should already act."""
        if self._phase != "new":
            raise AgentError(f"app cannot start: it is {self._phase}")
        self._phase = "running"
        for name in self.agents:
            path = self._selectors[name].field("should_act")
            self._subscriptions.append(
                self.store.subscribe(self._trigger_listener(name), paths=[path] if path else None)
            )
        if self.rules:
            self._subscriptions.append(self.store.subscribe(self._run_rules))
        if self._writer is not None:
            self._subscriptions.append(self.store.subscribe(self._writer_dirty))
        for name in self.agents:
            if self.state_of(name).status == "running":
                # A snapshot taken mid-activation; nothing runs yet, so the agent is idle.
                self.store.dispatch(self._controls[name].end)
            self._maybe_start(name)

    async def __aenter__(self) -> AIApp[S]:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        # With an exception already on its way out, ours would only hide it.
        await self.shutdown(grace=self.shutdown_grace, raise_errors=exc is None)

    # The timeout is part of the contract (tests and examples need a bound), hence ASYNC109.
    async def run_until_idle(self, timeout: float | None = None) -> None:  # noqa: ASYNC109
        """Return once no agent should act and nothing runs; raise what went wrong meanwhile.

        Raises ``AppTimeout`` after ``timeout`` seconds, and the first new entry of
        ``errors`` (a crash or a failed rule) as soon as it happens.
        """
        if self._phase != "running":
            raise AgentError(f"run_until_idle needs a running app; it is {self._phase}")
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            self._raise_new_errors()
            for name in self.agents:
                self._maybe_start(name)
            pending = {*self._tasks.values(), *self._side_tasks}
            if not pending:
                # One loop turn lets callbacks scheduled by the last task run before deciding.
                await asyncio.sleep(0)
                if not self._tasks and not self._side_tasks and not self._ready_agents():
                    break
                continue
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                raise AppTimeout(timeout or 0.0, sorted(self._tasks))
            await asyncio.wait(pending, timeout=remaining, return_when=asyncio.FIRST_COMPLETED)
        self._raise_new_errors()

    async def shutdown(self, grace: float = 5.0, *, raise_errors: bool = True) -> None:
        """Stop: no new activations; running steps get ``grace`` seconds, then are cancelled.

        Cancellation cannot half-apply an action: a sync action commits in one go, an async
        one commits only after its awaits. Agents interrupted keep ``should_act`` (they resume
        from a persisted snapshot) and go back to ``idle``. The trace's streams end. Errors
        that ``run_until_idle`` has not raised yet are raised once everything is stopped
        (``raise_errors=False`` leaves them in ``errors`` only).
        """
        if self._phase in ("stopping", "stopped"):
            return
        self._phase = "stopping"
        for subscription in self._subscriptions:
            subscription.unsubscribe()
        self._subscriptions.clear()
        running = {*self._tasks.values(), *self._side_tasks}
        if running:
            _, late = await asyncio.wait(running, timeout=grace)
            for task in late:
                task.cancel()
            if late:
                await asyncio.gather(*late, return_exceptions=True)
        if self._writer is not None:
            await self._writer.close()
        self.trace.close()
        self._phase = "stopped"
        if raise_errors:
            self._raise_new_errors()

    # -- activations -------------------------------------------------------------------------

    def trigger(self, agent: str) -> Delta:
        """Set ``agent``'s ``should_act`` (its built-in trigger action)."""
        if agent not in self._controls:
            raise WiringError(f"no agent named {agent!r}; agents: {sorted(self.agents)}")
        return self.store.dispatch(self._controls[agent].trigger)

    def state_of(self, agent: str) -> AgentState[Any]:
        """``agent``'s committed ``AgentState``."""
        return self.agents[agent].get_agent_state()

    @property
    def running(self) -> frozenset[str]:
        """Names of the agents with an activation in progress."""
        return frozenset(self._tasks)

    def _trigger_listener(self, name: str) -> Callable[[Delta], None]:
        def on_should_act(delta: Delta) -> None:
            self._maybe_start(name)

        on_should_act.__qualname__ = f"AIApp.trigger_listener[{name}]"
        return on_should_act

    def _ready_agents(self) -> list[str]:
        return [n for n in self.agents if n not in self._tasks and self.state_of(n).should_act]

    def _maybe_start(self, name: str) -> None:
        # The single entry point for activations: a trigger while one runs changes nothing.
        if self._phase != "running" or name in self._tasks:
            return
        if not self.state_of(name).should_act:
            return
        self._tasks[name] = asyncio.get_running_loop().create_task(
            self._activate(name), name=f"sentinel-agent:{name}"
        )

    async def _activate(self, name: str) -> None:
        activation = Activation(
            agent=self.agents[name],
            store=self.store,
            controls=self._controls[name],
            trace=self.trace,
            stopping=lambda: self._phase != "running",
        )
        try:
            await activation.run()
        except Exception as exc:  # a runtime or store bug, not a model mistake: make it loud
            crash = AgentCrashed(name, exc)
            self.errors.append(crash)
            try:
                self.store.dispatch(self._controls[name].fail, error=str(crash))
            except Exception as second:  # the store itself is unusable: report, don't mask
                self.errors.append(AgentCrashed(name, second))
        finally:
            del self._tasks[name]
            # A trigger that landed while this activation was finishing starts the next one.
            self._maybe_start(name)

    # -- rules -------------------------------------------------------------------------------

    def _run_rules(self, delta: Delta) -> None:
        state = self.store.state
        for rule in self.rules:
            name = rule_name(rule)
            try:
                calls = as_calls(name, rule(state, delta))
            except RuleFailed as exc:
                self.errors.append(exc)
                continue
            except Exception as exc:
                self.errors.append(RuleFailed(name, f"raised {type(exc).__name__}: {exc}", exc))
                continue
            if calls:
                self._spawn(self._dispatch_calls(name, calls))

    async def _dispatch_calls(self, rule: str, calls: list[ActionCall]) -> None:
        # Dispatched from a task, not from inside the subscriber: a failing action then
        # surfaces here (as a RuleFailed in ``errors``) instead of in the store's log.
        for call in calls:
            try:
                await self.store.dispatch_async(call.action, **call.payload)
            except Exception as exc:
                self.errors.append(
                    RuleFailed(
                        rule, f"action {call.action!r} failed: {type(exc).__name__}: {exc}", exc
                    )
                )

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(coro)
        self._side_tasks.add(task)
        task.add_done_callback(self._side_tasks.discard)

    def _persistence_failed(self, exc: Exception) -> None:
        self.errors.append(PersistenceFailed(str(self._writer.path if self._writer else "?"), exc))

    def _writer_dirty(self, delta: Delta) -> None:
        if self._writer is not None:
            self._writer.mark_dirty()

    def _raise_new_errors(self) -> None:
        if len(self.errors) > self._reported:
            error = self.errors[self._reported]
            self._reported = len(self.errors)
            raise error

    def describe(self) -> Mapping[str, str]:
        """Each agent's status, for logs: ``{"translator": "idle", ...}``."""
        return {name: self.state_of(name).status for name in self.agents}
