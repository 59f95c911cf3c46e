"""Scheduling: when a monitor looks next.

``cadence`` picks the next run after each kind of run (governed, skipped, failed) from
``history``; ``bounds`` bounds, jitters and explains it; ``next_check`` and ``durations``
parse what governors write ("6 hours", "tomorrow 9am"); ``anchors`` finds the days the
pages name so runs land around them; ``lifetime`` bounds the wait by how long a brief
state (in stock, below a price) is likely to last.
"""
