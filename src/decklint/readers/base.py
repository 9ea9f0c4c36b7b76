"""What the readers share: a file after reading and parsing (`ParsedFile`), Lark parsers built
once and their errors in plain words, the first words of a file's lines for the content
sniffers, and what a deck's path says: the member it names, the folder of its system."""

import functools
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from pathlib import PurePath
from typing import TYPE_CHECKING, Any, NamedTuple

from decklint.core.findings import Severity
from decklint.core.ir import Diagnostic, LogicalUnit, ReadResult, Statements
from decklint.core.records import record
from decklint.core.source import SourceFile, SourceMap, Span
from decklint.readers import skips

if TYPE_CHECKING:
    pass


@record
class ParsedFile(NamedTuple):
    """A file after reading and parsing: statements, comments and problems. The statements
    are given as `Statements` (every reader makes them; the type checker holds callers to it,
    since a NamedTuple cannot convert a field when it is made)."""

    source: SourceFile
    dialect: str
    statements: Statements
    read: ReadResult
    diagnostics: tuple[Diagnostic, ...]
    macros: tuple[tuple[str, Span], ...] = ()  # MACRO definitions skipped: (name, span)
    # macros of the deck that some call could not expand, and the operations their model
    # statements may generate ("&": an operation decklint cannot know)
    open_macros: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # calls of the deck's own macros that were expanded: (macro, span of what it generated)
    expansions: tuple[tuple[str, Span], ...] = ()


@functools.cache
def lark_parser(grammar: str, start: tuple[str, ...]) -> Any:
    """One memoised LALR parser per grammar, positions from tokens.

    The dialect grammars keep their terminals disjoint, so the basic lexer serves: it builds
    one scanner instead of one per parser state (docs/decisions.md, "Basic lexer").
    """
    from decklint.platform import larkcache
    from decklint.platform.resources import grammar_path

    return larkcache.parser(
        grammar_path(grammar),
        f"{grammar}-{'-'.join(start)}",
        parser="lalr",
        lexer="basic",
        start=list(start),
        maybe_placeholders=True,
    )


_TERMINAL_WORDS = {
    "WORD": "a name or value",
    "QUOTED": "a quoted value such as X'85'",
    "EQ": "'='",
    "LPAR": "'('",
    "RPAR": "')'",
    "COMMA": "','",
    "_WS": "a blank",
    "WS": "a blank",
    "$END": "the end of the statement",
    "NAME": "a keyword",
    "VERB": "a command verb",
    "PVALUE": "a value in parentheses",
    "SEMICOLON": "';'",
    "STAR": "'*'",
    "COLON": "':'",
    "FLAG": "an option such as -o",
}


def _words(expected: Sequence[str]) -> str:
    names = sorted({_TERMINAL_WORDS.get(e.rsplit("__", 1)[-1], e) for e in expected})
    if not names:
        return "something else"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " or " + names[-1]


def _shown(text: str) -> str:
    return text if text.strip() else repr(text)


MAX_NESTING = 64  # parentheses: far beyond any real deck (assembler sublists nest a few levels)


def too_deep(text: str, smap: SourceMap) -> Diagnostic | None:
    """A PRS001 diagnostic when parentheses nest deeper than MAX_NESTING: such a statement is
    not parsed (its tree would exhaust the interpreter's recursion limit), the rest are."""
    if text.count("(") <= MAX_NESTING:
        return None
    depth = 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
            if depth > MAX_NESTING:
                return Diagnostic(
                    "PRS001",
                    smap.span(i, i + 1),
                    f"parentheses nested more than {MAX_NESTING} deep: this statement is not "
                    "read (no real definition nests so deep; is a closing parenthesis missing?)",
                    Severity.ERROR,
                )
        elif ch == ")":
            depth = max(0, depth - 1)
    return None


def parse_unit(parser: Any, unit: LogicalUnit, start: str | None = None) -> Any:
    """The unit's Lark tree, or a PRS001 Diagnostic in plain words: nesting too deep to
    parse, or text the grammar does not accept. Every dialect parses through here."""
    from lark.exceptions import LarkError

    deep = too_deep(unit.text, unit.smap)
    if deep is not None:
        return deep
    try:
        return parser.parse(unit.text, start=start) if start else parser.parse(unit.text)
    except LarkError as exc:
        return lark_error(exc, unit.smap, unit.text)


def parsed_units(
    units: Iterable[LogicalUnit], grammar: str, start: str, diags: list[Diagnostic]
) -> Iterator[tuple[LogicalUnit, Any]]:
    """Each unit with its Lark tree; a unit that does not parse becomes a PRS001 diagnostic
    (appended to `diags`) and the next one is read."""
    parser = lark_parser(grammar, (start,))
    for unit in units:
        tree = parse_unit(parser, unit)
        if isinstance(tree, Diagnostic):
            diags.append(tree)
            continue
        yield unit, tree


# A line's first word, then what follows it: '=' or ',' (no more words), or an optional '('
# and two more words. Written without lookahead, as every pattern detection reads: the
# editors' detectors read them too, and Emacs has none (scripts/editor_tables.py). Compiled
# when first used: a deck whose name tells its dialect is read without it.
@functools.cache
def _head() -> re.Pattern[str]:
    return re.compile(
        r"[ \t]*(?:\d*->[ \t]*)?([^\s(=,;]*)[ \t]*"
        r"(?:([=,])|(\(?)[ \t(]*([^\s(=,;]*)[ \t(]*([^\s(=,;]*))"
    )


class Head(NamedTuple):
    """The first three words of a line, upper case, cut at '(', '=', ',' and ';'."""

    a: str
    b: str
    c: str
    sep: str  # what follows the first word: "(", "=", ",", " " (another word) or "" (nothing)

    @property
    def keyword(self) -> str:
        """The statement's keyword: the first word, or the second after a `SYSNAME:` prefix."""
        return self.b if self.a.endswith(":") else self.a


# The file whose line heads were computed last, its heads (None for a line without one) and
# those of its heads that are lines with a word, for each count of lines asked: the sniffers
# of one file ask in turn. Kept by identity, as hashing a whole file to look it up costs what
# computing the heads does.
_LAST: list[Any] = [None, (), {}]
_NEW = tuple.__new__
_HEAD_LINES = 800


def _heads(src: SourceFile) -> tuple[Head | None, ...]:
    if _LAST[0] is src:
        heads: tuple[Head | None, ...] = _LAST[1]
        return heads
    out: list[Head | None] = []
    add = out.append
    match = _head().match
    for ln in src.lines[:_HEAD_LINES]:
        m = match(ln)
        if m is None:
            add(None)
            continue
        a, mark, paren, b, c = m.groups(default="")
        if a:
            sep = mark or paren or (" " if b else "")
            add(_NEW(Head, (a.upper(), b.upper(), c.upper(), sep)))  # as Head(...) builds it
        else:
            add(None)
    _LAST[0], _LAST[1], _LAST[2] = src, tuple(out), {}
    return _LAST[1]  # type: ignore[no-any-return]


def line_heads(src: SourceFile, lines: int = _HEAD_LINES) -> tuple[Head, ...]:
    """The heads of the first `lines` lines (at most 800) that have a word first (a prompt
    such as `1->` left out): what the content sniffers of keyword formats look at. Computed
    once per file however many dialects sniff it."""
    heads = _heads(src)
    kept: dict[int, tuple[Head, ...]] = _LAST[2]
    got = kept.get(lines)
    if got is None:
        got = kept[lines] = tuple(h for h in heads[:lines] if h is not None)
    return got


# The file whose words `may_hold` looked for last, and its first lines in upper case (None
# when they hold a character beyond ASCII).
_UPPER: list[Any] = [None, None]


def may_hold(src: SourceFile, words: Iterable[str]) -> bool:
    """Whether the first 800 lines (more than any sniffer reads) may hold one of `words`
    (upper case, a blank standing for a blank or a tab) in any case: False only when none of
    them is there.

    A content sniffer whose pattern cannot match without one of them (each alternative of
    the pattern spells one, in any case) answers 0 at once when this is False: the same
    score, for a few string searches instead of a pattern tried at every line of a file of
    another product. Text with a character beyond ASCII always may: a pattern matched in any
    case takes the Kelvin sign for a K and a dotted capital I for an I, which no upper-case
    search finds. `skips.ALWAYS` makes every file hold every word (tests/test_detect_guards.py
    holds the two equal). A word after a blank is looked for without it first: a search for
    a text that starts with a blank, the commonest character, takes a few times as long."""
    if _UPPER[0] is not src:
        text = "\n".join(src.lines[:_HEAD_LINES])
        _UPPER[0], _UPPER[1] = src, text.upper().replace("\t", " ") if text.isascii() else None
    upper: str | None = _UPPER[1]
    if upper is None or skips.ALWAYS:
        return True
    return any((w[0] != " " or w[1:] in upper) and w in upper for w in words)


def may_start(src: SourceFile, lines: int, first: Callable[[Head], bool]) -> bool:
    """Whether one of the first `lines` lines may start as `first` says (its `line_heads`):
    the look of a sniffer whose pattern, anchored at a line's start, cannot match a line whose
    first word is not one of its own. `skips.ALWAYS` makes every file start so."""
    return skips.ALWAYS or any(first(h) for h in line_heads(src, lines))


# The file whose line keywords `may_start_with` gathered last, and the keywords of its first
# lines by the count of lines asked.
_KEYWORDS: list[Any] = [None, {}]


def may_start_with(src: SourceFile, lines: int, words: Collection[str]) -> bool:
    """Whether one of the first `lines` lines may have one of `words` for its keyword: the
    look of a sniffer whose every strong line starts with one of its own words, answered
    from `line_keywords`. `skips.ALWAYS` makes every file start so."""
    return skips.ALWAYS or not line_keywords(src, lines).isdisjoint(words)


def line_keywords(src: SourceFile, lines: int) -> frozenset[str]:
    """The first words of the heads of the first `lines` lines, and the keyword after each
    `SYSNAME:` prefix (`Head.keyword`): gathered once a file however many sniffers ask."""
    if _KEYWORDS[0] is not src:
        _KEYWORDS[0], _KEYWORDS[1] = src, {}
    kept: dict[int, frozenset[str]] = _KEYWORDS[1]
    got = kept.get(lines)
    if got is None:
        heads = line_heads(src, lines)
        firsts = {h.a for h in heads}
        if any(a.endswith(":") for a in firsts):  # a prefix: its line's keyword is the next word
            firsts |= {h.b for h in heads if h.a.endswith(":")}
        got = kept[lines] = frozenset(firsts)
    return got


def sniff_keywords(
    src: SourceFile,
    strong: Callable[[Head], bool],
    known: Callable[[], Collection[str]],
    comments: tuple[str, ...],
    score: tuple[float, float, float],
    first: Collection[str],
) -> float:
    """A content score for a format of one `KEYWORD value` statement a line (TSM options,
    TCPIP.DATA, FTP.DATA, BPXPRMxx), from positive evidence only.

    0 without a line `strong` accepts: a keyword only this format has, in the shape it is
    written in. Then the file's statements must be the product's: each line that is no
    comment (it starts with one of `comments`) starts with a keyword the product knows
    (`known`, from its catalog: read only then), every line when `strong` found one or two,
    half of them at least when it found more. So a text or a script that names an option
    now and then is not taken for the product's file, and a member of one statement is.
    The score: `base + step` a strong line, at most `top` (`score` is base, step, top).
    `first`: the keywords a strong line starts with (`may_start_with`); a file whose lines
    start with none of them has none."""
    if not may_start_with(src, _HEAD_LINES, first):
        return 0.0
    heads = line_heads(src)
    n = sum(1 for h in heads if strong(h))
    if n == 0:
        return 0.0
    names = known()
    lines = [h for h in heads if not h.a.startswith(comments)]
    good = sum(1 for h in lines if h.keyword in names)
    if good < (len(lines) if n < 3 else (len(lines) + 1) // 2):
        return 0.0
    base, step, top = score
    return min(base + step * n, top)


def sniff_count(
    src: SourceFile, pattern: re.Pattern[str], lines: int, base: float, step: float, top: float
) -> float:
    """A content score from how often `pattern` matches the first `lines` lines: 0 without a
    match, else `base` plus `step` a match, at most `top`."""
    n = len(pattern.findall("\n".join(src.lines[:lines])))
    return 0.0 if n == 0 else min(base + step * n, top)


def unknown_name(span: Span, what: str, known: Iterable[str]) -> Diagnostic:
    """PRS002 for a name a dialect's tables do not hold: an error with a suggestion when it
    is a near miss of a known one, else information (kept, not modelled)."""
    from decklint.core.findings import Severity
    from decklint.knowledge.schema import suggest

    name = what.split()[-1]
    guess = suggest(name, sorted(known))
    hint = f"; did you mean {guess}?" if guess else "; it is kept but not modelled"
    return Diagnostic(
        "PRS002", span, f"{what} is not known{hint}", Severity.ERROR if guess else None
    )


def lark_error(exc: Exception, smap: SourceMap, text: str) -> Diagnostic:
    """A Lark exception on one logical unit as a PRS001 diagnostic in plain words."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    pos = getattr(exc, "pos_in_stream", None)
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        pos = tok.start_pos if tok.start_pos is not None else len(text)
        if tok.type == "$END":
            what = "the statement ends too early"
            pos = len(text.rstrip())
        else:
            what = f"unexpected {_shown(str(tok))!s}"
        msg = f"{what}; expected {_words(sorted(exc.expected))}"
    elif isinstance(exc, UnexpectedCharacters):
        at = exc.pos_in_stream or 0
        ch = text[at] if at < len(text) else ""
        allowed = sorted(exc.allowed) if exc.allowed else []
        msg = f"unexpected character {ch!r}"
        if allowed:
            msg += f"; expected {_words(allowed)}"
    elif isinstance(exc, UnexpectedEOF):
        pos = len(text)
        msg = f"the statement ends too early; expected {_words(sorted(exc.expected))}"
    else:
        msg = str(exc).splitlines()[0]
    unquoted = re.sub(r"'(?:[^']|'')*'", "", text)
    if unquoted.count("(") > unquoted.count(")"):
        msg += " (a '(' is not closed)"
    elif unquoted.count(")") > unquoted.count("("):
        msg += " (a ')' has no matching '(')"
    pos = 0 if pos is None else max(0, min(pos, max(len(text) - 1, 0)))
    span = smap.span(pos, pos + 1) if text else Span.point(1, 1)
    return Diagnostic("PRS001", span, msg)


# Folders named after a system's libraries: the system is the folder that holds them
# (SYSA/VTAMLST, SYSA/TCPPARMS and SYSA/PARMLIB are one system, SYSA; SYSA/SYSIN holds the
# CICS regions' SIT overrides, IBM's DFH$SIPn members).
_LIBRARY = re.compile(r"VTAMLST|VTAMSRC|VTAMLIB|TCPPARMS|PARMLIB|PROCLIB|NCPSRC|DFHCSD|SYSIN")


def library_folder(folder: PurePath) -> PurePath:
    """The folder that stands for a system: the one above a folder named after a library."""
    if _LIBRARY.search(folder.name.upper()) and folder.parent != folder:
        return folder.parent
    return folder


_MEMBER = re.compile(r"\(([^()/\\]+?)(?:#\d+)?\)$")


def member_name(path: str) -> str | None:
    """The member a deck's path names: `SYS1.VTAMLST(ATCCON00)`, and a deck cut out of a job
    (`LOAD.jcl(ATCCON00)`, `LOAD.jcl(ATCCON00#2)` for the second of that name); else None."""
    m = _MEMBER.search(re.split(r"[\\/]", path)[-1])
    return m.group(1) if m else None


def deck_member(path: str) -> str:
    """The member a deck is, as written: the one its path names, else its file name up to
    the first dot (`VTAMLST/APTSO.vtam` is APTSO)."""
    return member_name(path) or PurePath(path).name.split(".")[0]
