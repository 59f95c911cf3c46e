"""Notifying: the notification a decision sends, deduplicated, queued in the outbox.

``message`` writes the text; ``dedupe`` keeps notify=always from repeating facts;
``actuator`` turns a decision into outbox rows in the run's transaction.
"""
