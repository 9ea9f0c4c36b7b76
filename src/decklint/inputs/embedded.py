"""Decks kept inside other files: JCL instream data, IEBUPDTE streams, markdown fences.

Public decks often live in the job that loads them (`//SYSIN DD *` data, `./ ADD NAME=member`
streams for IEBUPDTE) or in documentation (fenced blocks). `find` cuts them out verbatim, with
the line of the enclosing file where each begins, so every finding can be reported at the line
of the file the user owns (`Block.place`).

JCL rules followed (z/OS MVS JCL Reference, DD statement): instream data follows a `DD *` or
`DD DATA` statement; `DD *` data ends at a `/*` or at the next `//` statement, `DD DATA` data
only at `/*`; `DLM=xx` replaces `/*` as the delimiter. IEBUPDTE control statements start with
`./` in columns 1-2; a member runs from `./ ADD` or `./ REPL` to the next `./` statement.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from decklint.source import Span

MODES = ("auto", "all", "none")

_JOBCARD = re.compile(r"^//[A-Z0-9$#@]{0,8}\s+(JOB|EXEC|PROC)\b", re.IGNORECASE)
_INSTREAM = re.compile(r"^//([A-Z0-9$#@.]*)\s+DD\s+(\*|DATA)(?=[\s,]|$)(.*)$", re.IGNORECASE)
_DLM = re.compile(r"\bDLM=(?:'([^']{1,2})'|([^\s,]{1,2}))", re.IGNORECASE)
_UPDTE = re.compile(r"^\./\s*(ADD|REPL)\b.*?\bNAME=([A-Z0-9$#@]{1,8})", re.IGNORECASE)
_FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})\s*([^\s`]*)")


@dataclass(frozen=True)
class Block:
    """A deck cut out of an enclosing file."""

    name: str  # member, DD name or "block-N": used for dialect detection and messages
    text: str
    line: int  # line of the enclosing file that holds the block's first line
    col: int = 0  # columns the container took off the left (markdown indentation)
    dialect: str | None = None  # named by the container (a markdown info string)

    def place(self, span: Span) -> Span:
        """A span in the block as a span in the enclosing file."""
        off = self.line - 1
        return Span(
            span.line + off, span.col + self.col, span.end_line + off, span.end_col + self.col
        )


def is_jcl(lines: list[str]) -> bool:
    for ln in lines[:50]:
        if not ln.strip() or ln.startswith("//*"):
            continue
        return bool(_JOBCARD.match(ln) or _INSTREAM.match(ln) or _UPDTE.match(ln))
    return False


def find(path: str, text: str, mode: str = "auto") -> list[Block] | None:
    """The decks inside `text`, or None when it is not a container (lint it as it is)."""
    if mode == "none":
        return None
    lines = text.splitlines()
    if path.lower().endswith((".md", ".markdown")):
        return _markdown(lines, mode)
    if is_jcl(lines):
        return _jcl(lines, 0)
    return None


def _jcl(lines: list[str], base: int) -> list[Block]:
    """Instream datasets of a job (or a bare IEBUPDTE stream); `base`: lines before `lines`."""
    if lines and _UPDTE.match(lines[0]):
        return _updte(lines, base, "SYSIN")
    out: list[Block] = []
    i = 0
    while i < len(lines):
        m = _INSTREAM.match(lines[i])
        if not m or lines[i].startswith("//*"):
            i += 1
            continue
        ddname, kind, rest = m.group(1) or "SYSIN", m.group(2).upper(), m.group(3)
        d = _DLM.search(rest)
        delim = (d.group(1) or d.group(2)) if d else "/*"
        start = i + 1
        j = start
        while j < len(lines):
            ln = lines[j]
            if ln.startswith(delim) or (kind == "*" and not d and ln.startswith("//")):
                break
            j += 1
        data = lines[start:j]
        if any(_UPDTE.match(ln) for ln in data):
            out.extend(_updte(data, base + start, ddname))
        elif any(ln.strip() for ln in data):
            out.append(Block(ddname.upper(), "\n".join(data) + "\n", base + start + 1))
        i = j + 1 if j < len(lines) and lines[j].startswith(delim) else j
    return out


def _updte(data: list[str], base: int, ddname: str) -> list[Block]:
    out: list[Block] = []
    name: str | None = None
    start = 0
    for k, ln in enumerate([*data, "./ ENDUP"]):
        if not ln.startswith("./"):
            continue
        if name is not None and k > start:
            out.append(Block(name, "\n".join(data[start:k]) + "\n", base + start + 1))
        m = _UPDTE.match(ln)
        name = m.group(2).upper() if m else None
        start = k + 1
    return out


def _markdown(lines: list[str], mode: str) -> list[Block]:
    from decklint import dialects

    out: list[Block] = []
    i = 0
    count = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = len(m.group(1)), m.group(2), m.group(3).lower()
        j = i + 1
        while j < len(lines):
            close = lines[j].lstrip(" ")
            if (
                len(lines[j]) - len(close) <= 3
                and close.startswith(fence)
                and not close.strip(fence[0]).strip()
            ):
                break
            j += 1
        body = lines[i + 1 : j]
        count += 1
        if indent and all(not ln.strip() or ln.startswith(" " * indent) for ln in body):
            body = [ln[indent:] for ln in body]
        else:
            indent = 0
        info = info.removeprefix("decklint-")
        if info == "jcl":
            for b in _jcl(body, i + 1):
                out.append(Block(b.name, b.text, b.line, indent, b.dialect))
        elif info in dialects.REGISTRY:
            out.append(Block(f"block-{count}", "\n".join(body) + "\n", i + 2, indent, info))
        elif mode == "all" and not info and any(ln.strip() for ln in body):
            out.append(Block(f"block-{count}", "\n".join(body) + "\n", i + 2, indent))
        i = j + 1
    return out
