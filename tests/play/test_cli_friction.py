"""The friction points new users hit with the commands (review of app developers, §1)."""

from __future__ import annotations

import base64
import html
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from fertility_rules.cli import main
from fertility_rules.fertility.interpretations import INTERPRETATION_INFO, InterpretationKind
from tests.cli_usage import usage_error


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("game") / "game3.json"
    args = ["simulate", "--players", "3", "--seed", "5", "--agents", "greedy,random,lookahead"]
    assert main([*args, "--record", str(path)]) == 0
    return path


def test_show_view_as_svg_writes_a_picture(record: Path, tmp_path: Path) -> None:
    out = tmp_path / "view.svg"
    assert (
        main(["show", str(record), "--at", "40", "--format", "svg", "--view", "--output", str(out)])
        == 0
    )
    root = ET.fromstring(out.read_text(encoding="utf-8"))  # was the text summary
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    data = json.loads(record.read_text(encoding="utf-8"))
    hidden = set(data["setup"]["pile"]) if "pile" in data.get("setup", {}) else set()
    assert not any(f'data-tile="{tile}"' in out.read_text() for tile in hidden if tile)


def test_markdown_rules_to_a_new_folder_keep_their_pictures_inside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["rules", "--lang", "pl", "--format", "md", "--output", "rules_pl_md"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rules_pl_md"]  # nothing scattered
    folder = tmp_path / "rules_pl_md"
    assert (folder / "rules.pl.md").is_file()
    pictures = re.findall(r"\]\(([^)]+\.svg)\)", (folder / "rules.pl.md").read_text())
    assert pictures
    assert all((folder / name).is_file() for name in pictures)


IMAGE = re.compile(r'<img src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)" alt="([^"]*)">')


@pytest.mark.parametrize(("game", "lang"), [("fertility", "fr"), ("ankhor", "nl")])
def test_markdown_rules_to_standard_output_hold_their_pictures(
    game: str, lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before, the Markdown written to standard output referred to picture files it never
    wrote (24 for Ankh'or in Dutch): now each picture is inside it, the same as the file
    written beside the document to a folder, and nothing else differs."""
    assert main(["rules", "--game", game, "--lang", lang]) == 0
    alone = capsys.readouterr().out
    assert main(["rules", "--game", game, "--lang", lang, "--output", f"{tmp_path}/"]) == 0
    beside = (tmp_path / f"rules.{lang}.md").read_text(encoding="utf-8")
    files = {p.name: p.read_text(encoding="utf-8") for p in tmp_path.glob("*.svg")}
    assert len(files) >= 20
    assert not re.search(r"\]\([^)]*\.svg\)", alone)  # no file referred to
    inside = [base64.b64decode(data).decode("utf-8") for data, _alt in IMAGE.findall(alone)]
    referred = re.findall(r"!\[[^\]]*\]\(([^)]+\.svg)\)", beside)
    assert inside == [files[name] for name in referred]
    # The same document otherwise: each image of the one is the picture of the other.
    images = iter(referred)
    rebuilt = IMAGE.sub(lambda found: f"![{html.unescape(found[2])}]({next(images)})", alone)
    assert rebuilt == beside


def test_a_file_name_with_an_extension_stays_a_file(tmp_path: Path) -> None:
    target = tmp_path / "rules.html"
    assert main(["rules", "--format", "html", "--output", str(target)]) == 0
    assert target.is_file()


def test_schema_takes_lang_like_every_printing_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "move", "--lang", "fr"]) == 0
    assert json.loads(capsys.readouterr().out)["$schema"].endswith("2020-12/schema")


def test_simulate_help_names_every_agent(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "random, greedy, lookahead" in help_text


def test_more_agents_than_players_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--players", "3", "--agents", "greedy,greedy,greedy,greedy"]
    assert "argument --agents: 4 agents for 3 players" in usage_error(args, capsys)
    args = ["--lang", "pl", "simulate", "--players", "2", "--agents", "a,b,c"]
    assert "'a'" in usage_error(args, capsys)  # an unknown name is named first


def test_score_on_a_game_record_points_to_verify(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", str(record)]) == 1
    err = capsys.readouterr().err
    assert f"fertility-rules verify {record}" in err
    assert err.count("\n  ") == 1  # one problem, not ten


def test_a_document_of_another_format_is_one_problem(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["catalogue", "check", str(record)]) == 1
    err = capsys.readouterr().err
    assert "game-record/2" in err
    assert err.count("\n  ") == 1


def test_the_demo_says_who_plays_which_agent(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "3", "--lang", "fr"]) == 0
    second = capsys.readouterr().out.splitlines()[1]
    nb = "\u202f"
    assert second == (
        f"Qui joue{nb}: Amunet et Chione{nb}: agent glouton{nb}; Bek et Djedi{nb}: agent aléatoire."
    )


@pytest.mark.parametrize("language", ["en", "fr", "pl", "nl"])
def test_settled_readings_state_the_reading_played(
    language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["interpretations", "--lang", language]) == 0
    text = capsys.readouterr().out
    settled = [i for i in INTERPRETATION_INFO if i.kind is InterpretationKind.SETTLED]
    assert all(info.reading is not None for info in settled)
    blocks = text.split("\n  I-")
    for info in settled:
        block = next(b for b in blocks if b.startswith(info.id[2:] + " "))
        assert "default; not a switch" not in block
        assert len(block.splitlines()[1]) > 60  # the reading itself, not a bare label


def test_a_switch_with_one_value_says_the_catalogue_sets_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["interpretations"]) == 0
    text = capsys.readouterr().out
    block = text.split("  I-14 ")[1].split("\n  I-")[0]
    assert "its only value" in block
    assert "--interpretation start_tile" not in block


def test_french_summary_writes_zero_in_the_singular_and_supply_as_provision(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", "fr", "show", str(record), "--view"]) == 0
    text = capsys.readouterr().out
    assert "0 tuile\u202f;" in text  # was "0 tuiles"
    assert " réserve " not in text  # "réserve" is the Personal and Common Pool only
    assert "provision" in text
