"""Writing the texts the `--fix` loop fixed back to their files, and saying which were not."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from decklint.fix.loop import FixRun
from decklint.inputs import encoding as enc
from decklint.inputs.gather import Input
from decklint.platform.fileio import Damaged, Refused, interrupted, rewrite_user_file, sweep


@dataclass
class Written:
    done: dict[str, int] = field(default_factory=dict)  # path -> fixes written
    refused: list[tuple[str, str]] = field(default_factory=list)  # (path, why not written)


def write(inputs: Sequence[Input], run: FixRun) -> Written:
    """Write each fixed file in the bytes form it was read in; never a file that changed on
    disk since it was read, standard input, nor a file the user made read-only."""
    out = Written()
    todo = [inp for inp in inputs if inp.path in run.texts and inp.path != "<stdin>"]
    folders = {Path(os.path.realpath(inp.path)).parent for inp in todo}
    cut = {k.path: k.copy for folder in folders for k in sweep(folder)}
    for inp in inputs:
        new = run.texts.get(inp.path)
        if new is None:
            continue
        copy = cut.get(Path(os.path.realpath(inp.path))) if inp.path != "<stdin>" else None
        why = _write_one(inp, new) if copy is None else interrupted(copy)
        if why:
            out.refused.append((inp.path, why))
        else:
            out.done[inp.path] = run.applied.get(inp.path, 0)
    return out


def _write_one(inp: Input, new: str) -> str:
    """Write one fixed text; the reason it was not written, or ''."""
    target = Path(inp.path)
    try:
        data = target.read_bytes() if inp.path != "<stdin>" and target.is_file() else None
    except OSError:
        data = None
    if data is None or inp.text is None:
        return "not a file decklint can write"
    if enc.decode(data, inp.encoding.partition("/")[0] or None).text != inp.text:
        return "changed on disk while linting"
    out = enc.encode_like(inp.text, new, inp.encoding or "utf-8", data)
    if out is None:
        return "its bytes could not be kept as they were"
    try:
        rewrite_user_file(target, out)
    except Refused as exc:
        return str(exc)
    except Damaged as exc:
        return str(exc.strerror)
    except OSError as exc:
        return f"{exc.strerror or exc}; the file is as it was"
    return ""
