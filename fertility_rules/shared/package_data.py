"""The data files shipped inside the package: catalogues, rule texts, glossaries, weights.

Every reader of a built-in file goes through here. :mod:`importlib.resources` and
:mod:`tomllib` (with the modules they pull in: ``pathlib``, ``zipfile``, ``tempfile``,
``datetime``) are imported on the first read, so ``import fertility_rules`` reads no file
and stays light; a file is read when its contents are first needed.
"""

from __future__ import annotations

from typing import Any

__all__ = ["package_bytes", "package_text", "package_toml"]


def package_bytes(package: str, resource: str) -> bytes:
    """The bytes of the file ``resource`` (a ``/``-separated path) of ``package``."""
    from importlib import resources

    return resources.files(package).joinpath(resource).read_bytes()


def package_text(package: str, resource: str) -> str:
    """The UTF-8 text of the file ``resource`` of ``package``."""
    return package_bytes(package, resource).decode("utf-8")


def package_toml(package: str, resource: str) -> dict[str, Any]:
    """The TOML file ``resource`` of ``package``, parsed (the file is part of the package:
    its contents are checked by the reader that asks for it)."""
    import tomllib

    return tomllib.loads(package_text(package, resource))
