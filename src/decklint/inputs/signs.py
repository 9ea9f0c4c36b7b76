"""What detection reads, as data: the tables behind `discover.detect`, `evidence.against` and
every dialect's content sniffer, and a fingerprint of the code that reads them.

Editors tell a deck by its content as the command line does, without running decklint: their
detectors (`editors/nvim/lua/decklint/detect.lua`, `editors/emacs/decklint.el`) are ports of
the functions named in `LOGIC`, reading the tables `signs()` gives, which
`scripts/editor_tables.py` writes into the editors' files. A table that changes makes those
files stale; a function in `LOGIC` that changes no longer has the fingerprint its ports
record, until they follow it. Library code never reads this module: it is for that script
and its test.
"""

from __future__ import annotations

import ast
import hashlib
import inspect
import io
import re
import textwrap
import tokenize
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from decklint import dialects
from decklint.dialects.aix import reader as aix
from decklint.dialects.as400 import reader as as400
from decklint.dialects.bpxprm import reader as bpxprm
from decklint.dialects.cics import reader as cics
from decklint.dialects.cicssit import reader as cicssit
from decklint.dialects.cm2 import reader as cm2
from decklint.dialects.ezacicd import reader as ezacicd
from decklint.dialects.ivtprm import reader as ivtprm
from decklint.dialects.ncp import reader as ncp
from decklint.dialects.nsdos import reader as nsdos
from decklint.dialects.scf import reader as scf
from decklint.dialects.tcpdata import reader as tcpdata
from decklint.dialects.tcpip import keywords as kw
from decklint.dialects.tcpip import reader as tcpip
from decklint.dialects.tsm import reader as tsm
from decklint.dialects.vtam import reader as vtam
from decklint.inputs import discover, evidence, gather
from decklint.knowledge.catalog import operand_names
from decklint.readers import base

# A table: a pattern, a set of words, a set of word pairs, or words by statement.
Table = re.Pattern[str] | frozenset[str] | frozenset[tuple[str, str]] | Mapping[str, frozenset[str]]


class DialectSigns(NamedTuple):
    """What tells a file of one dialect: its names, its comments and its sniffer's tables."""

    globs: tuple[str, ...]
    comments: tuple[str, ...]  # the comment prefixes (a ';' file is only a ';' dialect's)
    card: bool  # card images: columns 1-71, 72 the continuation, 73-80 the sequence field
    tables: Mapping[str, Table]


class Signs(NamedTuple):
    head: re.Pattern[str]  # base.line_heads: a line's first words
    head_lines: int
    directive: re.Pattern[str]  # `decklint: dialect=NAME` in the first lines
    member: re.Pattern[str]  # SYS1.VTAMLST(ATCSTR00): the member's name is the name
    skipped: frozenset[str]  # extensions a folder walk never reads as decks
    evidence: Mapping[str, Any]  # evidence.against: patterns, hints and limits
    dialects: Mapping[str, DialectSigns]  # in the order detection tries them


def _operands(product: str, statements: frozenset[str]) -> dict[str, frozenset[str]]:
    return {op: operand_names(product, op) for op in sorted(statements)}


def _sniffers() -> dict[str, dict[str, Table]]:
    """Each dialect's sniffer tables, by the name its port reads them by."""
    return {
        "aix": {"line": aix._SNIFF},
        "as400": {"line": as400._SNIFF},
        "bpxprm": {
            "first": bpxprm._SNIFF_FIRST,
            "pairs": frozenset(bpxprm._SNIFF_PAIRS),
            "known": bpxprm._known(),
        },
        "cics": {"line": cics._SNIFF},
        "cicssit": {"macro": cicssit._MACRO, "first": cicssit._SNIFF_FIRST},
        "cm2": {"line": cm2._SNIFF},
        "ezacicd": {"line": ezacicd._SNIFF},
        "ivtprm": {},  # FIXED, ECSA, HVCOMM MAX(...), POOL(...): the words are its code's
        "ncp": {
            "statement": ncp._NCP_OPS,
            "operands": _operands("ncp", frozenset(ncp.SNIFF_OPS)),
        },
        "nsdos": {"line": nsdos._SNIFF},
        "scf": {
            "verbs": scf._SNIFF_VERBS,
            "objects": scf._SNIFF_OBJECTS,
            "details": frozenset(scf._SNIFF_DETAILS),
            "subsystems": scf._SNIFF_SUBSYSTEMS,
        },
        "tcpdata": {"first": tcpdata._SNIFF_FIRST, "known": tcpdata._known()},
        "tcpip": {
            "first": tcpip._SNIFF_FIRST,
            "devices": tcpip._DEVICE_TYPES,
            "interface": tcpip._INTERFACE_ACTIONS,
            "ipv4": tcpip._IPV4,
            "data_set": tcpip._DATA_SET,
            "top": frozenset(kw.top_level()),
        },
        "tsm": {"first": tsm._SNIFF_FIRST, "known": frozenset(tsm._index())},
        "vtam": {
            "statement": vtam._statement(),
            "ops": vtam._SNIFF_OPS,
            "table_ops": vtam._TABLE_OPS,
            "operands": _operands("vtam", vtam._SNIFF_OPS),
            "start_options": vtam._START_OPTIONS,
            "start_values": vtam._start_values(),
            "config_line": vtam._config_line(),
        },
    }


def signs() -> Signs:
    """The tables detection reads, as they are now."""
    sniffers = _sniffers()
    missing = set(dialects.names()) ^ set(sniffers)
    if missing:  # a dialect added or removed: its sniffer's port and tables are to be written
        raise LookupError(f"no sniffer tables for: {', '.join(sorted(missing))}")
    return Signs(
        head=base._head(),
        head_lines=base._HEAD_LINES,
        directive=discover._directive(),
        member=discover._MEMBER,
        skipped=gather._NOT_DECKS,
        evidence={
            "head": evidence.HEAD,
            "shell_head": evidence.SHELL_HEAD,
            "shell_lines": evidence._SHELL_LINES,
            "shown": evidence._SHOWN,
            "shell_hints": evidence._SHELL_HINTS,
            "prose_words": evidence.PROSE_WORDS,
            "prose_lines": evidence.PROSE_LINES,
            "comment_starts": evidence._COMMENT_STARTS,
            "own_lines": evidence._OWN_LINES,
            "patterns": {name: evidence._p(name) for name in sorted(evidence._PATTERNS)},
        },
        dialects={
            name: DialectSigns(
                dialects.REGISTRY[name].globs,
                dialects.get(name).comment_prefixes,
                dialects.get(name).card_image,
                sniffers[name],
            )
            for name in dialects.names()
        },
    )


# The code the editors' detectors port: what detection does with the tables.
LOGIC: tuple[Callable[..., Any], ...] = (
    discover.detect,
    discover._name,
    dialects.named,
    dialects._matches,
    evidence.against,
    evidence.semicolon_comments,
    evidence._reason,
    evidence._yaml_mappings,
    evidence._prose,
    evidence._other_product,
    evidence._count,
    base._heads,
    base.line_heads,
    base.sniff_keywords,
    base.sniff_count,
    aix.sniff,
    as400.sniff,
    bpxprm.sniff,
    bpxprm._statement_line,
    cics.sniff,
    cicssit.sniff,
    cicssit._macro,
    cicssit._parameter,
    cm2.sniff,
    ezacicd.sniff,
    ivtprm.sniff,
    ivtprm._csm,
    ncp.sniff,
    ncp._statement,
    nsdos.sniff,
    scf.sniff,
    scf._scf,
    tcpdata.sniff,
    tcpdata._statement_line,
    tcpip.sniff,
    tcpip._statement,
    tcpip._interface_then_action,
    tsm.sniff,
    tsm._option_line,
    vtam.sniff,
    vtam._line_matches,
    vtam._config_list,
    vtam._marked,
    vtam._catalogued,
)


def _code(fn: Callable[..., Any]) -> str:
    """A function's code without its decorators, docstring, comments or layout: its tokens,
    as every Python version since 3.10 splits them (f-strings aside, which 3.12 splits)."""
    text = textwrap.dedent(inspect.getsource(inspect.unwrap(fn)))
    node = ast.parse(text).body[0]
    assert isinstance(node, ast.FunctionDef)
    skip = {n for d in node.decorator_list for n in range(d.lineno, (d.end_lineno or 0) + 1)}
    first = node.body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
        skip |= set(range(first.lineno, (first.end_lineno or 0) + 1))
    return "".join(
        tok.string
        for tok in tokenize.generate_tokens(io.StringIO(text).readline)
        if tok.type not in _LAYOUT and tok.start[0] not in skip
    )


_LAYOUT = frozenset(
    {
        tokenize.COMMENT,
        tokenize.NL,
        tokenize.NEWLINE,
        tokenize.INDENT,
        tokenize.DEDENT,
        tokenize.ENDMARKER,
    }
)


def logic() -> dict[str, str]:
    """Each function in LOGIC (module.name) and a fingerprint of its code."""
    return {
        f"{fn.__module__}.{fn.__qualname__}": hashlib.sha256(_code(fn).encode()).hexdigest()[:16]
        for fn in LOGIC
    }
