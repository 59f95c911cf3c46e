"""The web layer: search providers, fetching with an SSRF guard and politeness, extraction."""
