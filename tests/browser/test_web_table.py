"""The web table in headless Chromium: a scripted person plays a whole game against a bot
by clicking the grouped choices of the page, sees a refusal with its rule, and ends on the
score sheet; the pages speak the four languages. On a phone (390 × 844 pixels) the
board takes the whole width at a readable size; another ``#token`` in the address shows
that seat; the page connects again by itself after the server comes back, and sends a
move refused for the socket's message rate again after ``retry_after``.

Chromium is the Debian package; the page is driven by Playwright (the ``server-test``
extra) with ``executable_path`` pointing at it, so no browser is downloaded. Without them
the test is skipped locally, never in CI (``CI`` set).
The phone's screenshots are written to ``FERTILITY_SCREENSHOTS`` (a folder) when it is
set, to be looked at; otherwise to the test's temporary folder.
"""

from __future__ import annotations

import json
import os
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.server.helpers import pick, require

require("playwright", "server-test")
require("starlette", "server")

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from fertility_rules.cli import main as cli  # noqa: E402
from fertility_rules.i18n.message import _, render  # noqa: E402
from fertility_rules.server.lobby import page_texts  # noqa: E402
from tests.server.processes import ServerProcess, request  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not os.path.exists(CHROMIUM):  # pragma: no cover
    if os.environ.get("CI"):
        raise RuntimeError("CI needs the Debian package chromium")
    pytest.skip("Chromium is not installed", allow_module_level=True)

TOOK_BACK = _("{player} took back move {n} and the moves after it.", player="Amunet", n=1)
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder = tmp_path_factory.mktemp("web")
    process = ServerProcess(str(folder / "tables.db"), folder / "server.log", None, "--rate", "500")
    process.start()
    yield process
    process.stop()


@pytest.fixture(scope="module")
def browser() -> Any:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def _decide(page: Page, rng: random.Random) -> None:
    """Clicks down the grouped choices to one option."""
    while True:
        buttons = page.locator("#choices > button")
        count = buttons.count()
        choice = buttons.nth(rng.randrange(count))
        is_option = "option" in (choice.get_attribute("class") or "")
        choice.click()
        if is_option:
            return


def _wait_for_turn(page: Page) -> bool:
    """True when the person decides, False when the game is over."""
    page.wait_for_function(
        "() => !document.body.classList.contains('busy') && "
        "(!document.getElementById('scores').hidden || "
        "(!document.getElementById('decision').hidden && "
        "document.querySelectorAll('#choices > button').length > 0))",
        timeout=30_000,
    )
    return bool(page.locator("#scores").is_hidden())


def test_a_person_plays_a_whole_game_against_a_bot_through_the_page(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    status, made = request(
        server.url + "/tables",
        {
            "players": ["Amunet", "Bek"],
            "seats": [{"language": "fr"}, {"kind": "bot", "agent": "greedy"}],
            "seed": 21,
            "open_seed": True,
        },
    )
    assert status == 201
    texts = page_texts("fr")
    rng = random.Random(22)
    failures: list[str] = []
    with browser.new_context(viewport={"width": 1400, "height": 1000}) as context:
        page = context.new_page()
        page.on("pageerror", lambda error: failures.append(str(error)))
        page.on(
            "console",
            lambda message: failures.append(message.text) if message.type == "error" else None,
        )
        link = made["seats"][0]["link"].replace("/play?", "/play?lang=fr&")
        page.goto(server.url + link)
        page.wait_for_selector("#choices > button")
        assert page.locator("#role").inner_text() == texts["table.you"].format(player="Amunet")
        assert page.locator("#take-back").is_disabled()
        decisions = 0
        refused = taken_back = False
        while _wait_for_turn(page):
            last = page.locator("#log li").first.inner_text() if decisions else ""
            if decisions == 1 and not taken_back:
                # Amunet laid a tile and drew nothing: the bot does not object.
                page.click("#take-back")
                page.wait_for_function(
                    "text => document.querySelector('#log li').textContent === text",
                    arg=render(TOOK_BACK, "fr"),
                )
                taken_back = True
                decisions = 0
                continue
            if last.startswith("Bek") and not refused:
                # The bot has drawn from the hidden pile since Amunet's last move (R-9.2).
                page.click("#take-back")
                page.wait_for_selector("#error:not([hidden])")
                assert "R-9.2" in page.locator("#error-message").inner_text()
                refused = True
            _decide(page, rng)
            decisions += 1
        page.wait_for_selector("#score-table tr.winner")
        rows = page.locator("#score-table tr")
        assert rows.count() == 3
        assert texts["table.scores"] == page.locator("#scores h2").inner_text()
        names = {rows.nth(i).locator("td").nth(1).inner_text() for i in (1, 2)}
        assert names == {"Amunet", "Bek"}
        assert page.locator("#log li").count() > decisions
        page.screenshot(path=str(tmp_path / "end.png"), full_page=True)
        record_url = page.locator("#record").get_attribute("href")
    assert refused
    assert taken_back
    assert decisions > 20
    assert failures == []
    status, record = request(server.url + str(record_url))
    assert status == 200
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    assert cli(["verify", str(path)]) == 0


@pytest.mark.parametrize("language", ["en", "fr", "pl", "nl"])
def test_the_lobby_and_the_table_speak_the_language_asked(
    server: ServerProcess, browser: Any, language: str
) -> None:
    texts = page_texts(language)
    _status, made = request(server.url + "/tables", {"players": ["Amunet", "Bek"]})
    with browser.new_context() as context:
        page = context.new_page()
        page.goto(f"{server.url}/lobby?lang={language}")
        page.wait_for_selector("#seat-rows tr")
        assert page.locator("h1").inner_text() == texts["lobby.title"]
        assert page.locator("html").get_attribute("lang") == language
        page.goto(f"{server.url}{made['spectate']}&lang={language}")
        page.wait_for_function("() => document.getElementById('role').textContent !== ''")
        assert page.locator("#role").inner_text() == texts["table.watching"]
        assert page.locator("#decision").is_hidden()


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
def test_a_page_opened_mid_game_lists_the_moves_played_before_it(
    server: ServerProcess, browser: Any, game: str
) -> None:
    status, made = request(
        server.url + "/tables",
        {
            "game": game,
            "players": ["Amunet", "Bek"],
            "seats": [{}, {}],
            "seed": 8,
            "open_seed": True,
        },
    )
    assert status == 201
    table = made["id"]
    tokens = [seat["token"] for seat in made["seats"]]
    rng = random.Random(9)
    view: dict[str, Any] = {}
    for _round in range(8):
        _status, view = request(f"{server.url}/tables/{table}/view?token={tokens[0]}")
        decider = view["decider"]
        _status, view = request(f"{server.url}/tables/{table}/view?token={tokens[decider]}")
        move = pick(view, rng)["move"]
        body = {"move": move, "ply": view["ply"], "token": tokens[decider]}
        status, _answer = request(f"{server.url}/tables/{table}/moves", body)
        assert status == 200
    status, played = request(f"{server.url}/tables/{table}/moves?lang=nl")
    assert status == 200
    assert played["ply"] == 8
    expected = [move["text"] for move in reversed(played["moves"])]
    with browser.new_context() as context:
        page = context.new_page()
        page.goto(f"{server.url}/play?lang=nl&table={table}#token={tokens[1]}")
        page.wait_for_function("() => document.querySelectorAll('#log li').length >= 8")
        assert page.locator("#log li").all_inner_texts() == expected


def test_the_lobby_goes_on_with_a_saved_game_from_its_record_file(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    import fertility_rules as fr

    played = fr.Game.new(["Nut", "Geb", "Shu"], seed=4, game="ankhor")
    rng = random.Random(4)
    for _step in range(9):
        played = played.play(rng.choice(played.legal_moves))
    path = tmp_path / "saved.json"
    fr.save_record(played.record, path)
    with browser.new_context() as context:
        page = context.new_page()
        page.goto(f"{server.url}/lobby?lang=fr")
        page.wait_for_selector("#seat-rows tr")
        page.locator("details summary").click()
        chooser = page.locator("label.file .button")
        assert chooser.inner_text() == page_texts("fr")["lobby.record.choose"]  # not the browser's
        page.set_input_files("#record", str(path))
        page.wait_for_function("() => document.getElementById('name-2') !== null")
        assert page.locator("#record-name").inner_text() == "saved.json"
        names = [page.locator(f"#name-{i}").input_value() for i in range(3)]
        assert names == ["Nut", "Geb", "Shu"]
        assert page.locator("#game").input_value() == "ankhor"
        assert page.locator("#name-0").is_disabled()
        page.locator("#form button[type=submit]").click()
        page.wait_for_selector("#made:not([hidden])")
        page.locator("#links a.button").first.click()
        page.wait_for_function("() => document.querySelectorAll('#log li').length >= 9")
        assert page.locator("#log li").count() == 9


PHONE = {"width": 390, "height": 844}


def _shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("FERTILITY_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _table(server: ServerProcess, game: str = "fertility", **extra: Any) -> dict[str, Any]:
    status, made = request(
        server.url + "/tables",
        {"game": game, "players": ["Amunet", "Bek"], "seats": [{}, {}], **extra},
    )
    assert status == 201, made
    table: dict[str, Any] = made
    return table


def _picture_drawn(page: Page) -> None:
    page.wait_for_function(
        "() => document.getElementById('picture').naturalWidth > 0", timeout=30_000
    )


def _play_first(page: Page) -> None:
    """Clicks down the first group of choices to its first option."""
    page.wait_for_selector("#choices > button")
    while page.locator("#choices > button.option").count() == 0:
        page.locator("#choices > button").first.click()
    page.locator("#choices > button.option").first.click()


def _box(page: Page, selector: str) -> dict[str, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return {"x": box["x"], "y": box["y"], "width": box["width"], "height": box["height"]}


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
def test_on_a_phone_the_board_fills_the_width_and_stays_readable(
    server: ServerProcess, browser: Any, game: str, tmp_path: Path
) -> None:
    made = _table(server, game)
    texts = page_texts("en")
    with browser.new_context(viewport=PHONE) as context:
        page = context.new_page()
        page.goto(server.url + made["seats"][0]["link"])
        _picture_drawn(page)
        page.screenshot(path=str(_shots(tmp_path) / f"phone-{game}.png"))
        natural = page.evaluate("() => document.getElementById('picture').naturalWidth")
        board = _box(page, "#board")
        picture = _box(page, "#picture")
        assert board["x"] == 0
        assert board["width"] == PHONE["width"]
        assert picture["width"] == natural  # its own size: words of 10 to 13 pixels
        assert page.evaluate("() => document.documentElement.scrollWidth") == PHONE["width"]
        assert page.locator("#fit").inner_text() == texts["table.fit"]
        page.click("#fit")
        page.screenshot(path=str(_shots(tmp_path) / f"phone-{game}-whole.png"))
        assert _box(page, "#picture")["width"] == PHONE["width"]
        assert page.locator("#fit").inner_text() == texts["table.zoom"]
    with browser.new_context(viewport={"width": 1400, "height": 1000}) as context:
        page = context.new_page()
        page.goto(server.url + made["seats"][0]["link"])
        _picture_drawn(page)
        assert page.locator("#fit").is_hidden()  # a wide screen shows the whole table


_ROLE_IS = "text => document.getElementById('role')?.textContent === text"
"""Whether the page shows this role; false while the page reloads (the element is then
not there yet), so that the wait goes on rather than failing."""


def test_another_token_in_the_address_shows_that_seat(server: ServerProcess, browser: Any) -> None:
    made = _table(server)
    texts = page_texts("en")
    first, second = (seat["link"] for seat in made["seats"])
    with browser.new_context() as context:
        page = context.new_page()
        page.goto(server.url + first)
        page.wait_for_function(_ROLE_IS, arg=texts["table.you"].format(player="Amunet"))
        page.evaluate("hash => { location.hash = hash; }", second.split("#", 1)[1])
        page.wait_for_function(_ROLE_IS, arg=texts["table.you"].format(player="Bek"))
        assert page.locator("#seats li.me .name").inner_text() == "Bek"


def test_the_page_connects_again_by_itself_after_the_server_comes_back(
    browser: Any, tmp_path: Path
) -> None:
    own = ServerProcess(str(tmp_path / "tables.db"), tmp_path / "server.log", None)
    own.start()
    try:
        made = _table(own)
        with browser.new_context() as context:
            page = context.new_page()
            page.goto(own.url + made["seats"][0]["link"])
            page.wait_for_selector("#choices > button")
            own.stop()
            page.wait_for_selector("#lost:not([hidden])")
            own.start()
            page.wait_for_selector("#lost", state="hidden", timeout=30_000)
            _play_first(page)
            page.wait_for_function("() => document.querySelectorAll('#log li').length > 0")
    finally:
        own.stop()


def test_a_move_refused_for_the_message_rate_is_sent_again_after_the_wait(
    browser: Any, tmp_path: Path
) -> None:
    # One message at once, then one every 3 seconds: the second move comes too soon.
    own = ServerProcess(str(tmp_path / "tables.db"), tmp_path / "server.log", None,
                        "--frame-rate", "0.3")  # fmt: skip
    own.start()
    try:
        status, made = request(
            own.url + "/tables",
            {"players": ["Amunet", "Bek"], "seats": [{}, {"kind": "bot", "agent": "random"}]},
        )
        assert status == 201, made
        with browser.new_context() as context:
            page = context.new_page()
            page.goto(own.url + made["seats"][0]["link"])
            played = 0
            for _move in range(2):
                page.wait_for_function(
                    "played => document.querySelectorAll('#log li').length >= played "
                    "&& !document.getElementById('decision').hidden "
                    "&& !document.body.classList.contains('busy')",
                    arg=played,
                    timeout=30_000,
                )
                played = page.locator("#log li").count() + 1
                _play_first(page)
            # The second move was refused (rate) and is played without another click.
            page.wait_for_function(
                "played => document.querySelectorAll('#log li').length >= played",
                arg=played,
                timeout=15_000,
            )
            assert page.locator("#error").is_hidden()
        log = (tmp_path / "server.log").read_text()
    finally:
        own.stop()
    assert "Traceback" not in log
