"""The shared engine state machine names the parts a game's machine forgot."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import strategies as st

from fertility_rules.testing.machine import EngineMachine


def test_a_machine_missing_a_part_cannot_be_made() -> None:
    class Half(EngineMachine):
        def new_game(self, data: st.DataObject) -> Any:
            return None

    with pytest.raises(TypeError, match="legal_moves"):
        Half()  # type: ignore[abstract]
