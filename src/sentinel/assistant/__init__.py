"""The assistant (seed 003): a ReAct chat that remembers, plans actions and signs its decisions.

:mod:`sentinel.assistant.memory` (memories, hybrid BM25 + dense retrieval),
:mod:`sentinel.assistant.tasks` (user tasks and subtasks) and :mod:`sentinel.assistant.chat`
(the turn: persona, plan, parallel actions, reflection, answer, suggestions, receipt). The
hash-chained decision receipts (:mod:`sentinel.receipts`) and owners (:mod:`sentinel.owners`)
sit below the applications: monitor notifications write receipts too.

Submodules are imported on demand: importing this package loads nothing heavy.
"""
