"""ADSM / Tivoli Storage Manager client options: dsm.opt, dsm.sys (DSMSYS on NonStop).

Tuning documents: the NonStop TCP/IP and BackHome!/ADSM tuning note ("ADSM client tuning").
Syntax: grammars/tsm.lark. The options and their minimum abbreviations come from the catalog
(grammars/catalogs/tsm.yaml); an option the catalog does not hold is kept and reported as
information.
"""

from __future__ import annotations

from functools import cache
from pathlib import PurePath

from decklint.core.ir import (
    Diagnostic,
    Operand,
    ReadResult,
    Statement,
    Statements,
    Value,
    classify_atom,
)
from decklint.core.source import SourceFile
from decklint.knowledge.catalog import catalog
from decklint.knowledge.keywords import abbreviations, spelled, words
from decklint.readers.base import (
    Head,
    ParsedFile,
    parsed_units,
    sniff_keywords,
)
from decklint.readers.freeform import line_units


@cache
def _index() -> dict[str, str]:
    """Every accepted spelling of an option (IBM's minimum abbreviation up to the full name)
    -> the option, from the catalog (grammars/catalogs/tsm.yaml)."""
    cat = catalog("tsm")
    raw = cat.raw if cat else {}  # plain data: building every entry costs start-up
    names = [str(body.get("abbrev") or name) for name, body in raw.items()]
    return {
        k: str(v) for k, v in abbreviations([(*spelled(w), spelled(w)[0]) for w in names]).items()
    }


def option(spelling: str) -> str:
    """The option a spelling stands for (itself, upper-cased, when the catalog has none)."""
    return _index().get(spelling.upper(), spelling.upper())


def options_file(path: str) -> str:
    """Which options file a path is by its name: "dsm.sys" (dsm.sys, DSMSYS), "dsm.opt"
    (dsm.opt or another *.opt), or "" when the name does not tell."""
    from decklint.readers.templates import suffix

    name = PurePath(path).name.upper()
    name = name[: -len(suffix(name))] if suffix(name) else name  # dsm.opt.j2 is a dsm.opt
    if name == "DSMSYS" or name.endswith(".SYS") or name.startswith("DSM.SYS"):
        return "dsm.sys"
    if name.endswith(".OPT") or name.startswith("DSM.OPT"):
        return "dsm.opt"
    return ""


def read(src: SourceFile) -> ReadResult:
    return line_units(src, ("*", "#"), kind="option")


def parse(src: SourceFile) -> ParsedFile:
    rd = read(src)
    statements: list[Statement] = []
    diags: list[Diagnostic] = []
    for unit, tree in parsed_units(rd.units, "tsm", "option", diags):
        sm = unit.smap
        head, *vals = tree.children
        op = option(str(head))
        operands = tuple(
            Operand(
                None,
                Value(
                    "string" if str(v)[:1] in "\"'" else classify_atom(str(v)),
                    str(v),
                    sm.span(v.start_pos, v.end_pos),
                ),
                sm.span(v.start_pos, v.end_pos),
            )
            for v in vals
        )
        statements.append(
            Statement(
                src.path,
                "tsm",
                len(statements),
                op,
                sm.span(0, len(unit.text)),
                op_span=sm.span(head.start_pos, head.end_pos),
                operands=operands,
                kind="stanza" if op == "SERVERNAME" else "option",
            )
        )
    return ParsedFile(src, "tsm", Statements(statements), rd, tuple(diags))


_SNIFF_FIRST = words(
    """SERVERNAME COMMMETHOD TCPSERVERADDRESS TCPPORT TCPWINDOWSIZE TCPBUFFSIZE PASSWORDACCESS
    NODENAME SCHEDLOGNAME ERRORLOGNAME"""
)


def _option_line(h: Head) -> bool:
    """`OPTION value`: an option only an options file codes, a blank, then its value (a shell
    script's `servername=$1` is no option)."""
    return h.a in _SNIFF_FIRST and h.sep == " "


def sniff(src: SourceFile) -> float:
    return sniff_keywords(src, _option_line, _index, ("*", "#"), (0.6, 0.1, 0.95), _SNIFF_FIRST)
