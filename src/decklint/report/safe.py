"""Text from decks and file names made safe to show: one function per kind of output.

A file name or deck line may hold ESC, CR, NUL or C1 codes, bidirectional controls (which
reorder what a reader sees: `a\u202eb` shows `b` before `a`) and, from undecodable bytes, lone
surrogates. Printed raw they would move the cursor, recolour the terminal, disguise a name,
break XML or start a GitHub workflow command. Each output passes such text through its own
function here (GitHub's annotations have theirs in `report.github`):

- `printable`: every control character shown as an escape (the base of the others);
- `plain`: text a CI log may show (text, parsable, `decklint diff`, `watch`, messages on
  standard error): also no workflow command, neither `##[` anywhere nor `::` at a line's start;
- `xml`: JUnit's text (plain, keeping the line ends XML allows);
- `markdown`: a pull-request comment (no markup, HTML, link, mention or issue reference);
- `json_text` and `uri`: JSON and SARIF, which must be valid Unicode.
"""

from __future__ import annotations

import os
import re
from urllib.parse import quote

# C0 controls, DEL, C1 controls, the bidirectional controls (embeddings and overrides
# U+202A-202E, isolates U+2066-2069, the marks U+200E/U+200F and U+061C) and the surrogates
# that undecodable bytes become.
_CONTROL = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)
_SURROGATE = re.compile("[\ud800-\udfff]")
# What the Actions runner reads as a command: `::` where a line starts (after blanks), `##[`
# anywhere. The second character is written as an escape.
# (Compiled when first used, as `_AUTOLINK`: only the GitHub and markdown outputs need them.)
_COMMAND = r"(?m)^([ \t]*):(?=:)|(?<=#)#(?=\[)"


def _shown(m: re.Match[str]) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, keep: str = "") -> str:
    """`text` with every control character but those in `keep` written as `\\xNN` (or
    `\\uNNNN` for a bidirectional control or a surrogate), so that it prints as what it is."""
    if not _CONTROL.search(text):
        return text
    return _CONTROL.sub(lambda m: m.group() if m.group() in keep else _shown(m), text)


def _uncommand(m: re.Match[str]) -> str:
    return "\\x23" if m.group() == "#" else f"{m.group(1)}\\x3a"


def plain(text: str, keep: str = "") -> str:
    """`text` for plain text that a terminal or a CI log shows: `printable`, and no GitHub
    workflow command (`##[` is written `#\\x23[`, a line's leading `::` as `\\x3a:`)."""
    text = printable(text, keep)
    if ":" not in text and "#" not in text:
        return text
    return re.sub(_COMMAND, _uncommand, text)


_XML_LINES = "\t\n"  # XML 1.0 allows these and CR, which a log would obey: shown


def xml(text: str) -> str:
    """Text for JUnit XML (ElementTree escapes the markup): `plain`, keeping line ends."""
    return plain(text, _XML_LINES)


_MARKDOWN = str.maketrans(
    {
        "&": "&amp;",
        "<": "&lt;",
        ">": "&gt;",
        "@": "&#64;",
        "#": "&#35;",
        "|": "\\|",
        "\\": "\\\\",
        "`": "\\`",
        "*": "\\*",
        "_": "\\_",
        "[": "\\[",
        "]": "\\]",
        "~": "\\~",
    }
)
# GitHub links `www.` and `scheme://` in text by themselves (its autolink extension) and reads
# `@name` as a mention and `#12` as an issue even written as entities (it looks at the text the
# markdown becomes): a zero-width space after `www`, a scheme's `:`, `@` or `#` breaks each.
_AUTOLINK = r"(?i)(?<![a-z0-9])www(?=\.)|:(?=//)|&#64;(?=\w)|&#35;(?=\d)"


def markdown(text: str) -> str:
    """Deck text as GitHub markdown that shows it as written (also inside a table cell)."""
    text = printable(text).translate(_MARKDOWN)
    return re.sub(_AUTOLINK, lambda m: m.group() + "&#8203;", text)


def json_text(text: str) -> str:
    """Text for JSON and SARIF: valid Unicode (an undecodable byte, a lone surrogate in
    Python, is written `\\xNN`; the other control characters JSON escapes itself)."""
    if not _SURROGATE.search(text):
        return text
    return _SURROGATE.sub(_shown, text)


def uri(path: str) -> str:
    """A relative path as a URI reference: its bytes (undecodable ones as they are on disk)
    percent-encoded but for `/` and the characters a path segment may hold, `:` excepted
    (`javascript:x.ncp` would read as a scheme)."""
    return quote(os.fsencode(path), safe="/!$&'()*+,;=@~-._")
