"""The file formats: reading untrusted files, one converter, every document format.

Arrows point inward: this room depends on the model, the effects, the catalogue
values and the moves; nothing below it imports it.
"""

from fertility_rules.formats.documents import DEFAULT_LIMITS, Limits, parse_document, read_document
from fertility_rules.formats.files import read_bytes

__all__ = ["DEFAULT_LIMITS", "Limits", "parse_document", "read_bytes", "read_document"]
