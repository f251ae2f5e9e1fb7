"""What the lab prints: numbers in the reader's language, readable layouts, honest intervals."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from fertility_rules.cli import main
from fertility_rules.fertility.formats.moves import move_to_json
from fertility_rules.i18n import numbers
from fertility_rules.lab.adjudicate import adjudicate, position_at
from fertility_rules.lab.compare import compare
from fertility_rules.lab.readings import readings_varying
from fertility_rules.lab.render import WIDE, comparison_to_text
from fertility_rules.lab.stats import mean_ci
from fertility_rules.records.format import load_record

ENGLISH_DECIMAL = re.compile(r"\d\.\d")


@pytest.fixture(scope="module")
def two() -> Any:
    return compare(readings_varying(["I-1"]), 3, ("random", "greedy"), first_seed=1, jobs=1)


@pytest.fixture(scope="module")
def many() -> Any:
    return compare(readings_varying(), 1, ("random", "random"), first_seed=1, jobs=1)


@pytest.mark.parametrize("language", ["fr", "pl", "nl"])
def test_compare_writes_decimals_as_the_language_does(two: Any, language: str) -> None:
    text = comparison_to_text(two, language)
    assert not ENGLISH_DECIMAL.search(text)  # "53.34", "40.0%" were printed in every language
    assert re.search(r"\d,\d\d \[\d+,\d\d–\d+,\d\d\]", text)
    assert "%" in text


def test_english_keeps_its_decimal_point(two: Any) -> None:
    assert re.search(r"\d\.\d\d \[\d+\.\d\d–\d+\.\d\d\]", comparison_to_text(two, "en"))


def test_french_percentages_take_a_space_before_the_sign() -> None:
    assert numbers.percent(0.4, "fr") == "40,0\u00a0%"
    assert numbers.percent(0.4, "pl") == "40,0%"
    assert numbers.decimal(53.3412, "nl") == "53,34"
    assert numbers.number(1000, "fr") == "1\u202f000"


def test_readings_are_named_in_words_not_code_ids(two: Any) -> None:
    text = comparison_to_text(two, "nl")
    assert "quarry_enclosure" not in text
    assert "I-1: de 4 orthogonale buurvelden" in text


def test_many_readings_are_laid_out_per_measure_within_the_width(many: Any) -> None:
    assert len(many.results) == 32  # every switch (I-14 has a single value)
    lines = comparison_to_text(many, "pl").splitlines()
    table = lines[lines.index("") + 35 :]  # after the header and the 32 named readings
    assert max(len(line) for line in table) <= WIDE  # was a 2,600-character-wide table
    assert sum(1 for line in lines if re.match(r"\s+32\s", line)) >= 12  # a row per measure


def test_intervals_of_counts_never_go_below_zero(many: Any) -> None:
    assert mean_ci([0.0, 0.0, 0.0, 3.0]).low < 0  # the plain normal interval would
    assert mean_ci([0.0, 0.0, 0.0, 3.0], floor=0.0).low == 0.0
    for result in many.results:
        for estimate in (result.total, *result.stages, result.quarries, result.discards):
            assert estimate.low >= 0


def test_the_chart_is_numbered_localised_and_has_a_value_axis(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chart = tmp_path / "chart.svg"
    args = ["compare", "--vary", "I-1", "--vary", "I-10", "--games", "2", "--players", "2"]
    assert main([*args, "--jobs", "1", "--lang", "fr", "--svg", str(chart)]) == 0
    svg = chart.read_text(encoding="utf-8")
    values = re.findall(r'class="value">([^<]*)<', svg)
    # 4 readings: total and 5 stages, then the Quarries (I-1) and Districts (I-10) per
    # game, and the Monuments and discards, which no switch governs
    assert len(values) == 4 * (6 + 4)
    assert all(re.fullmatch(r"\d+,\d", value) for value in values)
    ticks = re.findall(r'class="tick">([^<]*)<', svg)
    assert ticks[0] == "0"
    assert len(ticks) >= 3
    numbers_drawn = re.findall(r'class="reading-number">(\d+)<', svg)
    assert numbers_drawn[:4] == ["1", "2", "3", "4"]
    assert "par joueur" in svg  # per player, not per seat
    capsys.readouterr()


def test_adjudicate_without_vary_says_the_readings_agree(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    assert main(["simulate", "--players", "2", "--seed", "4", "--record", str(record)]) == 0
    capsys.readouterr()
    played = load_record(record)
    at = next(
        k
        for k in range(len(played.moves))
        if not adjudicate(position_at(played, k), played.moves[k], readings_varying()).differs
    )
    width = position_at(played, at).config.layout.width
    move = json.dumps(move_to_json(played.moves[at], width))
    assert main(["adjudicate", str(record), "--at", str(at), "--move", move]) == 0
    text = capsys.readouterr().out
    assert "All 32 readings agree." in text
    rows = [line for line in text.splitlines() if line.startswith("all 32 readings")]
    assert len(rows) == 1  # was 32 identical rows
    assert len(text.splitlines()) < 8
