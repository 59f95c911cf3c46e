"""Governing: decide from the sensed state whether to notify, and check the decision.

``governor`` (a model) and ``rules``/``rule_syntax`` (a declarative rule) decide;
``grounding`` (verbatim quotes), ``support`` (the values are stated by them), ``locate``
(the code finds the line that states a value), ``modality`` (a quote must report, not ask,
rumour or forecast; its cue tables per language are in ``cues``) and ``corroborate`` (a
change is a change on the page) guard every acting decision; ``values`` compares sensed
values.
"""
