"""Sensing: which pages to read, whether anything changed, and the sensor agent that
reads them into structured state (it cannot notify).

``sources`` picks and snapshots a run's pages; ``prefilter`` skips a run when nothing the
sensor would read changed; ``sensor`` (the agent), ``policy`` (its scripted reads, verdict and
model call), ``reply`` and ``result`` are the model's read; ``drift`` keeps a refined query on
the user's mission.
"""
