"""Every refusal of the table server carries a code for programs: no ``NotAllowedError``
is made in the server but through ``refused`` (with a ``Refusal``)."""

from __future__ import annotations

import ast
from pathlib import Path

import fertility_rules.server as server_package
from fertility_rules.errors import NotAllowedError
from fertility_rules.formats.errors_json import dump_error
from fertility_rules.i18n.message import _
from fertility_rules.server.refusals import Refusal, refused

SERVER = Path(server_package.__file__).parent


def test_no_refusal_of_the_server_is_made_without_a_code() -> None:
    found = []
    for path in sorted(SERVER.rglob("*.py")):
        if path.name == "refusals.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "NotAllowedError"
            ):
                found.append(f"{path.name}:{node.lineno}")
    assert found == []


def test_a_refusal_gives_its_code_in_its_json() -> None:
    error = refused(Refusal.TURN, _("It is Bek's decision."), "R-3")
    assert isinstance(error, NotAllowedError)
    assert dump_error(error) == {
        "error": "not_allowed",
        "message": "It is Bek's decision.",
        "rule": "R-3",
        "code": "turn",
    }
    assert "code" not in dump_error(NotAllowedError(_("No.")))
