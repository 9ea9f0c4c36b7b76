"""The colours and editing rules of the extension's languages: a TextMate grammar and a language
configuration for each, written from what decklint's readers accept.

Card decks (VTAM, NCP, EZACICD as assembler macros; CICS DFHCSDUP commands) are read by column:
columns 1-71 hold the statement, a mark in column 72 continues it, columns 73-80 (and anything
beyond) are sequence data that nothing reads, so the grammar splits every card into those three
fields before it looks inside the first. A macro card's fields are its label (column 1), its
operation and its operands up to the first blank outside quotes; the rest is a remark. A card
after a marked one is a continuation: its operands resume in column 16 (or, in a start list, in
column 1), anything else on it is a remark, as the card reader takes it
(src/decklint/readers/cards.py). A comment card is `*` or `.*` in column 1, and a comment card
whose column 72 is marked (column 71 blank) makes the next card a comment too.

Free-format members (TCP/IP profiles, TCPIP.DATA, BPXPRMxx, ...) have each their dialect's
comments (`FREE`), quoted strings, numbers and addresses, `KEYWORD(value)` and
`keyword=value`, and the word in column 1 as the statement's name.

Not part of the package: languages.py writes these files with package.json
(`python editors/vscode/languages.py --write`), and tests/test_vscode_extension.py fails when
they are out of step.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from decklint.dialects.cics.reader import _VERBS as CSD_VERBS  # the verbs and their abbreviations
from decklint.readers.cards import NO_OPERAND_OPS, RESUME_COL, TEXT_END

Json = dict[str, Any]

CARD_DIALECTS = ("vtam", "ncp", "ezacicd")  # assembler-macro card decks
CSD_DIALECTS = ("cics",)  # DFHCSDUP commands on cards


class Free(NamedTuple):
    """How a free-format dialect's reader takes its text.

    Comments: `anywhere`, a prefix that starts a comment wherever it stands outside quotes;
    `line`, one that does so as the first text of a line; `column1`, one that does so in
    column 1 only, a line that starts with a blank being taken for a comment too when
    `indented`; `block`, `/* ... */`, over several lines if need be. `toggle` is what comment
    toggling writes (the dialect's first comment prefix, which suppressions use too).

    Statements (`where`): "first", a statement of the catalog first on its line (after a
    `NAME:` prefix); "anywhere", a statement of the catalog wherever it stands (several on a
    line, TCP/IP's blocks on one line); "line", the first word of every line (one option a
    line, catalogued or not). `ends`: `ENDxxx` closes a block. `stanzas`: a line `name:`
    opens a stanza. `attributes`: a word after a comma, or first on a line, that a value
    follows names an attribute (SCF's `ALTER LINE $X, QIOMODE ON`). `continuation`:
    characters that continue a line when they end it. `records`: `[name]` on a line starts a
    record named by its command, `{name}` a subrecord. `after_value`: a prefix that starts a
    comment after a blank, unless it begins the value of an `=`."""

    toggle: str
    anywhere: tuple[str, ...] = ()
    line: tuple[str, ...] = ()
    column1: tuple[str, ...] = ()
    indented: bool = False
    block: bool = False
    where: str = "first"
    ends: bool = False
    stanzas: bool = False
    attributes: bool = False
    continuation: str = ""
    prompt: bool = False  # a line may start with SCF's prompt (`1->`), as a session log has it
    columns: bool = False  # columns 72-80 are not read
    records: bool = False
    after_value: tuple[str, ...] = ()


FREE: dict[str, Free] = {
    # src/decklint/dialects/aix/reader.py: `#` starts a comment line, or one after a value and
    # a blank; stanzas of attributes, and CS/AIX's [records] and {subrecords}
    "aix": Free("#", line=("#",), stanzas=True, records=True, after_value=("#",)),
    # as400.py: `/* */` wherever a blank may go; `+` or `-` at the end continues a command
    "as400": Free("/*", block=True, continuation="+-"),
    # bpxprm.py: `/* */`; statements follow each other on a line; columns 1-71 are read
    "bpxprm": Free("/*", block=True, where="anywhere", columns=True),
    # cicssit/reader.py: `*` in column 1; records of NAME=value parameters (DFHSIT the macro)
    "cicssit": Free("*", column1=("*",)),
    # cm2.py: `//` to the end of the line, `/* */`
    "cm2": Free("//", anywhere=("//",), block=True),
    # ivtprm.py: `*` in column 1; CSM takes a line that starts with a blank for a comment
    "ivtprm": Free("*", column1=("*",), indented=True),
    # nsdos.py: `*` or `;` starts a comment line, `;` a comment after a record
    "nsdos": Free("*", anywhere=(";",), line=("*",)),
    # scf.py: `==` or `--` outside quotes; `NAME value` attributes after commas
    "scf": Free("==", anywhere=("==", "--"), attributes=True, prompt=True),
    # tcpdata.py: `;` or `#` outside quotes; one statement a line, which may start with a
    # system name and `:`
    "tcpdata": Free(";", anywhere=(";", "#"), where="line"),
    # tcpip.py: `;` outside quotes; blocks (BEGINROUTES ... ENDROUTES) may be on one line
    "tcpip": Free(";", anywhere=(";",), where="anywhere", ends=True),
    # tsm.py: `*` or `#` starts a comment line; one option a line
    "tsm": Free("*", line=("*", "#"), where="line"),
}

# A card deck's rulers: after column 71 and after column 72, so that the continuation column
# stands between them; BPXPRMxx's members are read in columns 1-71 only.
RULERS: dict[str, tuple[int, ...]] = {
    **{d: (TEXT_END, TEXT_END + 1) for d in (*CARD_DIALECTS, *CSD_DIALECTS)},
    "bpxprm": (TEXT_END,),
}

_KINDS = {
    "#": "number-sign",
    ";": "semicolon",
    "*": "asterisk",
    "//": "double-slash",
    "==": "double-equals",
    "--": "double-dash",
}
S = ".decklint"  # the last part of every scope name


def family(dialect: str) -> str:
    """The grammar (and language configuration) a dialect's language uses."""
    if dialect in CARD_DIALECTS:
        return "cards"
    if dialect in CSD_DIALECTS:
        return "csd"
    return dialect


def scope(dialect: str) -> str:
    return f"source.decklint.{family(dialect)}"


def _escape(text: str) -> str:
    return "".join("\\" + c if c in r"\^$.|?*+()[]{}/" else c for c in text)


# ---------------------------------------------------------------------- card decks

_NAME = r"[^\s=,'()]+"  # a label or an operation
_FIELD = r"(?:'[^']*(?:'|$)|[^\s'])+"  # operands: blanks only inside quotes
_MARKED = rf"^(.{{{TEXT_END}}})(\S)(.*)$"  # a card with a mark in column 72
_UNMARKED = rf"(?!.{{{TEXT_END}}}\S)"
_SEQUENCE = {"name": f"comment.other.sequence-number{S}"}
_MARK = {"name": f"constant.character.escape.line-continuation{S}"}
_REMARK = {"name": f"comment.line.remark{S}"}


def _operands() -> Json:
    """Inside an operand field: keyword=value, typed and plain strings, numbers, symbols."""
    return {
        "patterns": [
            {
                "match": r"([A-Za-z0-9@#$&_.]+)(=)",
                "captures": {
                    "1": {"name": f"variable.parameter.keyword{S}"},
                    "2": {"name": f"keyword.operator.assignment{S}"},
                },
            },
            {
                "match": r"(?<![A-Za-z0-9@#$&])([XxCcBb])('[^']*(?:'|$))",
                "captures": {
                    "1": {"name": f"storage.type.string{S}"},
                    "2": {"name": f"string.quoted.single{S}"},
                },
            },
            {"match": r"'[^']*(?:'|$)", "name": f"string.quoted.single{S}"},
            {"match": r"&[A-Za-z@#$][A-Za-z0-9@#$_]*\.?", "name": f"variable.other.symbol{S}"},
            {
                "match": r"(?<![A-Za-z0-9@#$&_.])\d+(?![A-Za-z0-9@#$_])",
                "name": f"constant.numeric{S}",
            },
            {"match": r"[()]", "name": f"punctuation.section.parens{S}"},
            {"match": r",", "name": f"punctuation.separator.comma{S}"},
        ]
    }


def _first_card() -> Json:
    """Columns 1-71 of the first card of a statement."""
    quiet = "|".join(sorted(NO_OPERAND_OPS))
    label = {"name": f"entity.name.function.label{S}"}
    op = {"name": f"keyword.other.operation{S}"}
    return {
        "patterns": [
            {  # an operation that takes no operands: what follows it is a remark
                "match": rf"^(?:({_NAME})(?=\s))?(\s+)({quiet})(?=\s|$)(?:(\s+)(,)(?=\s|$))?(.*)$",
                "captures": {
                    "1": label,
                    "3": op,
                    "5": {"name": f"punctuation.separator.comma{S}"},
                    "6": _REMARK,
                },
            },
            {
                "match": rf"^(?:({_NAME})(?=\s))?(\s+)({_NAME})(?:(\s+)({_FIELD}))?(.*)$",
                "captures": {
                    "1": label,
                    "3": op,
                    "5": {"patterns": [{"include": "#operands"}]},
                    "6": _REMARK,
                },
            },
            {  # a start or configuration list: items from column 1
                "match": rf"^({_FIELD})(.*)$",
                "captures": {"1": {"patterns": [{"include": "#operands"}]}, "2": _REMARK},
            },
        ]
    }


def _continuation_card() -> Json:
    """Columns 1-71 of a card after a marked one."""
    resume = RESUME_COL - 1
    operands = {"patterns": [{"include": "#operands"}]}
    return {
        "patterns": [
            {
                "match": rf"^\s{{{resume}}}({_FIELD})(.*)$",
                "captures": {"1": operands, "2": _REMARK},
            },
            {"match": rf"^({_FIELD})(.*)$", "captures": {"1": operands, "2": _REMARK}},
            {"match": r"^\s+(\S.*)$", "captures": {"1": _REMARK}},
        ]
    }


def _columns(fields: str) -> Json:
    return {"1": {"patterns": [{"include": fields}]}, "2": _MARK, "3": _SEQUENCE}


def cards_grammar() -> Json:
    comment = {"name": f"comment.line.card{S}"}
    text, cont = TEXT_END, TEXT_END + 1
    return {
        "name": "decklint card deck",
        "scopeName": scope("vtam"),
        "patterns": [
            {"include": "#comment-continued"},
            {"include": "#comment"},
            {"include": "#control"},
            {"include": "#statement-continued"},
            {"include": "#statement"},
        ],
        "repository": {
            "comment-continued": {  # column 71 blank and a mark in 72: the next card too
                "begin": rf"^(?=\*|\.\*)(.{{{text - 1}}} )(\S)(.*)$",
                "beginCaptures": {"1": comment, "2": _MARK, "3": _SEQUENCE},
                "end": rf"^(?!.{{{text - 1}}} \S)(.{{0,{cont}}})(.*)$",
                "endCaptures": {"1": comment, "2": _SEQUENCE},
                "patterns": [
                    {
                        "match": rf"^(.{{{text - 1}}} )(\S)(.*)$",
                        "captures": {"1": comment, "2": _MARK, "3": _SEQUENCE},
                    }
                ],
            },
            "comment": {
                "match": rf"^((?:\*|\.\*).{{0,{cont - 1}}})(.*)$",
                "captures": {"1": comment, "2": _SEQUENCE},
            },
            "control": {  # an IEBUPDTE control statement (./ ADD NAME=...)
                "match": r"^(\./)\s*(\S*)(.*)$",
                "captures": {
                    "1": {"name": f"punctuation.definition.directive{S}"},
                    "2": {"name": f"keyword.control.directive{S}"},
                    "3": {"patterns": [{"include": "#operands"}]},
                },
            },
            "statement-continued": {
                "name": f"meta.statement.continued{S}",
                "begin": rf"^(?!\*|\.\*|\./){_MARKED[1:]}",
                "beginCaptures": _columns("#first-card"),
                "end": rf"^{_UNMARKED}(.{{0,{text}}}) ?(.*)$",
                "endCaptures": {
                    "1": {"patterns": [{"include": "#continuation-card"}]},
                    "2": _SEQUENCE,
                },
                "patterns": [{"match": _MARKED, "captures": _columns("#continuation-card")}],
            },
            "statement": {
                "match": rf"^(?!\*|\.\*|\./)(?=.)(.{{0,{text}}}) ?(.*)$",
                "captures": {"1": {"patterns": [{"include": "#first-card"}]}, "2": _SEQUENCE},
            },
            "first-card": _first_card(),
            "continuation-card": _continuation_card(),
            "operands": _operands(),
        },
    }


def _abbreviations(word: str, shortest: int) -> str:
    """`DEF(?:I(?:N(?:E)?)?)?` for DEFINE, which may be cut to DEF."""
    tail = ""
    for c in reversed(word[shortest:]):
        tail = f"(?:{_escape(c)}{tail})?"
    return _escape(word[:shortest]) + tail


def csd_grammar() -> Json:
    """DFHCSDUP: commands and KEYWORD(value) in columns 1-71, `*` in column 72 continues a
    value on the next record, `*` in column 1 is a comment (src/decklint/dialects/cics/reader.py)."""
    text = TEXT_END
    verbs = "|".join(_abbreviations(v, n) for v, n in sorted(CSD_VERBS.items()))
    return {
        "name": "decklint DFHCSDUP commands",
        "scopeName": scope("cics"),
        "patterns": [
            {
                "match": rf"^(\*.{{0,{text}}})(.*)$",
                "captures": {"1": {"name": f"comment.line.card{S}"}, "2": _SEQUENCE},
            },
            {
                "match": rf"^(?!\*)(?=.)(.{{0,{text}}})(\*)?(.*)$",
                "captures": _columns("#command"),
            },
        ],
        "repository": {
            "command": {
                "patterns": [
                    {
                        "match": rf"(?i)^\s*({verbs})(?=\s|$)",
                        "captures": {"1": {"name": f"keyword.other.command{S}"}},
                    },
                    {
                        "match": r"([A-Za-z][A-Za-z0-9]*)\s*(?=\()",
                        "captures": {"1": {"name": f"variable.parameter.keyword{S}"}},
                    },
                    {"match": r"'[^']*(?:'|$)", "name": f"string.quoted.single{S}"},
                    {
                        "match": r"(?<=\(|,)\s*\d+(?=\s*[,)])",
                        "name": f"constant.numeric{S}",
                    },
                    {"match": r"[()]", "name": f"punctuation.section.parens{S}"},
                    {"match": r",", "name": f"punctuation.separator.comma{S}"},
                ]
            }
        },
    }


# ---------------------------------------------------------------------- free format


def statements(dialect: str) -> str:
    """The statements of the dialect's catalog as one alternation, each with the abbreviations
    the product takes (the capitals of the catalog's `abbrev`: BEGINRoutes from BEGINR on)."""
    from decklint.knowledge.catalog import catalog

    found = catalog(dialect)
    words: dict[str, int] = {}
    for name, entry in found.statements.items() if found else ():
        word = name.split()[0]
        capitals = re.match(r"[A-Z0-9_@#$.]*", entry.abbrev)
        shortest = len(capitals.group()) if capitals and capitals.group() else len(word)
        words[word] = min(words.get(word, len(word)), shortest)
    # longest first, so that a name is not cut short by another that begins it
    ordered = sorted(words, key=lambda w: (-len(w), w))
    return "|".join(_abbreviations(w, words[w]) for w in ordered)


_WORD = r"[A-Za-z@#$][A-Za-z0-9@#$_.\-]*"
_LABEL = r"[A-Za-z0-9@#$&._]{1,10}:"  # a system name, a CL label


def _statement(dialect: str) -> Json:
    f = FREE[dialect]
    label = {"name": f"entity.name.function.label{S}"}
    keyword = {"name": f"keyword.other.statement{S}"}
    if f.where == "line":
        return {
            "match": rf"^\s*(?:({_LABEL})\s*)?({_WORD})",
            "captures": {"1": label, "2": keyword},
        }
    names = statements(dialect) + ("|END[A-Za-z]+" if f.ends else "")
    end = r"(?![A-Za-z0-9@#$_.])"
    if f.where == "anywhere":
        return {"match": rf"(?i)(?<![A-Za-z0-9@#$_.&])(?:{names}){end}", "name": keyword["name"]}
    prefix, scope_ = (r"\d*->", f"comment.other.prompt{S}") if f.prompt else (_LABEL, label["name"])
    return {
        "match": rf"(?i)^\s*(?:({prefix})\s*)?({names}){end}",
        "captures": {"1": {"name": scope_}, "2": keyword},
    }


def free_grammar(dialect: str) -> Json:
    f = FREE[dialect]
    patterns: list[Json] = []
    if f.block:
        patterns.append(
            {
                "begin": r"/\*",
                "end": r"\*/",
                "name": f"comment.block{S}",
                "beginCaptures": {"0": {"name": f"punctuation.definition.comment{S}"}},
                "endCaptures": {"0": {"name": f"punctuation.definition.comment{S}"}},
            }
        )
    for p in f.column1:
        patterns.append({"match": rf"^{_escape(p)}.*$", "name": f"comment.line.{_KINDS[p]}{S}"})
    if f.indented:  # the product takes it for a comment, and decklint says so
        patterns.append({"match": r"^\s+\S.*$", "name": f"comment.line.ignored{S}"})
    for p in f.line:
        patterns.append({"match": rf"^\s*{_escape(p)}.*$", "name": f"comment.line.{_KINDS[p]}{S}"})
    patterns.append({"include": "#strings"})
    for p in f.anywhere:
        patterns.append({"match": rf"{_escape(p)}.*$", "name": f"comment.line.{_KINDS[p]}{S}"})
    if f.stanzas:
        patterns.append(
            {
                "match": r"^\s*([A-Za-z0-9_.]+:)\s*$",
                "captures": {"1": {"name": f"entity.name.function.label{S}"}},
            }
        )
    if f.records:
        patterns.append(
            {
                "match": r"^\s*\[([A-Za-z0-9_]+)\]",
                "captures": {"1": {"name": f"keyword.other.statement{S}"}},
            }
        )
        patterns.append(
            {
                "match": r"^\s*\{([A-Za-z0-9_]+)\}",
                "captures": {"1": {"name": f"entity.name.function.label{S}"}},
            }
        )
    for p in f.after_value:  # a value that begins with it (`cos_name = #CONNECT`), else a comment
        patterns.append({"match": rf"(?<==)\s*{_escape(p)}\S*", "name": f"constant.other{S}"})
        patterns.append(
            {"match": rf"(?<=\s){_escape(p)}.*$", "name": f"comment.line.{_KINDS[p]}{S}"}
        )
    if f.continuation:
        chars = "".join("\\" + ch for ch in f.continuation)
        patterns.append({"match": rf"(?<=\s)[{chars}](?=\s*$)", "name": _MARK["name"]})
    if f.columns:  # read in columns 1-71 only: the rest is sequence data
        patterns.insert(0, {"match": rf"(?<=^.{{{TEXT_END}}})[^\n]+", **_SEQUENCE})
    else:  # a member's sequence number, in columns 73-80
        patterns.insert(0, {"match": rf"(?<=^.{{{TEXT_END + 1}}})\d{{8}}$", **_SEQUENCE})
    patterns.append({"include": "#statement"})
    if f.attributes:
        patterns.append(
            {
                "match": rf"(?:(?<=,)|^)\s*({_WORD})(?=\s+[^\s,])",
                "captures": {"1": {"name": f"variable.parameter.keyword{S}"}},
            }
        )
    patterns.append({"include": "#values"})
    return {
        "name": f"decklint {dialect}",
        "scopeName": scope(dialect),
        "patterns": patterns,
        "repository": {
            "strings": {
                "patterns": [
                    {"match": r"'(?:[^']|'')*'", "name": f"string.quoted.single{S}"},
                    {"match": r'"[^"]*"', "name": f"string.quoted.double{S}"},
                ]
            },
            "statement": _statement(dialect),
            "values": {
                "patterns": [
                    {
                        "match": rf"({_WORD})\s*(?=\()",
                        "captures": {"1": {"name": f"variable.parameter.keyword{S}"}},
                    },
                    {
                        "match": rf"({_WORD})\s*(=)",
                        "captures": {
                            "1": {"name": f"variable.parameter.keyword{S}"},
                            "2": {"name": f"keyword.operator.assignment{S}"},
                        },
                    },
                    {
                        "match": r"&[A-Za-z@#$][A-Za-z0-9@#$_]*\.?",
                        "name": f"variable.other.symbol{S}",
                    },
                    {
                        "match": r"(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?:/\d{1,2})?(?![\w.])",
                        "name": f"constant.numeric.address{S}",
                    },
                    {
                        "match": r"(?<![\w@#$.])\d+[KMGkmg]?(?![\w@#$])",
                        "name": f"constant.numeric{S}",
                    },
                    {"match": r"[()]", "name": f"punctuation.section.parens{S}"},
                    {"match": r"[,;]", "name": f"punctuation.separator{S}"},
                ]
            },
        },
    }


# ---------------------------------------------------------------------- language configuration


def _enter_rules() -> list[Json]:
    """Enter after a marked macro card: the next card starts in column 16. VS Code copies the
    card's indentation, so there is one rule for each indentation below 16. Not after a start
    list's card (its first word holds `=` or `,`), whose items continue in column 1."""
    text, resume = TEXT_END, RESUME_COL - 1
    rules = []
    for lead in range(resume + 1):
        first = r"[^\s=,']+\s" if lead == 0 else rf" {{{lead}}}(?! )"
        rules.append(
            {
                "beforeText": rf"^(?={first}).{{{text}}}\S",
                "action": {"indent": "none", "appendText": " " * (resume - lead)},
            }
        )
    return rules


def configuration(dialect: str) -> Json:
    """The language configuration: comment toggling, brackets, what a word is."""
    out: Json = {}
    if dialect in CARD_DIALECTS or dialect in CSD_DIALECTS:
        # `*` in column 1 whatever the card's indentation (VS Code 1.99 and later read this
        # form; earlier ones ignore it rather than write a `*` elsewhere)
        out["comments"] = {"lineComment": {"comment": "*", "noIndent": True}}
    else:
        c = FREE[dialect]
        comments: Json = {}
        if c.toggle == "/*":
            comments["blockComment"] = ["/*", "*/"]
        else:
            toggle: Any = {"comment": c.toggle, "noIndent": True} if c.column1 else c.toggle
            comments["lineComment"] = toggle
            if c.block:
                comments["blockComment"] = ["/*", "*/"]
        out["comments"] = comments
    out["brackets"] = [["(", ")"]]
    out["autoClosingPairs"] = [{"open": "(", "close": ")", "notIn": ["string", "comment"]}]
    out["surroundingPairs"] = [["(", ")"], ["'", "'"]]
    out["wordPattern"] = r"[A-Za-z0-9@#$_]+"
    if dialect in CARD_DIALECTS:
        out["onEnterRules"] = _enter_rules()
    return out


def grammar(name: str) -> Json:
    """The grammar of a family (`family()`)."""
    if name == "cards":
        return cards_grammar()
    if name == "csd":
        return csd_grammar()
    return free_grammar(name)


def families(dialect_names: list[str]) -> dict[str, str]:
    """Each family and the first dialect that has it (its language configuration's)."""
    out: dict[str, str] = {}
    for d in dialect_names:
        out.setdefault(family(d), d)
    return out
