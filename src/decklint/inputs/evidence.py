"""Evidence that a file is no deck, whatever its name or its words may seem to say.

Detection reads a file as a dialect only on positive evidence (its statements, in the shape
the product writes them: `decklint.readers.base`). This module gives the evidence against
every dialect at once, read from the first `HEAD` characters of the text (shell syntax from
the first `SHELL_HEAD`), once per file:

* a script: `#!` on the first line, or lines of shell syntax (`if [`, `fi`, `done`, `esac`,
  `export X=`, `X=$(`, `function f`, `f() {`);
* a z/VM CMS file of tags (`:nick.` entries, as in SYSTEM DTCPARMS);
* a REXX exec: its first line is a comment naming REXX (`/* REXX */`), as z/VM and TSO
  require of an exec;
* markup or data: XML or HTML (the text opens with `<...>`), JSON (`{`, or `[` opening an
  array), YAML (`%YAML`, or `---` then a mapping or a list, or a document of `key:` mappings with
  nested keys or `- ` items);
* another product's file: an assembler program (its machine instructions: a VBUILD in its
  comments is no deck), a REXX exec whose first comment does not name REXX (host commands in
  quotes after it), an XEDIT profile (SET subcommands), a z/VM SYSTEM CONFIG (its CP
  statements, System_Identifier, CP_Owned, ...);
* prose: an article whose lines are sentences, though it quotes a statement or two
  (`JES2 APPL ACBNAME=<jesacb>`) and its lines reach column 72.

`semicolon_comments` tells a file whose comment lines start with ';' (and none with '*' or
'/*'): no card-image or BPXPRM deck is written so, and such a file that no dialect with ';'
comments claims is a configuration of another product (a z/VM server's UFTD CONFIG), not an
unknown deck.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from decklint.core.source import SourceFile

HEAD = 8192  # characters looked at: a hundred cards
SHELL_HEAD = 4096  # a script shows its syntax in its first screens

# The patterns, compiled when first needed: most files need none of them (a card deck has no
# ';', ':' or shell word), and compiling them all costs a short run's start-up milliseconds.
_PATTERNS: dict[str, tuple[str, int]] = {
    "shell": (
        r"""^[ \t]*(?:
            (?:if|elif|while|until)[ \t]+(?:\[\[?|test[ \t]|![ \t])
          | (?:fi|done|esac)[ \t]*(?:;|\#|\r?$)
          | export[ \t]+[A-Za-z_]\w*=
          | [A-Za-z_]\w*=\$\(
          | function[ \t]+[A-Za-z_][\w-]*[ \t]*(?:\([ \t]*\))?[ \t]*\{?[ \t]*\r?$
          | [A-Za-z_][\w-]*[ \t]*\([ \t]*\)[ \t]*\{
        )""",
        re.MULTILINE | re.VERBOSE,
    ),
    "cms": (r"^[ \t]*:nick\.", re.MULTILINE | re.IGNORECASE),
    # a REXX exec opens with a comment that names REXX (z/VM and TSO find it so)
    "rexx": (r"\A(?:[ \t]*\r?\n)*[ \t]*/\*.*?\bREXX\b", re.IGNORECASE),
    "json array": (r"\[\s*(?:[\[{\"\]\d-]|true|false|null)", 0),
    "yaml start": (r"---[ \t]*\r?\n\s*(?:-[ \t]|[A-Za-z_][\w.-]*:(?:[ \t]|\r?$))", 0),
    "yaml opener": (r"^[A-Za-z_][\w.-]*:[ \t]*(?:#.*)?\r?$", re.MULTILINE),
    "yaml key": (r"^[A-Za-z_][\w.-]*:(?:[ \t]|\r?$)", re.MULTILINE),
    "yaml nested": (r"^[ \t]+(?:-[ \t]|[A-Za-z_][\w.-]*:(?:[ \t]|\r?$))", re.MULTILINE),
    "significant": (r"^[ \t]*[^\s#]", re.MULTILINE),
    "semicolon comment": (r"^[ \t]*;", re.MULTILINE),
    # a word of prose: letters, a capital first at most, punctuation after it
    "prose word": (r"[A-Za-z][a-z'-]*[,.;:!?)]*", 0),
    # a machine instruction of an assembler program (no definition deck codes one; a table's
    # exit routine codes a few): its name field, the operation, an operand
    "machine instruction": (
        r"^(?:[A-Z@#$][A-Z0-9@#$]{0,7})?[ \t]+(?:BALR|BASR|BAL|BAS|STM|LM|LA|LR|L|ST|MVC|CLC|"
        r"CLI|MVI|BR|BCR|BC|B|BE|BNE|BH|BL|BZ|BNZ|SVC|LTR|SR|AR|IC|STC|EX|TM|OI|NI|XC|CR|CH|"
        r"LH|STH|SLL|SRL|ICM|STCM|USING|DROP)[ \t]+[^ \t\n]",
        re.MULTILINE,
    ),
    # a definition statement a deck's source holds beside its routines (an interpret table's
    # LOGCHAR, a USS table's USSCMD): a file with one is no program, whatever its code
    "definition": (
        r"^(?:[A-Z@#$][A-Z0-9@#$]{0,7})?[ \t]+(?:VBUILD|MODETAB|MODEENT|USSTAB|USSCMD|USSMSG|"
        r"INTAB|LOGCHAR|BUILD|PCCU|GROUP|LINE|PU|LU|APPL|EZACICD)[ \t]",
        re.MULTILINE,
    ),
    # a host command in quotes, as a CMS or TSO REXX exec passes it on
    "quoted command": (r"^[ \t]*'[^'\n]*'[ \t]*\r?$", re.MULTILINE),
    # an XEDIT profile's subcommands
    "xedit set": (
        r"^[ \t]*SET[ \t]+(?:NUM|NULLS|CASE|SERIAL|PF[0-9]{1,2}|CMDLINE|CURLINE|SCALE|PREFIX|"
        r"AUTOSAVE|MSGMODE|WRAP|ZONE|TRUNC|VERIFY|STAY|HEX|TABS|COLOR|SYNONYM|ARBCHAR|IMAGE|"
        r"FULLREAD|NONDISP|SPAN|LINEND|MASK)\b",
        re.MULTILINE | re.IGNORECASE,
    ),
    # a z/VM SYSTEM CONFIG statement: System_Identifier, CP_Owned, User_Volume_List
    "cp config": (r"^[ \t]*[A-Z][A-Za-z]*_[A-Za-z_]*[a-z][A-Za-z_]*\b", re.MULTILINE),
    "other comment": (r"^[ \t]*(?:\*|/\*|\.\*)", re.MULTILINE),
}
_SHELL_LINES = 2  # one line may be chance (a remark quoting a command); two are a script
# Prose (`_prose`): a line of this many words at least, seven in ten of them words of prose;
# such lines, this many at least and three in five of the text's lines, make it an article
# that may quote a statement or two, not a deck (a deck's few lines of text, an FTP.DATA's
# banner block, are not that many).
PROSE_WORDS = 8
PROSE_LINES = 3
# Other products' files, each told by this many lines of its own kind at least: an assembler
# program's machine instructions (and no definition statement: an interpret table's routines
# are a deck's), a REXX exec's quoted commands after its opening comment, an XEDIT profile's
# SET subcommands, a z/VM SYSTEM CONFIG's statements.
_OWN_LINES = {"machine instruction": 8, "quoted command": 3, "xedit set": 3, "cp config": 3}
# Lines that are comments in one dialect or another: they say nothing of prose.
_COMMENT_STARTS = ("*", "/*", ";", "#", ".*", "//")


@functools.cache
def _p(name: str) -> re.Pattern[str]:
    pattern, flags = _PATTERNS[name]
    return re.compile(pattern, flags)


# The file looked at last and what was found of it (its reason; whether its comments are
# ';' comments, None until asked): detection and each sniffer ask in turn. Kept by identity,
# as `decklint.readers.base` keeps a file's line heads.
_LAST: list[Any] = [None, "", None]


def against(src: SourceFile) -> str:
    """Why the file is no deck of any dialect, in plain words ("" when nothing says so)."""
    if _LAST[0] is not src:
        _LAST[0], _LAST[1], _LAST[2] = src, _reason(src.text[:HEAD]), None
    reason: str = _LAST[1]
    return reason


def semicolon_comments(src: SourceFile) -> bool:
    """Whether the file's comment lines start with ';', and none with '*', '.*' or '/*'."""
    against(src)
    if _LAST[2] is None:
        head = src.text[:HEAD]
        _LAST[2] = (
            ";" in head
            and bool(_p("semicolon comment").search(head))
            and not _p("other comment").search(head)
        )
    semi: bool = _LAST[2]
    return semi


# HTML elements that show text as it is: a deck copied from a web page opens with one.
_SHOWN = ("pre>", "pre ", "code>", "code ", "tt>", "samp>", "xmp>")
# Text each pattern needs, looked for first: a card deck has none of it, and a plain search
# costs a fraction of a pattern's.
_SHELL_HINTS = ("fi", "done", "esac", "export", "$(", "()", "function")


def _reason(head: str) -> str:
    if head.startswith("#!"):
        return "a script: #! on its first line"
    if "REXX" in head[:400].upper() and _p("rexx").search(head[:400]):
        return "a REXX exec: /* REXX */ at its start"
    start = len(head) - len(head.lstrip())
    first = head[start : start + 1]
    end = head.find("\n", start)
    if first == "<" and ">" in head[start : end if end >= 0 else len(head)]:
        tag = head[start + 1 : start + 6].lower()
        if not tag.startswith(_SHOWN):
            return "XML or HTML"
        # a deck a web page shows in a <pre> or <code> block: the card reader reads it as
        # meant and reports the markup once (decklint.readers.damage)
    if first == "{" or (first == "[" and _p("json array").match(head, start)):
        return "JSON"
    if head.startswith("%YAML", start) or (first == "-" and _p("yaml start").match(head, start)):
        return "YAML"
    top = head[:SHELL_HEAD]
    if any(hint in top for hint in _SHELL_HINTS):
        for shell, _m in enumerate(_p("shell").finditer(top), 1):
            if shell >= _SHELL_LINES:
                return "a shell script"
    if ":" in head:
        if _p("cms").search(head):
            return "z/VM CMS :nick. tags"
        if _yaml_mappings(head):
            return "YAML"
    other = _other_product(head, start)
    if other:
        return other
    if _prose(head):
        return "prose: lines of sentences, not statements (a statement quoted in it is no deck)"
    return ""


def _other_product(head: str, start: int) -> str:
    """Another product's file, by enough lines of its own kind (`_OWN_LINES`): "" for none."""
    enough = _OWN_LINES
    if (
        ("USING" in head or "BALR" in head or "BR " in head)
        and _count("machine instruction", head, enough["machine instruction"])
        and not _p("definition").search(head)
    ):
        return "an assembler program: machine instructions (a statement in its comments is no deck)"
    if head.startswith("/*", start) and _count("quoted command", head, enough["quoted command"]):
        return "a REXX exec: an opening comment, then host commands in quotes"
    if "SET" in head.upper() and _count("xedit set", head, enough["xedit set"]):
        return "an XEDIT profile: SET subcommands"
    if "_" in head and _count("cp config", head, enough["cp config"]):
        return "a z/VM SYSTEM CONFIG: CP configuration statements (System_Identifier, ...)"
    return ""


def _count(pattern: str, head: str, least: int) -> bool:
    """Whether `pattern` matches `least` lines of `head` at least."""
    return any(n >= least for n, _m in enumerate(_p(pattern).finditer(head), 1))


def _prose(head: str) -> bool:
    """Lines that read as sentences (`PROSE_WORDS` words or more, seven in ten of them words
    of prose, the first one too, and no `=`, which a statement's keyword operands have), at
    least `PROSE_LINES` of them and three in five of the lines that are no comments."""
    word = _p("prose word")
    lines = prose = 0
    for ln in head.split("\n"):
        toks = ln.split()
        if not toks or toks[0].startswith(_COMMENT_STARTS):
            continue
        lines += 1
        if len(toks) < PROSE_WORDS or "=" in ln or not word.fullmatch(toks[0]):
            continue
        if sum(1 for t in toks if word.fullmatch(t)) * 10 >= len(toks) * 7:
            prose += 1
    return prose >= PROSE_LINES and prose * 5 >= lines * 3


def _yaml_mappings(head: str) -> bool:
    """A document of `key:` lines, one at least opening nested keys or `- ` items, and
    little else (four lines in five)."""
    if not _p("yaml opener").search(head) or not _p("yaml nested").search(head):
        return False
    mapped = len(_p("yaml key").findall(head)) + len(_p("yaml nested").findall(head))
    return mapped * 5 >= len(_p("significant").findall(head)) * 4
