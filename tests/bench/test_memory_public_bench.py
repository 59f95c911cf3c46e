"""The public memory benchmark: LoCoMo and LongMemEval files (small ones written here in their
formats), its measures, the command, and the page's tables generated from committed JSON."""

from __future__ import annotations

import json
import re
import sys
import types
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from sentinel.assistant.memory.embedding import missing_packages
from sentinel.bench.assistant_memory import memory_command
from sentinel.bench.memory_datasets import load_dataset, parse_date
from sentinel.bench.memory_public import bootstrap, evaluate, measures_of, run_public
from sentinel.bench.memory_tables import main, page_tables
from sentinel.errors import InvalidInput

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def embedding_model() -> None:
    """The packaged MiniLM that `make setup` installs: missing, it is a setup bug, not a skip."""
    missing = missing_packages()
    if missing:
        pytest.fail(f"embedding model not installed: {missing} (run make setup)")


needs_model = pytest.mark.usefixtures("embedding_model")


def turn(speaker: str, dia: str, text: str, **extra: str) -> dict[str, str]:
    return {"speaker": speaker, "dia_id": dia, "text": text, **extra}


LOCOMO: list[dict[str, Any]] = [
    {
        "sample_id": "conv-1",
        "conversation": {
            "speaker_a": "Ana",
            "speaker_b": "Rui",
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                turn("Ana", "D1:1", "Hi Rui! I adopted a ginger cat called Miso yesterday."),
                turn("Rui", "D1:2", "Congratulations! I started pottery classes this week."),
                turn(
                    "Ana",
                    "D1:3",
                    "Look at this.",
                    blip_caption="a photo of a sunrise over the harbour",
                ),
            ],
            "session_2_date_time": "10:00 am on 2 June, 2023",
            "session_2": [
                turn("Rui", "D2:1", "My pottery bowl cracked in the kiln."),
                turn("Ana", "D2:2", "Miso the cat knocked my plant over this morning."),
                turn("Rui", "D2:3", "I am flying to Porto for my sister's wedding."),
            ],
        },
        "qa": [
            {"question": "What is the name of Ana's cat?", "evidence": ["D1:1"], "category": 4},
            {"question": "When did Ana adopt Miso?", "evidence": ["D1:1"], "category": 2},
            {
                "question": "What did Rui make in his pottery classes?",
                "evidence": ["D1:2; D2:1"],  # two ids in one string, as LoCoMo has
                "category": 1,
            },
            {"question": "What did Ana photograph?", "evidence": ["D1:3"], "category": 3},
            {"question": "What is Rui's dog called?", "evidence": [], "category": 5},
        ],
    },
    {
        "sample_id": "conv-2",
        "conversation": {
            "speaker_a": "Lea",
            "speaker_b": "Tom",
            "session_1_date_time": "9:00 am on 1 March, 2022",
            "session_1": [
                turn("Lea", "D1:1", "I got a new job as a nurse in Lyon."),
                turn("Tom", "D1:2", "I am training for the Paris marathon."),
            ],
        },
        "qa": [
            {"question": "Where does Lea work?", "evidence": ["D1:1", "D:9:9"], "category": 4},
        ],
    },
]


def lme_session(*turns: tuple[str, str, bool]) -> list[dict[str, Any]]:
    return [
        {"role": role, "content": content, **({"has_answer": True} if answer else {})}
        for role, content, answer in turns
    ]


LONGMEMEVAL: list[dict[str, Any]] = [
    {
        "question_id": "q1",
        "question_type": "single-session-user",
        "question": "What breed is my dog?",
        "answer": "a beagle",
        "question_date": "2023/06/01 (Thu) 10:00",
        "haystack_session_ids": ["s_a", "answer_s_b"],
        "haystack_dates": ["2023/05/01 (Mon) 09:00", "2023/05/20 (Sat) 02:21"],
        "haystack_sessions": [
            lme_session(
                ("user", "Can you suggest a pasta recipe?", False),
                ("assistant", "Try carbonara.", False),
            ),
            lme_session(
                ("user", "My beagle Max keeps chewing shoes, any tips?", True),
                ("assistant", "Give him chew toys and praise.", False),
            ),
        ],
        "answer_session_ids": ["answer_s_b"],
    },
    {
        "question_id": "q2_abs",
        "question_type": "single-session-user",
        "question": "What breed is my cat?",
        "answer": "You did not mention a cat.",
        "question_date": "2023/06/01 (Thu) 10:00",
        "haystack_session_ids": ["s_c"],
        "haystack_dates": ["2023/05/02 (Tue) 09:00"],
        "haystack_sessions": [lme_session(("user", "I like jazz.", False))],
        "answer_session_ids": [],
    },
]


def write(tmp_path: Path, name: str, data: Any) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_locomo_file_becomes_dated_turns_and_sessions_with_evidence(tmp_path: Path) -> None:
    dataset = load_dataset(write(tmp_path, "locomo.json", LOCOMO))
    assert dataset.format == "locomo"
    first = dataset.haystacks[0]
    turns, sessions = first.items["turn"], first.items["session"]
    assert [t.key for t in turns] == ["D1:1", "D1:2", "D1:3", "D2:1", "D2:2", "D2:3"]
    assert turns[0].text == "Ana: Hi Rui! I adopted a ginger cat called Miso yesterday."
    assert [t.follows for t in turns] == [None, "D1:1", "D1:2", None, "D2:1", "D2:2"]
    assert turns[2].text.endswith("[shares a photo: a photo of a sunrise over the harbour]")
    assert turns[0].date == parse_date("1:56 pm on 8 May, 2023")
    assert str(turns[3].date) == "2023-06-02 10:00:00"
    assert [s.key for s in sessions] == ["S1", "S2"]
    assert sessions[1].text.splitlines()[2] == "Rui: I am flying to Porto for my sister's wedding."
    multi = first.questions[2]
    assert multi.category == "1 multi-hop"
    assert multi.evidence == {"turn": {"D1:2", "D2:1"}, "session": {"S1", "S2"}}
    assert first.questions[4].evidence == {"turn": frozenset(), "session": frozenset()}
    # "D:9:9" names no turn of conv-2: dropped, the well-formed id kept
    assert dataset.haystacks[1].questions[0].evidence["turn"] == {"D1:1"}


def test_a_longmemeval_file_becomes_one_haystack_per_question(tmp_path: Path) -> None:
    dataset = load_dataset(write(tmp_path, "lme.json", LONGMEMEVAL))
    assert dataset.format == "longmemeval"
    first, abstains = dataset.haystacks
    assert [t.key for t in first.items["turn"]] == [
        "s_a#1",
        "s_a#2",
        "answer_s_b#1",
        "answer_s_b#2",
    ]
    assert first.items["turn"][2].text == "user: My beagle Max keeps chewing shoes, any tips?"
    assert [t.follows for t in first.items["turn"]] == [None, "s_a#1", None, "answer_s_b#1"]
    assert first.questions[0].evidence == {"turn": {"answer_s_b#1"}, "session": {"answer_s_b"}}
    assert str(first.items["session"][1].date) == "2023-05-20 02:21:00"
    assert abstains.questions[0].category == "abstention"
    assert abstains.questions[0].evidence == {"turn": frozenset(), "session": frozenset()}


def test_haystacks_are_chosen_by_position_or_id(tmp_path: Path) -> None:
    dataset = load_dataset(write(tmp_path, "locomo.json", LOCOMO))
    assert [h.id for h in dataset.select("1").haystacks] == ["conv-2"]
    assert [h.id for h in dataset.select("0-1").haystacks] == ["conv-1", "conv-2"]
    assert [h.id for h in dataset.select("conv-2,0").haystacks] == ["conv-2", "conv-1"]
    with pytest.raises(InvalidInput, match="positions run from 0 to 1"):
        dataset.select("0-4")
    with pytest.raises(InvalidInput, match="neither a position"):
        dataset.select("conv-99")


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("{not json", "is not JSON"),
        ('{"a": 1}', "must be a JSON list of objects"),
        ('[{"a": 1}]', "neither LoCoMo"),
        ('[{"conversation": {}, "qa": []}]', "malformed entry"),
    ],
)
def test_a_bad_file_is_refused_with_what_is_wrong(
    tmp_path: Path, content: str, problem: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InvalidInput, match=problem):
        load_dataset(path)
    with pytest.raises(InvalidInput, match="cannot be read"):
        load_dataset(tmp_path / "missing.json")


def test_measures_of_one_ranking() -> None:
    ranked = ["a", "x", "b", "y", "z", "c"]
    found = measures_of(ranked, frozenset({"b", "c", "d"}))
    assert found["r@5"] == pytest.approx(1 / 3)
    assert found["r@10"] == pytest.approx(2 / 3)
    assert found["any@5"] == 1.0
    ideal = 1 + 1 / 1.5849625 + 1 / 2
    assert found["ndcg@10"] == pytest.approx((1 / 2 + 1 / 2.8073549) / ideal, rel=1e-6)
    assert measures_of(["x"], frozenset({"a"})) == {
        "r@5": 0.0,
        "r@10": 0.0,
        "ndcg@10": 0.0,
        "any@5": 0.0,
    }


def test_bootstrap_brackets_the_mean_and_is_seeded() -> None:
    values = [1.0] * 30 + [0.0] * 70
    interval = bootstrap(values)
    assert interval.mean == 0.3
    assert interval.low < 0.3 < interval.high
    assert interval.high - interval.low < 0.25
    assert bootstrap(values) == interval
    assert bootstrap([1.0, 1.0]).low == 1.0


async def test_bm25_only_scores_every_question_with_evidence(tmp_path: Path) -> None:
    dataset = load_dataset(write(tmp_path, "locomo.json", LOCOMO))
    result = await evaluate(dataset, None, min_score=0.3)
    assert result.questions == 5
    assert result.skipped == 1  # the adversarial question without evidence
    assert result.memories == {"turn": 8, "session": 3}
    overall = {(r.unit, r.method): r for r in result.rows if r.group == "overall"}
    assert set(overall) == {(u, m) for u in ("turn", "session") for m in ("bm25", "default")}
    assert overall["turn", "bm25"].questions == 5
    cat = next(r for r in result.rows if r.group == "4 single-hop" and r.method == "bm25")
    assert cat.questions == 2
    assert cat.measures["r@5"].mean == 1.0  # "cat" and "Lea" match their evidence lexically


@needs_model
@pytest.mark.parametrize("name", ["locomo", "longmemeval"])
def test_the_command_runs_on_both_formats_and_writes_json(tmp_path: Path, name: str) -> None:
    data = LOCOMO if name == "locomo" else LONGMEMEVAL
    path = write(tmp_path, f"{name}.json", data)
    out = tmp_path / "result.json"
    app = typer.Typer()
    app.command()(memory_command)
    result = CliRunner().invoke(
        app,
        ["--dataset", str(path), "--json", str(out), "--cache", str(tmp_path / "cache")],
        env={"COLUMNS": "200"},
    )
    assert result.exit_code == 0, result.output
    assert f"Memory retrieval on {name}.json" in result.output
    assert "Ranking time per query" in result.output
    saved = json.loads(out.read_text())
    assert saved["format"] == name
    assert saved["benchmark"] == "assistant-memory-public"
    methods = {r["method"] for r in saved["rows"]}
    assert methods == {"bm25", "dense", "hybrid", "default"}
    assert set(saved["query_ms"]) == methods
    assert list((tmp_path / "cache").glob("*.npz"))
    tables = page_tables(saved)
    assert "| session | BM25 |" in tables
    assert "| turn | dense (best chunk) |" in tables


@needs_model
async def test_the_dataset_vectors_are_cached_on_disk(tmp_path: Path) -> None:
    path = write(tmp_path, "locomo.json", LOCOMO)
    first = await run_public(path, haystacks="0", cache_dir=tmp_path / "cache")
    again = await run_public(path, haystacks="0", cache_dir=tmp_path / "cache")
    assert first.rows == again.rows
    assert first.embed_query_ms is not None
    assert again.embed_query_ms is not None  # queries are embedded afresh, and timed


def test_a_bad_dataset_is_a_one_line_error(tmp_path: Path) -> None:
    app = typer.Typer()
    app.command()(memory_command)
    path = tmp_path / "bad.json"
    path.write_text("[1, 2]", encoding="utf-8")
    result = CliRunner().invoke(app, ["--dataset", str(path)], env={"COLUMNS": "200"})
    assert result.exit_code != 0
    assert "must be a JSON list of objects" in result.output


def test_the_page_shows_the_tables_of_the_committed_results() -> None:
    document = json.loads((ROOT / "docs/benchmarks/assistant-memory-locomo.json").read_text())
    page = (ROOT / "docs/assistant-memory.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- locomo-tables -->\n(.*?)<!-- /locomo-tables -->", page, re.S)
    assert block is not None, "docs/assistant-memory.md lost its generated tables"
    assert block[1].strip() == page_tables(document).strip()
    assert document["haystacks"] == ["conv-26", "conv-30", "conv-41", "conv-42", "conv-43"]


def test_the_generator_prints_the_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(ROOT / "docs/benchmarks/assistant-memory-locomo.json")]) == 0
    assert "| target | measured | met |" in capsys.readouterr().out
    assert main([]) == 2


def test_the_page_python_example_runs() -> None:
    page = (ROOT / "docs/assistant-memory.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", page, re.S)
    assert blocks, "docs/assistant-memory.md lost its example"
    for index, block in enumerate(blocks):
        module = types.ModuleType(f"memory_page_block_{index}")
        sys.modules[module.__name__] = module
        try:
            exec(compile(block, f"assistant-memory.md[{index}]", "exec"), module.__dict__)
        finally:
            del sys.modules[module.__name__]
