"""The sensing corpus: it loads, it is large and varied enough, its split reads only the id,
and a case that is wrong says which file and which field."""

from __future__ import annotations

import hashlib
import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml

from sentinel.bench.sensing.corpus import (
    CASES,
    KINDS,
    LANGUAGES,
    SPLITS,
    CaseFiles,
    load_case,
    load_cases,
    split_of,
)
from sentinel.errors import InvalidInput

CORPUS = load_cases()


def test_the_bundled_corpus_holds_at_least_80_valid_cases() -> None:
    assert len(CORPUS) >= 80
    assert len({files.case.id for files in CORPUS}) == len(CORPUS)


def test_every_language_has_at_least_ten_cases_written_in_it() -> None:
    languages = Counter(files.case.language for files in CORPUS)
    assert all(languages[language] >= 10 for language in LANGUAGES), languages
    for files in CORPUS:
        assert f'lang="{files.case.language}' in files.before.lower()


def test_about_a_quarter_of_the_cases_are_decoys_and_every_kind_is_there() -> None:
    decoys = sum(files.case.decoy for files in CORPUS)
    assert 0.2 <= decoys / len(CORPUS) <= 0.35
    assert set(Counter(files.case.kind for files in CORPUS)) == set(KINDS)


def test_a_good_share_of_pages_has_no_structured_data_and_some_have_all_of_it() -> None:
    structured = sum(files.case.structured for files in CORPUS)
    assert 0.2 <= structured / len(CORPUS) <= 0.6


@pytest.mark.parametrize("split", SPLITS)
def test_each_split_holds_decoys_true_changes_and_every_language(split: str) -> None:
    cases = [files.case for files in load_cases(split)]
    assert {case.language for case in cases} == set(LANGUAGES)
    assert any(case.decoy for case in cases)
    assert any(not case.decoy for case in cases)
    assert any(case.structured for case in cases)


def test_the_split_is_the_parity_of_the_first_byte_of_the_ids_sha256() -> None:
    for files in CORPUS:
        first = hashlib.sha256(files.case.id.encode()).digest()[0]
        assert files.case.split == ("test" if first % 2 else "dev")
    assert {split_of(name) for name in ("a", "b", "c", "d", "e", "f")} == {"dev", "test"}
    assert sorted(load_cases("dev") + load_cases("test"), key=_id) == sorted(CORPUS, key=_id)


def _id(files: CaseFiles) -> str:
    return files.case.id


def test_a_right_notification_names_values_and_a_decoy_names_none() -> None:
    for files in CORPUS:
        case = files.case
        assert case.expect.before is False
        assert case.expect.after is not case.decoy
        if case.decoy:
            assert case.mentions == []
        assert files.before != files.after


# -- bad cases ---------------------------------------------------------------------------


@pytest.fixture
def case_dir(tmp_path: Path) -> Path:
    """A copy of one bundled case, to break."""
    source = CASES / CORPUS[0].case.id
    target = tmp_path / CORPUS[0].case.id
    shutil.copytree(source, target)
    return target


def _edit(folder: Path, **changes: object) -> None:
    spec = folder / "case.yaml"
    data = yaml.safe_load(spec.read_text(encoding="utf-8"))
    data.update(changes)
    spec.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")


def test_a_copied_case_loads(case_dir: Path) -> None:
    assert load_case(case_dir).case == CORPUS[0].case


@pytest.mark.parametrize(
    ("changes", "field", "problem"),
    [
        ({"expect": {"before": False, "after": "maybe"}}, "expect.after", "boolean"),
        ({"expect": {"before": True, "after": True}}, "expect.before", "False"),
        ({"language": "it"}, "language", "'en', 'fr', 'de' or 'es'"),
        ({"kind": "weather"}, "kind", "price"),
        ({"path": "no-slash"}, "path", "pattern"),
        ({"colour": "red"}, "colour", "Extra inputs"),
        ({"decoy": True, "expect": {"before": False, "after": True}}, "case", "decoy must be"),
    ],
)
def test_a_bad_field_is_an_error_naming_the_file_and_the_field(
    case_dir: Path, changes: dict[str, object], field: str, problem: str
) -> None:
    _edit(case_dir, **changes)
    with pytest.raises(InvalidInput) as raised:
        load_case(case_dir)
    assert raised.value.field == f"{case_dir / 'case.yaml'}: {field}"
    assert problem in raised.value.problem


def test_a_missing_field_is_named(case_dir: Path) -> None:
    spec = case_dir / "case.yaml"
    data = yaml.safe_load(spec.read_text(encoding="utf-8"))
    del data["sentence"]
    spec.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(InvalidInput, match="sentence") as raised:
        load_case(case_dir)
    assert raised.value.problem == "Field required"


def test_an_id_that_is_not_the_folder_name_is_refused(case_dir: Path) -> None:
    _edit(case_dir, id="some-other-case")
    with pytest.raises(InvalidInput, match="folder's name"):
        load_case(case_dir)


def test_a_missing_page_is_named(case_dir: Path) -> None:
    (case_dir / "after.html").unlink()
    with pytest.raises(InvalidInput) as raised:
        load_case(case_dir)
    assert raised.value.field == str(case_dir / "after.html")


def test_a_page_that_is_not_a_document_is_refused(case_dir: Path) -> None:
    (case_dir / "before.html").write_text("<p>£399.99</p>", encoding="utf-8")
    with pytest.raises(InvalidInput, match="DOCTYPE"):
        load_case(case_dir)


def test_yaml_that_does_not_parse_is_named(case_dir: Path) -> None:
    (case_dir / "case.yaml").write_text("id: [unclosed", encoding="utf-8")
    with pytest.raises(InvalidInput, match="not YAML") as raised:
        load_case(case_dir)
    assert raised.value.field == str(case_dir / "case.yaml")


def test_an_unknown_split_is_refused() -> None:
    with pytest.raises(InvalidInput, match="dev, test or all"):
        load_cases("train")
