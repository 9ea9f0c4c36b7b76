"""Lark parsers built once and kept, sealed, in the user's cache folder.

Lark's own `cache=` unpickles the file it is pointed at before it checks anything in it. Here
a parser is serialized with `Lark.save`, sealed (`decklint.platform.store.Vault`), and given to
`Lark.load` only when its seal holds; an entry that does not open is built again.
"""

from __future__ import annotations

import functools
import hashlib
import io
import os
import sys
from pathlib import Path
from typing import Any

from decklint.platform.store import vault

_AREA = "parsers"  # in the cache folder: one entry per grammar and set of options


def parser(grammar: Path, stem: str, **options: Any) -> Any:
    """The Lark parser of the grammar file `grammar` with `options` (LALR), from the cache
    when an entry made from the same grammars, options, Lark and Python opens; `stem` begins
    the entry's name. `DECKLINT_NO_LARK_CACHE` set: always built."""
    from lark import Lark

    v = None if os.environ.get("DECKLINT_NO_LARK_CACHE") else vault()
    if v is None:
        return Lark.open(str(grammar), **options)
    name = f"{_AREA}/{stem}.{_key(grammar, options)}"
    payload = v.read(name)
    if payload is not None:
        try:
            return Lark.load(io.BytesIO(payload))
        except Exception:  # sealed by this user, yet not a parser this Lark reads: build it
            pass
    built = Lark.open(str(grammar), **options)
    buf = io.BytesIO()
    built.save(buf)
    try:
        for old in v.path(_AREA).glob(f"{stem}.*"):  # an earlier grammar's
            old.unlink(missing_ok=True)
        v.write(name, buf.getvalue())
    except OSError:
        pass  # an unwritable cache only costs time
    return built


def _key(grammar: Path, options: dict[str, Any]) -> str:
    """What the parser is made from: the grammar folder's grammars (a grammar may import its
    neighbours), the options, and the versions of Lark and Python."""
    import lark

    h = hashlib.sha256(_grammars(str(grammar.parent)))
    h.update(f"{grammar.name}\0{sorted(options.items())!r}\0{lark.__version__}".encode())
    h.update(f"\0{sys.version_info[:2]}".encode())
    return h.hexdigest()[:24]


@functools.cache
def _grammars(folder: str) -> bytes:
    """A digest of the name and text of every grammar in `folder`."""
    h = hashlib.sha256()
    for p in sorted(Path(folder).glob("*.lark")):
        h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
    return h.digest()
