"""Names of a package imported on first use (PEP 562), for every package of the library.

A package lists which of its names live in heavier modules (file formats, pictures,
agents); ``import`` of the package stays light, and a name's module is imported the first
time the name is read.
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable, Mapping, MutableMapping, Sequence

__all__ = ["lazy_names"]


def lazy_names(
    package: str,
    modules: Mapping[str, str],
    namespace: MutableMapping[str, object],
    public: Sequence[str],
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: a name of ``modules`` is read from
    its module on first access and kept in ``namespace`` (the package's globals)."""

    def __getattr__(name: str) -> object:
        module = modules.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(public))

    sys.modules[package].__class__ = _package_of(modules)
    return __getattr__, __dir__


def _package_of(modules: Mapping[str, str]) -> type[types.ModuleType]:
    """The class of a package whose submodule imported later never hides the function it
    is named after (``fertility_rules.fertility.text_board`` stays the function, as with an eager
    import: importing a submodule sets it as an attribute of its package)."""

    class Package(types.ModuleType):
        def __setattr__(self, name: str, value: object) -> None:
            if isinstance(value, types.ModuleType) and modules.get(name) == value.__name__:
                value = getattr(value, name)
            super().__setattr__(name, value)

    return Package
