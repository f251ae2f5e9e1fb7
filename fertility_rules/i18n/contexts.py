"""Message contexts shared by the code and the extractors of data files.

A name taken from data (a god of the catalogue) is translated in the grammatical place it
takes in a sentence, so each language can write the whole phrase (French ``d'Isis``,
Polish ``Izydy``) instead of a name glued after a noun.
"""

from __future__ import annotations

__all__ = ["GOD_AFTER_STATUE"]

GOD_AFTER_STATUE = (
    "the name of a god after 'Statue of' (French: with de/d', Polish: genitive); a god "
    "named by another catalogue is written as it is"
)
"""The context of a god's name in "Statue of …"."""
