"""Sentinel's HTTP API: REST under ``/api/v1`` with API keys, problem details for errors.

app = create_app(db)            # uvicorn.run(app) — or `sentinel serve`
"""

from sentinel.api.app import API_PREFIX, create_app

__all__ = ["API_PREFIX", "create_app"]
