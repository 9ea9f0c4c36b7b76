"""Editor features as a library: hover, go to definition, find references, the outline and
completion of a deck, answered as plain records a language server translates.

Every function takes the document's current text (it may be newer than the last lint
result) and positions as decklint counts them: 1-based lines and columns in code points.

The features are imported when first used (take them from the package: `ide.hover`), so that
the package costs nothing to a run that answers no editor. Which catalog entry a statement
is, which hover and completion show, is the model's (`decklint.model.catalogued`): the release
rules read it too.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from decklint.ide.complete import completions as completions
    from decklint.ide.hover import hover as hover
    from decklint.ide.navigate import definition as definition
    from decklint.ide.navigate import names_at as names_at
    from decklint.ide.navigate import references as references
    from decklint.ide.outline import symbols as symbols
    from decklint.ide.records import Completion as Completion
    from decklint.ide.records import Hover as Hover
    from decklint.ide.records import Location as Location
    from decklint.ide.records import Symbol as Symbol

_WHERE = {
    "Completion": "decklint.ide.records",
    "Hover": "decklint.ide.records",
    "Location": "decklint.ide.records",
    "Symbol": "decklint.ide.records",
    "completions": "decklint.ide.complete",
    "definition": "decklint.ide.navigate",
    "hover": "decklint.ide.hover",
    "names_at": "decklint.ide.navigate",
    "references": "decklint.ide.navigate",
    "symbols": "decklint.ide.outline",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'decklint.ide' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    # importing decklint.ide.hover made `hover` the module: the feature is the function
    globals()[name] = value
    return value
