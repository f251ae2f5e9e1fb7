"""The referee of Ankh'or: legal moves, validation with the rule each move breaks, the
transition (A-3 to A-6)."""

from fertility_rules.ankhor.rules.engine import (
    MOVE_PHASES,
    apply,
    apply_unchecked,
    is_legal,
    legal_moves,
    violations,
)

__all__ = ["MOVE_PHASES", "apply", "apply_unchecked", "is_legal", "legal_moves", "violations"]
