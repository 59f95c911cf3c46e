"""The chat turn (seed 003): persona, plan, parallel actions, reflection, answer, receipt.

Read in this order: ``events`` (the contract: request body and streamed events),
``settings`` (limits and budgets), ``personas``, ``schemas`` (what the model answers at each
structured step), ``prompts``, ``actions`` (the catalogue, one module per family),
``runtime`` (the actions on the agent runtime: store actions, the hard limit, bounded
parallel execution), ``deps`` (what a turn needs), ``state`` (what a turn knows), ``steps``
(the stages), ``receipt``, and ``flow`` (the wiring: ``stream_turn``).
"""
