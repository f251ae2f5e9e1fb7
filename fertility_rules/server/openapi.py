"""The OpenAPI description of the HTTP API (placeholder replaced below)."""

from __future__ import annotations

from typing import Any

__all__ = ["openapi"]


def openapi() -> dict[str, Any]:
    return {"openapi": "3.1.0"}
