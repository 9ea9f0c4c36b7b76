"""Text from decks and file names made safe to print: control characters shown, not obeyed.

A file name or deck line may hold ESC, CR, NUL or C1 codes (and, from undecodable bytes, lone
surrogates). Printed raw they would move the cursor, recolour the terminal, break XML or start
a new GitHub workflow command. Every reporter passes such text through `printable` first.
"""

from __future__ import annotations

import re

# C0 controls, DEL, C1 controls and the surrogates that undecodable bytes become.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def _shown(m: re.Match[str]) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, keep: str = "") -> str:
    """`text` with every control character but those in `keep` written as `\\xNN` (or
    `\\uNNNN` for a surrogate), so that it prints as what it is."""
    if not _CONTROL.search(text):
        return text
    return _CONTROL.sub(lambda m: m.group() if m.group() in keep else _shown(m), text)
