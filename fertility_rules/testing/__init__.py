"""Reusable conformance tests for any game of the library (requires ``hypothesis``,
installed with the ``test`` extra): :func:`check_game` plays random games of a game through
its description and checks what every game owes the shared machinery; the state machine
base :class:`EngineMachine`; strategies of a game's readings; the agreement of a format's
schema and reader. Each game's own strategies and machine live in its package
(:mod:`fertility_rules.fertility.testing`, :mod:`fertility_rules.ankhor.testing`).
"""

from fertility_rules.testing.agreement import broken_documents, disagreement
from fertility_rules.testing.conformance import ConformanceMachine, check_game
from fertility_rules.testing.machine import EngineMachine, expect
from fertility_rules.testing.switches import switch_combinations

__all__ = [
    "ConformanceMachine",
    "EngineMachine",
    "broken_documents",
    "check_game",
    "disagreement",
    "expect",
    "switch_combinations",
]
