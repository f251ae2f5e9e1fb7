"""``show``, ``catalogue show --format svg|html`` and ``demo --svg`` in four languages."""

from __future__ import annotations

import html.parser
from pathlib import Path

import pytest

from fertility_rules import save_record
from fertility_rules.cli import main
from fertility_rules.fertility.catalogue.loader import default_catalogue
from fertility_rules.fertility.rules.engine import apply
from fertility_rules.i18n.message import _, render
from fertility_rules.shared.provenance import Provenance
from tests.pictures.helpers import classes, drawn, parse, played

LANGUAGES = ("en", "fr", "pl", "nl")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "game.json"
    save_record(played(6, 3).record, path)
    return path


@pytest.mark.parametrize("lang", LANGUAGES)
def test_show_svg_draws_the_position_after_n_moves(
    capsys: pytest.CaptureFixture[str], record_file: Path, lang: str
) -> None:
    game = played(6, 3)
    code, out, err = run(
        capsys, "show", str(record_file), "--at", "25", "--format", "svg", "--lang", lang
    )
    assert code == 0, err
    root = parse(out)
    assert root.get("lang") == lang
    state = game.record.initial_state()
    for move in game.record.moves[:25]:
        state = apply(state, move)
    assert len(drawn(root, "tile")) == len(state.valley.tiles) + len(state.common_pool) + sum(
        len(p.pool) for p in state.players
    )
    heading = drawn(root, "heading")[0].text or ""
    assert render(state.phase.label, lang) in heading


@pytest.mark.parametrize("lang", LANGUAGES)
def test_show_text_defaults_to_the_end(
    capsys: pytest.CaptureFixture[str], record_file: Path, lang: str
) -> None:
    code, out, _err = run(capsys, "show", str(record_file), "--format", "text", "--lang", lang)
    assert code == 0
    assert render(_("Turn {turn}: the game is over", turn=played(6, 3).state.turn), lang) in out
    assert " a  b  c" in out


@pytest.mark.parametrize(
    ("at", "status"),
    [("-1", 2), ("100000", 1)],  # -1 is no count of moves: refused while arguments are read
)
def test_show_rejects_moves_beyond_the_record(
    capsys: pytest.CaptureFixture[str], record_file: Path, at: str, status: int
) -> None:
    try:
        code, out, err = run(capsys, "show", str(record_file), "--at", at, "--lang", "fr")
    except SystemExit as exit:
        captured = capsys.readouterr()
        code, out, err = int(str(exit.code)), captured.out, captured.err
    assert code == status
    assert out == ""
    assert "--at" in err
    assert "Traceback" not in err


def test_show_writes_to_a_file(
    capsys: pytest.CaptureFixture[str], record_file: Path, tmp_path: Path
) -> None:
    target = tmp_path / "end.svg"
    code, out, _err = run(
        capsys, "show", str(record_file), "--format", "svg", "--output", str(target)
    )
    assert code == 0
    assert out == ""
    parse(target.read_text(encoding="utf-8"))


class _Page(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.lang: str | None = None
        self.svgs = 0
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "html":
            self.lang = dict(attrs).get("lang")
        if tag == "svg":
            self.svgs += 1
        self._in_title = tag == "title" and not self.title

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data

    def handle_endtag(self, tag: str) -> None:
        self._in_title = False


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogue_show_svg_draws_every_component(
    capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    catalogue = default_catalogue()
    code, out, _err = run(capsys, "catalogue", "show", "--format", "svg", "--lang", lang)
    assert code == 0
    root = parse(out)
    assert len(drawn(root, "valley-board")) == len(catalogue.valley_boards) == 4
    tiles = [t for t in drawn(root, "tile") if "start-tile" not in classes(t)]
    assert len(tiles) == len(catalogue.valley_tiles) == 50
    assert len(drawn(root, "start-tile")) == 1
    assert len(drawn(root, "district")) == len(catalogue.districts) == 40
    assert len(drawn(root, "metropolis")) == len(catalogue.metropolis_boards) == 4
    provenances = [
        *(b.provenance for b in catalogue.valley_boards),
        *(t.provenance for t in catalogue.valley_tiles),
        *(d.provenance for d in catalogue.districts),
        *(m.provenance for m in catalogue.metropolis_boards),
        catalogue.start_tile.provenance,
    ]
    reconstructed = provenances.count(Provenance.RECONSTRUCTED)
    assert len(drawn(root, "reconstructed-frame")) == reconstructed > 0
    assert drawn(root, "reconstructed-warning")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogue_show_html_is_a_page_in_the_language(
    capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    code, out, _err = run(capsys, "catalogue", "show", "--format", "html", "--lang", lang)
    assert code == 0
    page = _Page()
    page.feed(out)
    assert page.lang == lang
    catalogue = default_catalogue()
    assert page.svgs == (
        1  # the key to the pictures
        + len(catalogue.valley_boards)
        + 1
        + len(catalogue.valley_tiles)
        + len(catalogue.metropolis_boards)
        + len(catalogue.districts)
        + len(catalogue.monuments.types)
    )
    assert render(_("Valley board {id}", id="A"), lang) in out
    assert "<script" not in out


def test_catalogue_show_text_is_unchanged_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    _code, plain, _err = run(capsys, "catalogue", "show")
    _code, text, _err = run(capsys, "catalogue", "show", "--format", "text")
    assert plain == text
    assert "RECONSTRUCTED" in plain


def test_demo_writes_a_picture_per_turn(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _err = run(capsys, "demo", "--seed", "7", "--svg", str(tmp_path), "--lang", "nl")
    assert code == 0
    pictures = sorted(tmp_path.glob("turn-*.svg"))
    turns = [line for line in out.splitlines() if line.startswith("Beurt ")]
    assert len(pictures) == len(turns) + 1
    for picture in (pictures[0], pictures[-1]):
        root = parse(picture.read_text(encoding="utf-8"))
        assert root.get("lang") == "nl"
        assert len(drawn(root, "metropolis")) == 4
    # The picture after the first turn marks where that turn laid its tile.
    first = parse((tmp_path / "turn-001.svg").read_text(encoding="utf-8"))
    marked = [m.get("data-square") for m in drawn(first, "last-move")]
    laid = drawn(first, "tile")[1]  # after the starting tile, the first tile laid
    assert marked == (laid.get("data-squares") or "").split()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_show_reports_a_broken_record_without_a_traceback(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "fertility-rules/game-record/1", "players": 3}', "utf-8")
    code, out, err = run(capsys, "show", str(broken), "--lang", lang)
    assert code == 1
    assert out == ""
    assert "Traceback" not in err
    assert "players" in err
