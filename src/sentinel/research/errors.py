"""Typed errors of the research agent; each names the question, node or value at fault."""

from __future__ import annotations

from collections.abc import Sequence

from sentinel.errors import ConfigError, ModelOutputError, ProviderError, SentinelError


class ResearchError(SentinelError):
    """Base class of the research agent's own failures."""


class NoEvidenceError(ResearchError):
    """No search returned anything, so there is nothing to write a report from."""

    def __init__(self, question: str, queries: Sequence[str]) -> None:
        self.question = question
        self.queries = tuple(queries)
        tried = "; ".join(repr(q) for q in self.queries) or "(none)"
        super().__init__(f"no search results for {question!r} (queries tried: {tried})")


class ReportValidationError(ResearchError, ModelOutputError):
    """The reporter's output is not a valid FinalReport, even after the repair round."""

    def __init__(self, problem: str, raw: str) -> None:
        self.problem = problem
        message = f"the reporter's output is not a valid report, even after repair: {problem}"
        ModelOutputError.__init__(self, message, raw)


class NodeFailed(ResearchError):
    """A node (planner, searcher, analyzer, reporter) ended in the runtime's error state."""

    def __init__(self, node: str, error: str) -> None:
        self.node = node
        self.error = error
        super().__init__(f"the {node} failed: {error}")


class ResearchTimeout(ResearchError, TimeoutError):
    """The whole run took longer than its time limit."""

    def __init__(self, question: str, seconds: float, busy: Sequence[str]) -> None:
        self.question = question
        self.seconds = seconds
        self.busy = tuple(busy)
        super().__init__(
            f"research on {question!r} did not finish within {seconds:g}s "
            f"(still running: {', '.join(self.busy) or 'nothing'})"
        )


class CallTimeout(ProviderError):
    """A search or model call did not answer in time."""

    def __init__(self, provider: str, seconds: float, *, retryable: bool = True) -> None:
        self.seconds = seconds
        super().__init__(provider, f"no answer within {seconds:g}s", retryable=retryable)


class SearchFailed(ProviderError):
    """The search provider failed before any evidence was found, so the run cannot go on."""

    def __init__(self, query: str, cause: BaseException) -> None:
        self.query = query
        self.cause = cause
        retryable = isinstance(cause, ProviderError) and cause.retryable
        super().__init__("search", f"query {query!r} failed: {cause}", retryable=retryable)


class EmptyIndexError(ConfigError):
    """The local search index has no documents to research.

    The message says what is wrong; how to fix it depends on who asked, so each surface
    words the remedy in its caller's terms: the CLI names its options (``--index``,
    ``--world``, ``--search``), a server's callers get ``for_remote_callers``.
    """

    def __init__(self, location: str, message: str | None = None) -> None:
        self.location = location
        super().__init__(
            message
            or f"nothing to research: the local index at {location} holds no .md, .txt or "
            ".html documents (put documents there or set SENTINEL_SEARCH_FOLDER to a folder "
            "that has some)"
        )

    def for_remote_callers(self) -> EmptyIndexError:
        """The same error for someone who reached this Sentinel through a server (API, MCP,
        A2A, the chat): no server path, no command-line option, only who can fix it."""
        return EmptyIndexError(
            self.location,
            "this Sentinel has no documents to research: its documents folder "
            "(SENTINEL_SEARCH_FOLDER where it runs) is empty; whoever runs it adds .md, .txt or "
            ".html documents there",
        )


class DeliveryFailed(ProviderError):
    """The finished report could not be delivered to the webhook."""

    def __init__(self, url: str, message: str, *, status: int | None = None) -> None:
        self.url = url
        super().__init__("webhook", f"{url}: {message}", status=status)
