"""The assistant (seed 003): a ReAct chat that remembers, plans actions and signs its decisions.

Data and retrieval services (A1): :mod:`sentinel.assistant.memory` (memories, hybrid BM25 +
dense retrieval), :mod:`sentinel.assistant.tasks` (user tasks and subtasks),
:mod:`sentinel.assistant.receipts` (the hash-chained decision receipts) and
:mod:`sentinel.assistant.owners` (who owns a request). The chat flow builds on them.

Submodules are imported on demand: importing this package loads nothing heavy.
"""
