"""How the checks point at and describe the model values they report (registers no check)."""

from __future__ import annotations

from decklint.core.entities import Attr, Entity
from decklint.core.findings import Related
from decklint.model.release import Choice
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


def undecided(c: Choice, whose: str) -> str:
    """' not coded: its default is 16384 before z/OS V2R1, 65536 from z/OS V2R1, and the
    stack's release is not known (declare it under nodes: in the configuration)', for a
    setting whose default the release decides and the decks do not tell the release."""
    rel = c.release
    if rel.said:
        known = f"is {rel.said}"
        if rel.where:
            known += f", from {rel.where}"
    else:
        known = "is not known (declare it under nodes: in the configuration)"
    return f"not coded: its default is {c.said()}, and the {whose}'s release {known}"
