"""Sentinel: self-scheduling, state-driven AI agents that watch the web, research and remember."""

__version__ = "0.1.0"
