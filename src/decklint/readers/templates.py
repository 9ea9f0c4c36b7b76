"""Decks kept as templates: Ansible's Jinja2 (`.j2`), Puppet's ERB (`.erb`) and EPP (`.epp`),
and any text with `{{ }}`, `{% %}`, `{# #}` or `<% %>` tags in it.

A configuration management tool renders the template into the deck the product reads. What
the template says of the product is its product lines: decklint reads them as the product
reads the rendered deck. What it cannot know is not judged:
- template code: a line that holds nothing but tags (`{% for o in opts %}`, `<%- end -%>`,
  `{{ option }}` alone, which writes a whole line) is read as a blank line;
- a value the template fills (`TCPPort {{ tcp_port }}`): its tag is read as a placeholder
  value of the same width, so columns stay where they are, and what is found about that value
  alone (a number out of range, a name not defined) is not reported (`Template.covers`).
A file is a template by its suffix (its name without it is the deck's name, for detection by
name) or, with any other name, by a well-formed tag in it. A file with no tag at all is no
template, whatever its name: it is read as it is.
"""

import re
from typing import NamedTuple

from decklint.core.source import Span

# Template suffixes of the tools that render decks into place: Jinja2 (Ansible, Salt),
# ERB (Puppet, Chef), EPP (Puppet), and the generic ones.
SUFFIXES = (".j2", ".jinja", ".jinja2", ".erb", ".epp", ".tmpl", ".tpl")

# A tag: Jinja2 expressions, statements and comments; ERB and EPP tags of every kind (<%= %>,
# <%- -%>, <%# %>). A tag may span lines (a long comment). Compiled when first used (`re`
# keeps it): only a file with an opener in it is looked at for tags.
_TAG = r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}|<%.*?%>"
_OPENERS = ("{{", "{%", "{#", "<%")
# The character a filled value is read as: a word in every dialect, of no product's
# vocabulary, that no rule takes for a number.
FILLER = "X"


class Template(NamedTuple):
    """A template read for its product lines."""

    name: str  # the path without the template suffix: what detection by name reads
    text: str  # the product lines; template code blank, filled values read as FILLER
    code_lines: int  # lines that are template code only
    filled: tuple[Span, ...]  # the values the template fills (1-based, end exclusive)

    def covers(self, span: Span) -> bool:
        """Whether a span lies inside a value the template fills (what is found there is
        about a value decklint cannot know)."""
        return covered(self.filled, span)

    def note(self) -> str:
        """What the template leaves unjudged, in a sentence (PRS015); "" when nothing."""
        parts = []
        if self.code_lines:
            parts.append(f"{_count(self.code_lines, 'line')} of template code")
        if self.filled:
            parts.append(f"{_count(len(self.filled), 'value')} it fills in")
        if not parts:
            return ""
        one = len(parts) == 1 and (self.code_lines or len(self.filled)) == 1
        return (
            f"a template: {' and '.join(parts)} {'is' if one else 'are'} not judged; its "
            "other lines are read as the product reads the rendered file"
        )


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' if n != 1 else ''}"


def covered(filled: tuple[Span, ...], span: Span) -> bool:
    """Whether `span` lies inside one of the `filled` spans."""
    return any(
        (span.line, span.col) >= (f.line, f.col)
        and (span.end_line, span.end_col) <= (f.end_line, f.end_col)
        for f in filled
    )


def suffix(path: str) -> str:
    """The template suffix the path ends with ("" for none), in the case written."""
    low = path.lower()
    for s in SUFFIXES:
        if low.endswith(s) and len(path) > len(s):
            return path[-len(s) :]
    return ""


def opens_tag(text: str) -> bool:
    """Whether the text holds a tag's opener (`{{`, `{%`, `{#`, `<%`). Each is looked for
    only where its first character is in the text: a search for one character is many times
    quicker than one for two, and most decks hold no `{` and no `<`."""
    return any(o[0] in text and o in text for o in _OPENERS)


def read(path: str, text: str) -> Template | None:
    """The template's product lines, or None when the text is no template: no template
    suffix and no tag in it. A file with the suffix and no tag is read as it is, by its name
    without the suffix."""
    cut = suffix(path)
    name = path[: -len(cut)] if cut else path
    if not opens_tag(text):
        return Template(name, text, 0, ()) if cut else None
    if "\r" in text:  # line ends as every reader counts them (`split_lines`)
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    tags = list(re.finditer(_TAG, text, re.DOTALL))
    if not tags:
        return Template(name, text, 0, ()) if cut else None
    lines = text.split("\n")
    starts = []
    at = 0
    for ln in lines:
        starts.append(at)
        at += len(ln) + 1
    # each line's tags, as (start, end) columns within the line, 0-based
    per_line: dict[int, list[tuple[int, int]]] = {}
    k = 0
    for m in tags:
        s, e = m.start(), m.end()
        while k + 1 < len(starts) and starts[k + 1] <= s:
            k += 1
        j = k
        while True:
            lo = max(s, starts[j]) - starts[j]
            hi = min(e, starts[j] + len(lines[j])) - starts[j]
            per_line.setdefault(j, []).append((lo, hi))
            if j + 1 >= len(starts) or starts[j + 1] >= e:
                break
            j += 1
    code = 0
    filled: list[Span] = []
    for j, spans in per_line.items():
        chars = list(lines[j])
        for lo, hi in spans:
            chars[lo:hi] = [" "] * (hi - lo)
        if not "".join(chars).strip():
            lines[j] = ""  # template code: read as a blank line
            code += 1
            continue
        chars = list(lines[j])
        for lo, hi in spans:
            chars[lo:hi] = [FILLER] * (hi - lo)
            filled.append(Span(j + 1, lo + 1, j + 1, hi + 1))
        lines[j] = "".join(chars)
    return Template(name, "\n".join(lines), code, tuple(filled))
