"""The fuzzer's format round trip: lint -> format -> format -> lint, on random card decks with
remarks, markup and line ends (benchmarks/fuzz.py runs it among its other cases).

A deck is generated as VTAM's application major nodes are written: statements on cards with
remarks beside their operands, comment cards, sequence numbers or none, continuation marks
of several characters; its remarks (and comments) hold what pages and editors leave in decks
(`&amp;`, `<b>`, `<u>`, no-break and zero-width spaces) without moving a column, and its
lines end in LF, CRLF, both (the first line CRLF, the rest LF) or either at random, with a
final line end or none. Some decks then get the faults `decklint format` undoes: a mark an
edit pushed to column 73 or pulled into column 71, a card continued in column 17, operands
that run past column 71.

`judge` says what went wrong, or None:

* formatting twice is formatting once;
* no byte of markup or Unicode blank is lost or added (a remark keeps its characters);
* every line keeps its own line end (lines a statement gains take one of its own);
* a deck with no fault (its markup in remarks only) is read as written: no error or warning
  from the reader, and it is formatted (its remarks aligned, say), not left as it is;
* the formatted deck has no error the deck did not have, of the reader or any rule.
"""

from __future__ import annotations

import difflib
import random
import re
from dataclasses import dataclass

from decklint import api
from decklint.core.findings import Finding, Severity
from decklint.fmt import Settings, format_text

# What a page or an editor leaves in a deck's remarks (each written where it takes no more
# room than the remark has: the deck's columns are as written).
MARKS_IN_REMARKS = ["&amp;", "<b>", "</b>", "<u>", "</u>", "&lt;", "&gt;", "\u00a0", "\u200b"]
MARKUP = re.compile(r"&(?:amp|lt|gt|nbsp);|</?[bu]>|[\u00a0\u200b]")
WORDS = ["TSO", "CICS", "FIRST", "TEST", "R&amp;D", "LAB", "NOTE", "SEE", "BATCH", "MODE"]
OPERANDS = [
    "AUTH=(ACQ,PASS)",
    "AUTH=(NOACQ,PASS,TSO)",
    "EAS=10",
    "EAS=1",
    "PARSESS=YES",
    "SONSCIP=NO",
    "VPACING=8",
    "MODETAB=ISTINCLM",
    "DLOGMOD=D4A32782",
    "SRBEXIT=YES",
]
ENDS = ("lf", "crlf", "first-crlf", "random")


@dataclass(frozen=True)
class Case:
    """A generated deck: its text, whether faults were put in, and how its lines end."""

    text: str
    faults: tuple[str, ...]
    ends: str


def _remark(rnd: random.Random, room: int) -> str:
    """Words with markup, at most `room` characters as written."""
    out = ""
    for _ in range(rnd.randint(1, 4)):
        word = rnd.choice(WORDS)
        if rnd.random() < 0.5:
            mark = rnd.choice(MARKS_IN_REMARKS)
            word = f"<b>{word}</b>" if mark in ("<b>", "</b>") else word + mark
        nxt = f"{out} {word}" if out else word
        if len(nxt) > room:
            break
        out = nxt
    return out


def _statement(rnd: random.Random, name: str, seq: list[int] | None, mark: str) -> list[str]:
    """The cards of one APPL (name, operation, operands on one card or more, remarks)."""
    ops = [f"ACBNAME={name}", *rnd.sample(OPERANDS, rnd.randint(0, 4))]
    groups: list[list[str]] = [[]]
    for op in ops:
        if groups[-1] and (rnd.random() < 0.4 or sum(map(len, groups[-1])) > 24):
            groups.append([])
        groups[-1].append(op)
    cards = []
    for i, group in enumerate(groups):
        last = i == len(groups) - 1
        field = ",".join(group) + ("" if last else ",")
        head = f"{name:<8} APPL  " if i == 0 else " " * 15
        text = head + field
        if rnd.random() < 0.6:
            col = max(len(text) + 2, rnd.choice([36, 40, 46]))
            remark = _remark(rnd, 70 - col)
            if remark:
                text = text.ljust(col - 1) + remark
        text = text.ljust(71) + (mark if not last else " ")
        if seq is not None:
            seq[0] += 100
            text += f"{seq[0]:08d}"
        cards.append(text.rstrip() if seq is None else text)
    return cards


def deck(rnd: random.Random) -> Case:
    """A random deck (see the module's notes)."""
    seq = [0] if rnd.random() < 0.5 else None
    mark = rnd.choice("X*+-C")
    lines = []
    comment = "* APPLICATIONS " + _remark(rnd, 40)
    lines.append(comment if seq is None else comment.ljust(72) + "00000000")
    head = "         VBUILD TYPE=APPL"
    lines.append(head if seq is None else head.ljust(72) + "00000050")
    for i in range(rnd.randint(1, 8)):
        lines += _statement(rnd, f"A{i:03d}{rnd.choice('XYZ')}", seq, mark)
        if rnd.random() < 0.2:
            lines.append("* " + _remark(rnd, 60))
    faults: list[str] = []
    if rnd.random() < 0.5:
        lines, faults = _faults(rnd, lines)
    ends = rnd.choice(ENDS)
    text = "".join(ln + _end(rnd, ends, k) for k, ln in enumerate(lines))
    if rnd.random() < 0.2:
        text = text.rstrip("\r\n")
    return Case(text, tuple(faults), ends)


def _end(rnd: random.Random, ends: str, k: int) -> str:
    if ends == "crlf" or (ends == "first-crlf" and k == 0):
        return "\r\n"
    if ends == "random":
        return rnd.choice(["\n", "\r\n"])
    return "\n"


def _faults(rnd: random.Random, lines: list[str]) -> tuple[list[str], list[str]]:
    """One or two of the faults `decklint format` undoes, each where it can be."""
    out = list(lines)
    done: list[str] = []
    for _ in range(rnd.randint(1, 2)):
        k = rnd.randrange(len(out))
        ln = out[k]
        nxt = out[k + 1] if k + 1 < len(out) else ""
        marked = len(ln) >= 72 and ln[71] != " " and ln[70] == " "
        kind = rnd.choice(["push", "pull", "late", "past"])
        if kind == "push" and marked:
            out[k] = ln[:71] + " " + ln[71:]
        elif kind == "pull" and marked and ln[69] == " ":
            out[k] = ln[:70] + ln[71] + " " + ln[72:]
        elif kind == "late" and ln.startswith(" " * 15) and ln[15] != " " and k > 0:
            out[k] = " " + ln
        elif kind == "past" and not marked and not nxt.startswith(" " * 15) and "=" in ln:
            body = ln[:71].rstrip()
            if len(body) < 60 and "  " not in body.strip():
                out[k] = body + ",EAS=" + "9" * (75 - len(body))
        else:
            continue
        done.append(kind)
    return out, done


@dataclass(frozen=True)
class Trip:
    """One round trip: the findings before, the text formatted once and twice, the findings
    after, and the decks left alone."""

    before: list[Finding]
    once: str
    twice: str
    after: list[Finding]
    left: tuple[tuple[str, str], ...]


def round_trip(case: Case, name: str = "deck.vtam") -> Trip:
    """lint -> format -> format -> lint (the library, as the command line runs them)."""
    before = api.lint_texts({name: case.text}).findings
    first = format_text(name, case.text, Settings())
    second = format_text(name, first.text, Settings())
    after = api.lint_texts({name: second.text}).findings
    return Trip(before, first.text, second.text, after, first.left)


def judge(case: Case, trip: Trip) -> str | None:
    """What the round trip got wrong (see the module's notes), or None."""
    if trip.twice != trip.once:
        return "formatting twice is not formatting once"
    if MARKUP.findall(trip.once) != MARKUP.findall(case.text):
        return "markup or a Unicode blank was lost or added"
    why = _line_ends(case.text, trip.once)
    if why:
        return why
    if not case.faults:
        said = [f for f in trip.before if f.code == "PRS001" and f.severity != Severity.INFO]
        if said:
            return f"a deck valid as written reads with a fault: {_said(said[0])}"
        if trip.left:
            return f"a deck valid as written is left as it is: {trip.left[0][1][:90]}"
    gained = _errors(trip.after) - _errors(trip.before)
    if gained:
        return f"formatting gave errors: {sorted(gained)[:3]}"
    return None


def _errors(found: list[Finding]) -> set[tuple[str, str]]:
    return {(f.code, re.sub(r"\d+", "N", f.message)) for f in found if f.severity == Severity.ERROR}


def _said(f: Finding) -> str:
    return f"{f.span.line}:{f.span.col} {f.code} {f.message[:80]}"


def _line_ends(before: str, after: str) -> str | None:
    old, new = _split(before), _split(after)
    matcher = difflib.SequenceMatcher(None, [b for b, _ in old], [b for b, _ in new], False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        had = [e for _, e in old[i1:i2]]
        got = [e for _, e in new[j1:j2]]
        if tag == "equal" and had != got:
            return f"line {j1 + 1}: a line kept its text but not its line end"
        if tag != "equal" and not set(got) <= set(had) | {e for _, e in old[max(i1 - 1, 0) : i2]}:
            return f"line {j1 + 1}: a line end the statement's lines did not have"
    return None


def _split(text: str) -> list[tuple[str, str]]:
    """The text's lines, each with its line end ('' for a last line without one)."""
    out: list[tuple[str, str]] = []
    at = 0
    for m in re.finditer(r"([^\r\n]*)(\r\n|\n|\r)", text):
        out.append((m.group(1), m.group(2)))
        at = m.end()
    if at < len(text):
        out.append((text[at:], ""))
    return out
