"""Library errors as JSON, for apps and for ``--format json`` on the command line.

Paths are JSON paths and indexes in them count from 0, like every JSON form of the
library; the texts are for people and count from 1.
"""

from __future__ import annotations

from typing import Any

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import (
    FertilityError,
    IllegalMoveError,
    MalformedInputError,
    NotAllowedError,
    UnknownIdError,
)
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import render

__all__ = ["dump_error"]


def _kind(error: FertilityError) -> str:
    if isinstance(error, IllegalMoveError):
        return "illegal_move"
    if isinstance(error, MalformedInputError):
        return "malformed_input"
    if isinstance(error, UnknownIdError):
        return "unknown_id"
    if isinstance(error, NotAllowedError):
        return "not_allowed"
    return "error"


@checked_arguments
def dump_error(error: FertilityError, language: Language | str = Language.EN) -> dict[str, Any]:
    """``{"error": kind, "message": …}`` with the rule broken (an illegal move) or every
    problem with its path and rule (malformed input), texts in ``language``."""
    data: dict[str, Any] = {"error": _kind(error), "message": error.render(language)}
    if isinstance(error, IllegalMoveError | NotAllowedError):
        data["message"] = render(error.reason, language)
        if error.rule:
            data["rule"] = error.rule
    if isinstance(error, NotAllowedError) and error.code:
        data["code"] = error.code
    if isinstance(error, MalformedInputError):
        data["message"] = render(error.message, language)
        if error.source:
            data["source"] = error.source
        data["problems"] = [
            {
                "path": problem.path or "$",
                "message": render(problem.message, language),
                **({"rule": problem.rule} if problem.rule else {}),
            }
            for problem in error.problems
        ]
    return data
