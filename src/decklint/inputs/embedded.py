"""Decks kept inside other files: decks in jobs (JCL in-stream data, IEBUPDTE members,
assembler source), and markdown fences.

Public decks often live in the job that loads them or in documentation (fenced blocks).
`read` cuts them out verbatim, with the line of the enclosing file where each begins, so every
finding can be reported at the line of the file the user owns (`Block.place`), and says what
the job tells about them (`Found.remarks`). Which data of a job is a deck, and what it is
called, is `decklint.inputs.jobs`; how JCL and IEBUPDTE are read, `decklint.inputs.jcl` and
`decklint.inputs.updte`. Lines are the file's lines as every reader splits them
(`decklint.core.source.split_lines`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from decklint.core.source import Span, split_lines
from decklint.inputs import jobs, updte
from decklint.inputs.jcl import Remark

MODES = ("auto", "all", "none")

_FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})\s*([^\s`]*)")


@dataclass(frozen=True)
class Block:
    """A deck cut out of an enclosing file."""

    name: str  # member, table, DD name or "block-N": used for dialect detection and messages
    text: str  # the deck's lines; control statements among a member's records are blank
    line: int  # line of the enclosing file that holds the block's first line
    col: int = 0  # columns the container took off the left (markdown indentation)
    dialect: str | None = None  # named by the container (a markdown info string)
    card: Span | None = None  # the statement that brings it (its ADD card, its DD statement)
    step: str = ""  # the job step that reads it ("BUILD", "BUILD.C")
    dd: str = ""  # its DD statement's name as written ("SYSIN", "C.SYSIN")
    control: updte.Control | None = None  # the IEBUPDTE statement that writes it, operands kept

    def place(self, span: Span) -> Span:
        """A span in the block as a span in the enclosing file."""
        off = self.line - 1
        return Span(
            span.line + off, span.col + self.col, span.end_line + off, span.end_col + self.col
        )


@dataclass(frozen=True)
class Found:
    """The decks inside a file, and what its jobs say about them."""

    blocks: list[Block]
    remarks: tuple[Remark, ...] = ()


def find(path: str, text: str, mode: str = "auto") -> list[Block] | None:
    """The decks inside `text`, or None when it is not a container (lint it as it is)."""
    got = read(path, text, mode)
    return None if got is None else got.blocks


def read(path: str, text: str, mode: str = "auto") -> Found | None:
    """The decks inside `text` and what the jobs holding them say, or None when it is not a
    container (lint it as it is)."""
    if mode == "none":
        return None
    lines = list(split_lines(text))
    if path.lower().endswith((".md", ".markdown")):
        return _markdown(lines, mode)
    if jobs.is_job(lines):
        return _jcl(lines, 0)
    return None


def _jcl(lines: list[str], base: int, col: int = 0) -> Found:
    """The decks of a job whose first line is line `base + 1` of the file, `col` columns in."""
    got = jobs.read(lines, base)
    blocks = []
    for d in got.decks:
        body = ["" if k in d.skipped else lines[k] for k in range(d.start, d.end)]
        card = Span(d.card.line, d.card.col + col, d.card.end_line, d.card.end_col + col)
        blocks.append(
            Block(
                d.name,
                "\n".join(body) + "\n",
                base + d.start + 1,
                col,
                d.dialect,
                card=card,
                step=d.step,
                dd=d.dd,
                control=d.control,
            )
        )
    return Found(blocks, tuple(r.moved(0, col) for r in got.remarks))


def _markdown(lines: list[str], mode: str) -> Found:
    from decklint import dialects

    out: list[Block] = []
    remarks: list[Remark] = []
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
            got = _jcl(body, i + 1, indent)
            out.extend(got.blocks)
            remarks.extend(got.remarks)
        elif info in dialects.REGISTRY:
            out.append(Block(f"block-{count}", "\n".join(body) + "\n", i + 2, indent, info))
        elif mode == "all" and not info and any(ln.strip() for ln in body):
            out.append(Block(f"block-{count}", "\n".join(body) + "\n", i + 2, indent))
        i = j + 1
    return Found(out, tuple(remarks))
