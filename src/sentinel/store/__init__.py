"""A typed store for state-driven agents: actions, deltas, subscribers, history, slices.

The state is a tree of plain (non-frozen) **dataclasses**, lists, dicts, sets and immutable
values. Dataclasses rather than pydantic models, because the store reads and copies state on
every action: attribute access and shallow copies of dataclasses are plain Python and cheap,
assignment does not re-run validation (an action's writes are checked by the store, and
classes that want to guard a field can still do so in ``__setattr__``), and mypy types them
without a plugin. Pydantic is used where validation pays: ``TypeAdapter(S)`` for JSON
snapshots and typed delta decoding, and one generated model per action to validate payloads.

How an action runs (Immer-style)::

    def set_language(state: AppState, lang: str) -> None:
        state.language = lang

    store = Store(AppState())
    store.register(set_language, writes=["language"])
    delta = store.dispatch("set_language", lang="fr")

The action gets a *draft*: a stand-in that reads through to the committed state and copies a
node only when it is written, together with its ancestors (path copying). So the cost of an
action follows what it touched, not the size of the state, and the new state shares every
untouched subtree with the old one (``new.other is old.other``). The old state is never
mutated: an action that raises leaves nothing behind, and no deep copy is ever made. Every
write is logged as a ``Change`` (path, op, before, after), so the store knows exactly which
paths changed; they are checked against the action's declared ``writes`` (``WriteMismatch``).

The cost to know: the first write below a dict or list copies that container shallowly
(C-speed, but proportional to its length); nest very wide collections to bound it.

Modules: ``store`` (Store), ``dispatch`` (the commit cycle: run, commit, deliver, queue),
``actions`` / ``payload`` (ActionSpec, payload models),
``draft`` (copy-on-write drafts), ``delta`` (Change, Delta, JSON), ``replay`` (apply_delta),
``history`` (undo/redo), ``subscriptions``, ``slices`` (composition), ``snapshot``.
"""

from sentinel.store.actions import ActionSpec
from sentinel.store.delta import Change, Delta, Op, invert
from sentinel.store.errors import (
    ActionDefinitionError,
    ActionNotFound,
    DeltaConflict,
    DraftError,
    HistoryError,
    InvalidPayload,
    SnapshotError,
    StoreError,
    WriteMismatch,
)
from sentinel.store.replay import apply_changes, apply_delta
from sentinel.store.slices import Slice, SliceAction
from sentinel.store.snapshot import dump_state, load_state, write_atomic
from sentinel.store.store import Store
from sentinel.store.subscriptions import SubscriberFailure, Subscription

__all__ = [
    "ActionDefinitionError",
    "ActionNotFound",
    "ActionSpec",
    "Change",
    "Delta",
    "DeltaConflict",
    "DraftError",
    "HistoryError",
    "InvalidPayload",
    "Op",
    "Slice",
    "SliceAction",
    "SnapshotError",
    "Store",
    "StoreError",
    "SubscriberFailure",
    "Subscription",
    "WriteMismatch",
    "apply_changes",
    "apply_delta",
    "dump_state",
    "invert",
    "load_state",
    "write_atomic",
]
