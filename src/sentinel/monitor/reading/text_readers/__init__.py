"""Candidates from a page's main text, one reader per kind of value, by code.

Each reader walks the sentences of the page (:mod:`sentinel.monitor.reading.page_text`) that
are about the subject and not in an aside (reviews, related products,
:mod:`~sentinel.monitor.reading.text_readers.about`), and yields what they state: prices with
their currency (:mod:`~sentinel.monitor.reading.text_readers.prices`), stock, status, decision
and cancellation cues (:mod:`~sentinel.monitor.reading.text_readers.cues`), versions
(:mod:`~sentinel.monitor.reading.text_readers.versions`), dates
(:mod:`~sentinel.monitor.reading.text_readers.days`) and free slots
(:mod:`~sentinel.monitor.reading.text_readers.slots`). A cue counts only in a clause that
*reports* — not one that asks, hedges, forecasts or says it has not happened yet
(:mod:`sentinel.monitor.governing.modality`).
"""
