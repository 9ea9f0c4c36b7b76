"""How the checks point at and describe the model values they report (registers no check)."""

from __future__ import annotations

from decklint.findings import Related
from decklint.model.entities import Attr, Entity
from decklint.model.views.dlc import Setting


def related(e: Entity, field: str, message: str) -> Related:
    return Related(e.path, e.anchor(field), message)


def described(s: Setting) -> str:
    """'TRMF 4100' or 'TRMF 256 (not coded, the default)'."""
    v, e, field, label = s
    a = e.get(field)
    return f"{label} {v}" + ("" if a.coded else " (not coded, the default)")


def defaulted_note(a: Attr) -> str:
    """' (not coded; default N, <why>)' for a defaulted setting, '' when coded."""
    if not a.defaulted:
        return ""
    return f" (not coded; the default {a.value} applies: {a.note})" if a.note else " (not coded)"
