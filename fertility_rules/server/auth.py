"""Seat tokens: secret, shown once, kept only as digests.

A token is 32 random bytes (URL-safe text). The server keeps its SHA-256 digest, so that
neither the database nor a log holds anything that acts for a seat; a token presented is
compared with every seat's digest in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence

__all__ = ["TOKEN_BYTES", "digest", "match", "new_table_id", "new_token"]

TOKEN_BYTES = 32
"""Random bytes of a seat token (43 characters of URL-safe text)."""
_LONGEST = 128
"""Longer presented tokens are refused before they are hashed."""


def new_token() -> str:
    """A fresh seat token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    """A table id: public (it is in links) but not guessable, so unlisted tables stay
    unlisted."""
    return secrets.token_urlsafe(12)


def digest(token: str) -> str:
    """What the server keeps of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def match(token: str, digests: Sequence[str | None]) -> int | None:
    """The index of the seat whose digest is ``token``'s, or ``None``.

    Every digest is compared, so the time taken does not tell which seat came close.
    """
    if not token or len(token) > _LONGEST:
        return None
    presented = digest(token)
    found = None
    for index, kept in enumerate(digests):
        if kept is not None and hmac.compare_digest(presented, kept):
            found = index
    return found
