"""Names of a package imported on first use (PEP 562), for every package of the library.

A package lists which of its names live in heavier modules (file formats, pictures,
agents); ``import`` of the package stays light, and a name's module is imported the first
time the name is read. A package may also list the names it gave before they moved to
the module that documents them: read from the package, they still work, with a
:class:`DeprecationWarning` that names their module.
"""

from __future__ import annotations

import importlib
import sys
import types
import warnings
from collections.abc import Callable, Mapping, MutableMapping, Sequence

__all__ = ["lazy_names", "moved_names"]


def lazy_names(
    package: str,
    modules: Mapping[str, str],
    namespace: MutableMapping[str, object],
    public: Sequence[str],
    moved: Mapping[str, tuple[str, str | None]] | None = None,
    subpackages: Sequence[str] = (),
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: a name of ``modules`` is read from
    its module on first access and kept in ``namespace`` (the package's globals), as is a
    subpackage of ``subpackages`` (a game's package); a name of ``moved``
    (:func:`moved_names`) is read from its new module on every access, with a deprecation
    warning."""
    gone = dict(moved or {})

    def __getattr__(name: str) -> object:
        module = modules.get(name)
        if module is not None or name in subpackages:
            found = importlib.import_module(module or f"{package}.{name}")
            value = found if module is None else getattr(found, name)
            namespace[name] = value
            return value
        if name not in gone:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        where, attribute = gone[name]
        warnings.warn(
            f"{package}.{name} has moved: import it from {where}",
            DeprecationWarning,
            stacklevel=2,
        )
        found = importlib.import_module(where)
        return found if attribute is None else getattr(found, attribute)

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(public))

    sys.modules[package].__class__ = _package_of(modules)
    return __getattr__, __dir__


def moved_names(
    moves: Mapping[str, str], rooms: Mapping[str, str] | None = None
) -> dict[str, tuple[str, str | None]]:
    """What left a package, for :func:`lazy_names`: ``moves`` lists the names by the
    module that gives them now (``{module: "name name …"}``), ``rooms`` the modules that
    moved (``{name: module}``)."""
    found: dict[str, tuple[str, str | None]] = {
        name: (module, name) for module, names in moves.items() for name in names.split()
    }
    found.update({name: (module, None) for name, module in (rooms or {}).items()})
    return found


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
