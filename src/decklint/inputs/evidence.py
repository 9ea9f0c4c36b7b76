"""Evidence that a file is no deck, whatever its name or its words may seem to say.

Detection reads a file as a dialect only on positive evidence (its statements, in the shape
the product writes them: `decklint.dialects.base`). This module gives the evidence against
every dialect at once, read from the first `HEAD` characters of the text, once per file:

* a script: `#!` on the first line, or lines of shell syntax (`if [`, `fi`, `done`, `esac`,
  `export X=`, `X=$(`, `function f`, `f() {`);
* a z/VM CMS file of tags (`:nick.` entries, as in SYSTEM DTCPARMS);
* markup or data: XML or HTML (the text opens with `<...>`), JSON (`{`, or `[` opening an
  array), YAML (`%YAML`, or `---` then a mapping or a list, or a document of `key:` mappings with
  nested keys or `- ` items).

`semicolon_comments` tells a file whose comment lines start with ';' (and none with '*' or
'/*'): no card-image or BPXPRM deck is written so, and such a file that no dialect with ';'
comments claims is a configuration of another product (a z/VM server's UFTD CONFIG), not an
unknown deck.
"""

from __future__ import annotations

import re
from typing import Any

from decklint.source import SourceFile

HEAD = 32768  # characters looked at: far more than the first screens of any script

_SHELL = re.compile(
    r"""^[ \t]*(?:
        (?:if|elif|while|until)[ \t]+(?:\[\[?|test[ \t]|![ \t])
      | (?:fi|done|esac)[ \t]*(?:;|\#|\r?$)
      | export[ \t]+[A-Za-z_]\w*=
      | [A-Za-z_]\w*=\$\(
      | function[ \t]+[A-Za-z_][\w-]*[ \t]*(?:\([ \t]*\))?[ \t]*\{?[ \t]*\r?$
      | [A-Za-z_][\w-]*[ \t]*\([ \t]*\)[ \t]*\{
    )""",
    re.MULTILINE | re.VERBOSE,
)
_SHELL_LINES = 2  # one line may be chance (a remark quoting a command); two are a script
_CMS_TAG = re.compile(r"^[ \t]*:nick\.", re.MULTILINE | re.IGNORECASE)
_JSON_ARRAY = re.compile(r"\[\s*(?:[\[{\"\]\d-]|true|false|null)")
_YAML_START = re.compile(r"---[ \t]*\r?\n\s*(?:-[ \t]|[A-Za-z_][\w.-]*:(?:[ \t]|\r?$))")
_YAML_OPENER = re.compile(r"^[A-Za-z_][\w.-]*:[ \t]*(?:#.*)?\r?$", re.MULTILINE)
_YAML_KEY = re.compile(r"^[A-Za-z_][\w.-]*:(?:[ \t]|\r?$)", re.MULTILINE)
_YAML_NESTED = re.compile(r"^[ \t]+(?:-[ \t]|[A-Za-z_][\w.-]*:(?:[ \t]|\r?$))", re.MULTILINE)
_SIGNIFICANT = re.compile(r"^[ \t]*[^\s#]", re.MULTILINE)
_COMMENT_SEMI = re.compile(r"^[ \t]*;", re.MULTILINE)
_COMMENT_OTHER = re.compile(r"^[ \t]*(?:\*|/\*|\.\*)", re.MULTILINE)

# The file looked at last and what was found: each dialect's sniffer and detection ask in
# turn. Kept by identity, as `decklint.dialects.base` keeps a file's line heads.
_LAST: list[Any] = [None, ("", False)]


def against(src: SourceFile) -> str:
    """Why the file is no deck of any dialect, in plain words ("" when nothing says so)."""
    reason: str = _look(src)[0]
    return reason


def semicolon_comments(src: SourceFile) -> bool:
    """Whether the file's comment lines start with ';', and none with '*', '.*' or '/*'."""
    semi: bool = _look(src)[1]
    return semi


def _look(src: SourceFile) -> tuple[str, bool]:
    if _LAST[0] is src:
        got: tuple[str, bool] = _LAST[1]
        return got
    head = src.text[:HEAD]
    semi = bool(_COMMENT_SEMI.search(head)) and not _COMMENT_OTHER.search(head)
    _LAST[0], _LAST[1] = src, (_reason(head), semi)
    return _LAST[1]  # type: ignore[no-any-return]


def _reason(head: str) -> str:
    if head.startswith("#!"):
        return "a script: #! on its first line"
    body = head.lstrip()
    first = body[:1]
    if first == "<" and ">" in body.split("\n", 1)[0]:
        return "XML or HTML"
    if first == "{" or (first == "[" and _JSON_ARRAY.match(body)):
        return "JSON"
    if body.startswith("%YAML") or _YAML_START.match(body):
        return "YAML"
    for shell, _m in enumerate(_SHELL.finditer(head), 1):
        if shell >= _SHELL_LINES:
            return "a shell script"
    if _CMS_TAG.search(head):
        return "z/VM CMS :nick. tags"
    if _yaml_mappings(head):
        return "YAML"
    return ""


def _yaml_mappings(head: str) -> bool:
    """A document of `key:` lines, one at least opening nested keys or `- ` items, and
    little else (four lines in five)."""
    if not _YAML_OPENER.search(head) or not _YAML_NESTED.search(head):
        return False
    mapped = len(_YAML_KEY.findall(head)) + len(_YAML_NESTED.findall(head))
    return mapped * 5 >= len(_SIGNIFICANT.findall(head)) * 4
