"""CICS Sockets configuration: EZACICD macros (TYPE=CICS for the interface, TYPE=LISTENER).

Seed: 001_b53ea280a148c68b.txt ("MVS CICS Sockets Tuning Parm's"). Syntax:
grammars/ezacicd.lark (the assembler card layout of common.lark). The EZAC transaction edits
the same values in the configuration file; a deck of EZACICD macros is how they are kept in
source.
"""

from __future__ import annotations

import re

from decklint.dialects import GLOBS
from decklint.dialects.asm import parse_assembler
from decklint.dialects.base import DialectSpec, ParsedFile
from decklint.ir import Diagnostic, Statement
from decklint.model.entities import Attr
from decklint.model.lowering import Lowering, attr_or_default, coded
from decklint.source import SourceFile

# TYPE -> operand -> (field, default)
FIELDS: dict[str, dict[str, tuple[str, object]]] = {
    "CICS": {
        "APPLID": ("applid", None),
        "TCPADDR": ("tcpaddr", "TCPIP"),
        "NTASKS": ("ntasks", 20),
        "DPRTY": ("dprty", 0),
    },
    "LISTENER": {
        "APPLID": ("applid", None),
        "TRANID": ("tranid", "CSKL"),
        "PORT": ("port", None),
        "BACKLOG": ("backlog", 20),
        "NUMSOCK": ("numsock", 50),
    },
}
TYPES = ("INITIAL", "CICS", "LISTENER", "FINAL")


def parse(src: SourceFile) -> ParsedFile:
    return parse_assembler(src, "ezacicd", "ezacicd")


_SNIFF = re.compile(r"^\S*\s+EZACICD\s+TYPE=", re.IGNORECASE | re.MULTILINE)


def sniff(src: SourceFile) -> float:
    return 0.96 if _SNIFF.search("\n".join(ln[:71] for ln in src.lines[:600])) else 0.0


def lower(pf: ParsedFile, low: Lowering) -> None:
    for st in pf.statements:
        if st.op != "EZACICD":
            continue
        t = st.keyword("TYPE")
        typ = t.value.text.upper() if t is not None else ""
        if typ not in TYPES:
            low.diag(
                Diagnostic(
                    "PRS003" if t is not None else "PRS001",
                    t.value.span if t is not None else st.span,
                    f"EZACICD needs TYPE={'|'.join(TYPES)}"
                    + (f", not {t.value.text}" if t is not None else ""),
                )
            )
            continue
        fields = FIELDS.get(typ)
        if fields is None:
            continue
        _lower(st, typ, fields, low)


def _lower(st: Statement, typ: str, fields: dict[str, tuple[str, object]], low: Lowering) -> None:
    attrs: dict[str, Attr] = {}
    for op, (field, dflt) in fields.items():
        o = st.keyword(op)
        attrs[field] = attr_or_default(o, dflt, "EZACICD default") if dflt is not None else coded(o)
    applid = str(attrs["applid"].value or "CICS")
    if typ == "CICS":
        low.add("cics_sockets", applid, st.span, {"name": Attr(applid), **attrs})
    else:
        port = attrs["port"].value
        name = f"{applid}:{attrs['tranid'].value}:{port}"
        low.add(
            "cics_listener",
            name,
            st.span,
            {"name": Attr(name), **attrs},
        )


SPEC = DialectSpec(
    name="ezacicd",
    title="CICS Sockets configuration macros (EZACICD)",
    globs=GLOBS["ezacicd"],
    sniff=sniff,
    parse=parse,
    lower=lower,
    comment_prefixes=("*",),
    card_image=True,
    seeds=("001_b53ea280a148c68b.txt",),
)
