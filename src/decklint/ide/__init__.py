"""Editor features as a library: hover, go to definition, find references, the outline and
completion of a deck, answered as plain records a language server translates.

Every function takes the document's current text (it may be newer than the last lint
result) and positions as decklint counts them: 1-based lines and columns in code points.
"""

from __future__ import annotations

from decklint.ide.complete import completions as completions
from decklint.ide.hover import hover as hover
from decklint.ide.navigate import definition as definition
from decklint.ide.navigate import references as references
from decklint.ide.outline import symbols as symbols
from decklint.ide.records import Completion as Completion
from decklint.ide.records import Hover as Hover
from decklint.ide.records import Location as Location
from decklint.ide.records import Symbol as Symbol

__all__ = [
    "Completion",
    "Hover",
    "Location",
    "Symbol",
    "completions",
    "definition",
    "hover",
    "references",
    "symbols",
]
