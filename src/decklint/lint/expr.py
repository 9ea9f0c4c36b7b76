"""The rule expression language: parsed with Lark, compiled to closures, never eval'd.

`compile_expr(text, fields)` checks every path against the declared fields of the target
kind (and `opt.NAME` against the rule's options) when the manifest loads, so a typo fails at
start-up, not in the middle of a lint run. Evaluation is null-aware: a comparison with an
unknown (None) value is unknown, and a rule whose `require` is unknown reports nothing.
"""

import functools
import math
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from decklint.lint.regex import Matcher

Env = Mapping[str, Any]
Fn = Callable[[Env], Any]


class ExprError(ValueError):
    """A manifest expression that does not compile (syntax, unknown field or function)."""


@functools.cache
def _parser() -> Any:
    from decklint.platform import larkcache

    return larkcache.parser(Path(__file__).with_name("expr.lark"), "expr", parser="lalr")


# A regular expression is a site's text matched against deck values: matched by an automaton
# without backtracking (`lint.regex`), its work bounded, the subject bounded too.
MAX_PATTERN = 512
MAX_SUBJECT = 4096
# How deep an expression may nest (operands of operands), and how long a number may be.
MAX_DEPTH = 64
MAX_NUMBER = 40


class MatchCut(Exception):
    """`matches()` stopped before it had an answer: the value too long or the match too much
    work. The message says which, for the finding that says the entity was not judged."""


@functools.lru_cache(maxsize=256)
def safe_pattern(pattern: str) -> "Matcher":
    """The pattern as a matcher, or ExprError when it cannot be one."""
    from decklint.lint.regex import Matcher, Refused

    if len(pattern) > MAX_PATTERN:
        raise ExprError(f"regular expression longer than {MAX_PATTERN} characters")
    try:
        return Matcher(pattern)
    except Refused as exc:
        raise ExprError(f"regular expression {pattern[:40]!r}: {exc}") from None


def _matches(s: Any, pattern: Any) -> bool | None:
    if s is None or pattern is None:
        return None
    subject = str(s)
    try:
        compiled = safe_pattern(str(pattern))
    except ExprError:
        return None  # a pattern from an option's value: unknown, as a bad value is
    if len(subject) > MAX_SUBJECT:
        raise MatchCut(
            f"a value of {len(subject):,} characters is longer than matches() reads "
            f"({MAX_SUBJECT:,})"
        )
    return _fullmatch(compiled, subject, str(pattern))


@functools.lru_cache(maxsize=4096)
def _fullmatch(compiled: "Matcher", subject: str, pattern: str) -> bool:
    from decklint.lint.regex import Cut

    try:
        return compiled.fullmatch(subject)
    except Cut:
        raise MatchCut(
            f"matching {pattern[:40]!r} against a value of {len(subject):,} characters takes "
            "more work than a rule may use (write the pattern with fewer repeats)"
        ) from None


def _null_safe(fn: Callable[..., Any]) -> Callable[..., Any]:
    def wrapped(*args: Any) -> Any:
        if any(a is None for a in args):
            return None
        return fn(*args)

    return wrapped


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "len": _null_safe(len),
    "upper": _null_safe(lambda s: str(s).upper()),
    "lower": _null_safe(lambda s: str(s).lower()),
    "matches": _matches,
    "min": _null_safe(min),
    "max": _null_safe(max),
    "abs": _null_safe(abs),
    "ceil": _null_safe(math.ceil),
    "floor": _null_safe(math.floor),
    "defined": lambda x: x is not None,
    "coalesce": lambda *xs: next((x for x in xs if x is not None), None),
}
# `coded('field')` asks whether a field was written in the deck (not a default).
SPECIAL = {"coded"}

_CMP: dict[str, Callable[[Any, Any], bool]] = {
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}
_ARITH: dict[str, Callable[[Any, Any], Any]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b if _numbers(a, b) else None,  # never repeats a text or list
    "/": lambda a, b: a / b if b else None,
    "%": lambda a, b: a % b if b and _numbers(a, b) else None,  # never formats a text
}
# What a value of the wrong type makes an operation raise: the result is unknown, as a
# comparison of unlike values is, never an error of the rule engine.
_MISMATCH = (TypeError, ValueError, OverflowError, ZeroDivisionError)


def _numbers(*xs: Any) -> bool:
    return all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in xs)


class Node(NamedTuple):
    """A parse tree node as plain data (a rule's name, its children: nodes, texts or None)."""

    data: str
    children: tuple[Any, ...]


def _plain(t: Any) -> Any:
    """A Lark tree as `Node`s and strings: the manifest cache then holds no Lark object, and
    loading it does not import Lark (a warm run that parses nothing never needs it)."""
    if t is None:
        return None
    if hasattr(t, "data"):
        return Node(str(t.data), tuple(_plain(c) for c in t.children))
    return str(t)


# Parse trees by expression text: filled from the manifest cache so that a warm start does
# not need the expression grammar at all (see lint.registry).
TREES: dict[str, Node] = {}


def parse_expr(text: str) -> Node:
    tree = TREES.get(text)
    if tree is None:
        from lark.exceptions import LarkError

        try:
            parsed = _parser().parse(text)
        except LarkError as exc:
            first = str(exc).strip().splitlines()[0]
            raise ExprError(f"expression {text[:80]!r} does not parse: {first}") from None
        _check_depth(parsed)
        tree = TREES[text] = _plain(parsed)
    return tree


def _check_depth(tree: Any) -> None:
    """Refuse an expression nested deeper than MAX_DEPTH (walked without recursion)."""
    stack = [(tree, 1)]
    while stack:
        t, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise ExprError(f"expression nests deeper than {MAX_DEPTH} levels")
        stack.extend((c, depth + 1) for c in getattr(t, "children", ()) if hasattr(c, "data"))


def compile_expr(text: str, fields: set[str], options: set[str]) -> Fn:
    return _compile(parse_expr(text), fields, options)


def _compile(t: Any, fields: set[str], options: set[str]) -> Fn:
    kind = t.data
    ch = t.children

    def sub(i: int) -> Fn:
        return _compile(ch[i], fields, options)

    if kind == "number":
        if len(ch[0]) > MAX_NUMBER:
            raise ExprError(f"number {ch[0][:20]}... is longer than {MAX_NUMBER} digits")
        v: Any = float(ch[0]) if "." in ch[0] else int(ch[0])
        return lambda env: v
    if kind == "string":
        try:
            s = bytes(str(ch[0])[1:-1], "utf-8").decode("unicode_escape")
        except UnicodeDecodeError as exc:
            raise ExprError(f"string {str(ch[0])[:40]} has a bad escape: {exc.reason}") from None
        return lambda env: s
    if kind in ("true", "false", "null"):
        c = {"true": True, "false": False, "null": None}[kind]
        return lambda env: c
    if kind == "list_":
        items = [_compile(c, fields, options) for c in ch if c is not None]
        return lambda env: [f(env) for f in items]
    if kind == "path":
        names = [str(c) for c in ch]
        if names[0] == "opt":
            if len(names) != 2 or names[1] not in options:
                raise ExprError(f"unknown option {'.'.join(names)!r} (options: {sorted(options)})")
            key = names[1]
            return lambda env: env["opt"].get(key)
        if len(names) != 1 or names[0] not in fields:
            raise ExprError(f"unknown field {'.'.join(names)!r} (fields: {sorted(fields)})")
        key = names[0]
        return lambda env: env["entity"].value(key)
    if kind == "call":
        name = str(ch[0])
        args = [c for c in ch[1:] if c is not None]
        if name in SPECIAL:
            if len(args) != 1 or args[0].data != "string":
                raise ExprError("coded() takes one field name as a string, e.g. coded('maxout')")
            field = str(args[0].children[0])[1:-1]
            if field not in fields:
                raise ExprError(f"coded(): unknown field {field!r}")
            return lambda env: env["entity"].coded(field)
        fn = FUNCTIONS.get(name)
        if fn is None:
            raise ExprError(f"unknown function {name!r} (functions: {sorted(FUNCTIONS)}, coded)")
        if name == "matches" and len(args) == 2 and args[1].data == "string":
            safe_pattern(_compile(args[1], fields, options)({}))
        argf = [_compile(a, fields, options) for a in args]

        def call(env: Env) -> Any:
            try:
                return fn(*(f(env) for f in argf))
            except _MISMATCH:
                return None

        return call
    if kind == "negate":
        f = sub(0)
        return lambda env: -x if _numbers(x := f(env)) else None
    if kind == "not_":
        f = sub(0)
        return lambda env: None if (x := f(env)) is None else not x
    if kind == "and_":
        a, b = sub(0), sub(1)

        def and_(env: Env) -> Any:
            x = a(env)
            if x is False:
                return False
            y = b(env)
            if y is False:
                return False
            return None if x is None or y is None else True

        return and_
    if kind == "or_":
        a, b = sub(0), sub(1)

        def or_(env: Env) -> Any:
            x = a(env)
            if x is True:
                return True
            y = b(env)
            if y is True:
                return True
            return None if x is None or y is None else False

        return or_
    if kind == "compare":
        a, op, b = sub(0), _CMP[str(ch[1])], sub(2)

        def cmp(env: Env) -> Any:
            x, y = a(env), b(env)
            if x is None or y is None:
                return None
            try:
                return op(x, y)
            except TypeError:
                return None

        return cmp
    if kind in ("in_", "not_in"):
        a, b = sub(0), sub(1)
        neg = kind == "not_in"

        def member(env: Env) -> Any:
            x, y = a(env), b(env)
            if x is None or y is None:
                return None
            try:
                return (x not in y) if neg else (x in y)
            except _MISMATCH:
                return None

        return member
    if kind == "arith":
        a, op, b = sub(0), _ARITH[str(ch[1])], sub(2)

        def arith(env: Env) -> Any:
            x, y = a(env), b(env)
            if x is None or y is None:
                return None
            try:
                return op(x, y)
            except _MISMATCH:
                return None

        return arith
    raise ExprError(f"unsupported expression element {kind}")


# compiled when first used (`re` keeps it): a run that reports nothing renders no message
_PLACEHOLDER = r"\{([A-Za-z_][A-Za-z0-9_.]*)\}"


def template_names(template: str) -> list[str]:
    return re.findall(_PLACEHOLDER, template)


def render(template: str, values: Callable[[str], Any]) -> str:
    """Fill `{name}` placeholders through `values` (never str.format on user data)."""

    def one(m: re.Match[str]) -> str:
        v = values(m.group(1))
        if v is None:
            return "not coded"
        if isinstance(v, float) and v.is_integer():
            return str(int(v))
        if isinstance(v, tuple):
            return "(" + ",".join("" if x is None else str(x) for x in v) + ")"
        return str(v)

    return re.sub(_PLACEHOLDER, one, template)
