"""get_search_provider: building providers by name from settings and the environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from sentinel.errors import ConfigError
from sentinel.web.search.base import SearchProvider
from sentinel.web.search.brave import BraveSearch
from sentinel.web.search.google_cse import GoogleCustomSearch
from sentinel.web.search.local import LocalIndex, LocalSearch
from sentinel.web.search.registry import PROVIDER_NAMES, get_search_provider
from sentinel.web.search.searxng import SearxngSearch
from sentinel.web.search.tavily import TavilySearch


def test_every_listed_name_is_buildable(tmp_path: Path) -> None:
    settings = {
        "local": {"index": LocalIndex()},
        "brave": {"api_key": "k"},
        "tavily": {"api_key": "k"},
        "google_cse": {"api_key": "k", "engine_id": "cx"},
        "searxng": {"base_url": "http://searx.test"},
    }
    assert set(PROVIDER_NAMES) == set(settings)
    for name in PROVIDER_NAMES:
        provider = get_search_provider(name, env={}, **settings[name])
        assert isinstance(provider, SearchProvider)
        assert provider.name == name


def test_settings_reach_the_provider() -> None:
    provider = get_search_provider(
        "brave", env={}, api_key="k", base_url="http://b.test/", timeout=3
    )
    assert isinstance(provider, BraveSearch)
    assert provider.base_url == "http://b.test"
    assert provider.timeout == 3


def test_credentials_fall_back_to_the_documented_environment_variables() -> None:
    env = {
        "GOOGLE_SEARCH_API_KEY": "gk",
        "GOOGLE_SEARCH_ENGINE_ID": "gcx",
        "TAVILY_API_KEY": "tk",
        "SEARXNG_URL": "http://searx.test",
    }
    google = get_search_provider("google", env=env)
    assert isinstance(google, GoogleCustomSearch)
    assert (google.api_key, google.engine_id) == ("gk", "gcx")
    tavily = get_search_provider("tavily", env=env)
    assert isinstance(tavily, TavilySearch)
    assert tavily.api_key == "tk"
    assert isinstance(get_search_provider("searx", env=env), SearxngSearch)


def test_explicit_settings_win_over_the_environment() -> None:
    provider = get_search_provider("tavily", env={"TAVILY_API_KEY": "env"}, api_key="explicit")
    assert isinstance(provider, TavilySearch)
    assert provider.api_key == "explicit"


def test_missing_credentials_are_a_configuration_error() -> None:
    with pytest.raises(ConfigError, match="API key"):
        get_search_provider("brave", env={})


def test_unknown_provider_lists_the_choices() -> None:
    with pytest.raises(ConfigError, match="choose one of local, brave, google_cse"):
        get_search_provider("bing", env={})


def test_unknown_setting_is_a_configuration_error() -> None:
    with pytest.raises(ConfigError, match="bad settings"):
        get_search_provider("brave", env={}, api_key="k", colour="blue")


def test_local_provider_from_a_folder(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# Alpha\n\nlocal notes about rockets")
    provider = get_search_provider("local", folder=tmp_path)
    assert isinstance(provider, LocalSearch)
    assert len(provider.index) == 1


def test_local_provider_needs_an_index_or_folder() -> None:
    with pytest.raises(ConfigError, match="index"):
        get_search_provider("local")
    with pytest.raises(ConfigError, match="LocalIndex"):
        get_search_provider("local", index={"not": "an index"})
