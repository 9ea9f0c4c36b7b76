"""A matcher without backtracking for the regular expressions of site rules.

A site's pattern is text from its repository matched against deck values. Python's `re`
backtracks: `a*a*a*a*a*b` on 4,000 characters takes it 40 seconds. Here the pattern, read by
Python's own parser (so its syntax and meaning are `re`'s), becomes a Thompson automaton, and
a match follows every path at once: the work grows with the subject's length times the
automaton's size, never exponentially or polynomially in the subject.

What it takes: characters, classes (`[...]`, `\\d`, `\\w`, `\\s`, `.`), groups, alternatives,
repeats (`*`, `+`, `?`, `{m,n}`, greedy or lazy: a whole match does not care), anchors (`^`,
`$`, `\\A`, `\\Z`, `\\b`, `\\B`) and the flags `i`, `s`, `m`, `a`, `x`. What it refuses (with
ExprError, naming it): backreferences, lookaround, possessive repeats and atomic groups, and
an automaton of more than `MAX_STATES` states (`x{1000}` is a thousand states). A match that
would take more than `MAX_STEPS` steps is cut (`Cut`) rather than left to run.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from typing import Any

MAX_STATES = 2_000
MAX_STEPS = 1_000_000  # states visited in one match: well under a second


class Refused(ValueError):
    """A pattern outside what this matcher takes; the message says what and why."""


class Cut(Exception):
    """A match that would have taken more than MAX_STEPS steps."""


_new = hasattr(re, "_parser")
_sre: Any = importlib.import_module("re._parser" if _new else "sre_parse")
_c: Any = importlib.import_module("re._constants" if _new else "sre_constants")

_CHAR, _SPLIT, _ASSERT, _MATCH = 0, 1, 2, 3
Pred = Callable[[str], bool]


def _word(ch: str, ascii_only: bool) -> bool:
    if ascii_only:
        return ch.isascii() and (ch.isalnum() or ch == "_")
    return ch.isalnum() or ch == "_"


def _category(cat: Any, ascii_only: bool) -> Pred:
    if cat == _c.CATEGORY_DIGIT:
        return (lambda ch: "0" <= ch <= "9") if ascii_only else str.isdecimal
    if cat == _c.CATEGORY_NOT_DIGIT:
        d = _category(_c.CATEGORY_DIGIT, ascii_only)
        return lambda ch: not d(ch)
    if cat == _c.CATEGORY_SPACE:
        return (lambda ch: ch in " \t\n\r\f\v") if ascii_only else str.isspace
    if cat == _c.CATEGORY_NOT_SPACE:
        s = _category(_c.CATEGORY_SPACE, ascii_only)
        return lambda ch: not s(ch)
    if cat == _c.CATEGORY_WORD:
        return lambda ch: _word(ch, ascii_only)
    if cat == _c.CATEGORY_NOT_WORD:
        return lambda ch: not _word(ch, ascii_only)
    raise Refused(f"the class {cat} is not supported")


def _between(lo: str, hi: str) -> Pred:
    return lambda ch: lo <= ch <= hi


def _caseless(pred: Pred) -> Pred:
    return lambda ch: pred(ch) or pred(ch.lower()) or pred(ch.upper())


class _Flags:
    def __init__(self, flags: int) -> None:
        self.i = bool(flags & re.IGNORECASE)
        self.s = bool(flags & re.DOTALL)
        self.m = bool(flags & re.MULTILINE)
        self.a = bool(flags & re.ASCII)

    def changed(self, add: int, remove: int) -> _Flags:
        out = _Flags(0)
        out.i, out.s, out.m, out.a = self.i, self.s, self.m, self.a
        for flag, on in ((add, True), (remove, False)):
            if flag & re.IGNORECASE:
                out.i = on
            if flag & re.DOTALL:
                out.s = on
            if flag & re.MULTILINE:
                out.m = on
            if flag & re.ASCII:
                out.a = on
        return out


class Matcher:
    """A pattern as an automaton: `fullmatch(subject)` as `re.fullmatch` answers it."""

    def __init__(self, pattern: str) -> None:
        try:
            parsed = _sre.parse(pattern)
        except (re.error, RecursionError, OverflowError) as exc:
            raise Refused(f"does not compile: {exc}") from None
        self.kind: list[int] = []
        self.arg: list[Any] = []
        self.out: list[Any] = []
        done = self._add(_MATCH, None, None)
        self.start = self._seq(list(parsed), done, _Flags(parsed.state.flags))

    def _add(self, kind: int, arg: Any, out: Any) -> int:
        if len(self.kind) >= MAX_STATES:
            raise Refused(
                f"needs more than {MAX_STATES} states (large counted repeats such as x{{1000}})"
            )
        self.kind.append(kind)
        self.arg.append(arg)
        self.out.append(out)
        return len(self.kind) - 1

    def _seq(self, items: list[Any], nxt: int, flags: _Flags) -> int:
        for op, arg in reversed(items):
            nxt = self._item(op, arg, nxt, flags)
        return nxt

    def _item(self, op: Any, arg: Any, nxt: int, flags: _Flags) -> int:
        c = _c
        if op in (c.LITERAL, c.NOT_LITERAL, c.ANY, c.IN):
            return self._add(_CHAR, self._pred(op, arg, flags), nxt)
        if op == c.BRANCH:
            return self._add(_SPLIT, [self._seq(list(alt), nxt, flags) for alt in arg[1]], None)
        if op == c.SUBPATTERN:
            _group, add, remove, sub = arg
            return self._seq(list(sub), nxt, flags.changed(add or 0, remove or 0))
        if op in (c.MAX_REPEAT, c.MIN_REPEAT):
            return self._repeat(arg, nxt, flags)
        if op == c.AT:
            return self._add(_ASSERT, (arg, flags.m, flags.a), nxt)
        names = {
            c.GROUPREF: "backreferences",
            c.GROUPREF_EXISTS: "conditional groups",
            c.ASSERT: "lookaround",
            c.ASSERT_NOT: "lookaround",
        }
        raise Refused(f"{names.get(op, str(op).lower().replace('_', ' ') + 's')} are not supported")

    def _repeat(self, arg: Any, nxt: int, flags: _Flags) -> int:
        low, high, item = arg
        body = list(item)
        if high == _c.MAXREPEAT:
            loop = self._add(_SPLIT, [], None)
            self.arg[loop] = [self._seq(body, loop, flags), nxt]
            head = loop
        else:
            head = nxt
            for _ in range(high - low):
                head = self._add(_SPLIT, [self._seq(body, head, flags), nxt], None)
        for _ in range(low):
            head = self._seq(body, head, flags)
        return head

    def _pred(self, op: Any, arg: Any, flags: _Flags) -> Pred:
        c = _c
        pred: Pred
        if op == c.ANY:
            return (lambda ch: True) if flags.s else (lambda ch: ch != "\n")
        if op in (c.LITERAL, c.NOT_LITERAL):
            want = chr(arg)
            pred = want.__eq__
            if flags.i:
                pred = _caseless(pred)
            if op == c.NOT_LITERAL:
                inner = pred
                return lambda ch: not inner(ch)
            return pred
        negate = False
        parts: list[Pred] = []
        for kind, value in arg:
            if kind == c.NEGATE:
                negate = True
            elif kind == c.LITERAL:
                parts.append(chr(value).__eq__)
            elif kind == c.RANGE:
                parts.append(_between(chr(value[0]), chr(value[1])))
            elif kind == c.CATEGORY:
                parts.append(_category(value, flags.a))
            else:
                raise Refused(f"{str(kind).lower()} in a class is not supported")
        literal = "".join(chr(v) for k, v in arg if k == c.LITERAL)
        if len(parts) == len(literal):  # letters only: one look in a set
            chars = frozenset(literal)
            pred = chars.__contains__
        else:
            pred = lambda ch: any(p(ch) for p in parts)  # noqa: E731
        if flags.i:
            pred = _caseless(pred)
        if negate:
            inner = pred
            return lambda ch: not inner(ch)
        return pred

    def _holds(self, at: tuple[Any, bool, bool], s: str, pos: int) -> bool:
        where, multiline, ascii_only = at
        c = _c
        end = len(s)
        if where == c.AT_BEGINNING_STRING:
            return pos == 0
        if where == c.AT_BEGINNING:
            return pos == 0 or (multiline and s[pos - 1] == "\n")
        if where == c.AT_END_STRING:
            return pos == end
        if where == c.AT_END:
            return (
                pos == end
                or (pos == end - 1 and s[pos] == "\n")
                or (multiline and pos < end and s[pos] == "\n")
            )
        before = pos > 0 and _word(s[pos - 1], ascii_only)
        after = pos < end and _word(s[pos], ascii_only)
        if where == c.AT_BOUNDARY:
            return before != after
        if where == c.AT_NON_BOUNDARY:
            return before == after
        raise Refused(f"the anchor {where} is not supported")

    def fullmatch(self, s: str, budget: int = MAX_STEPS) -> bool:
        """Whether the whole of `s` matches; Cut when that takes more than `budget` steps."""
        kind, arg, out = self.kind, self.arg, self.out
        steps = 0

        def closure(todo: list[int], pos: int) -> list[int]:
            nonlocal steps
            seen: set[int] = set()
            keep: list[int] = []
            while todo:
                st = todo.pop()
                if st in seen:
                    continue
                seen.add(st)
                k = kind[st]
                if k == _SPLIT:
                    todo.extend(reversed(arg[st]))
                elif k == _ASSERT:
                    if self._holds(arg[st], s, pos):
                        todo.append(out[st])
                else:
                    keep.append(st)
            steps += len(seen)
            if steps > budget:
                raise Cut
            return keep

        current = closure([self.start], 0)
        for pos, ch in enumerate(s):
            step = [out[st] for st in current if kind[st] == _CHAR and arg[st](ch)]
            if not step:
                return False
            current = closure(step, pos + 1)
        return any(kind[st] == _MATCH for st in current)
