"""The hashes decklint keys and seals its cache with, without loading OpenSSL.

`hashlib` loads OpenSSL's library when it is imported (about 2 ms of a start that lints one
small deck, the whole of what a start may cost above yamllint's); its BLAKE2b is CPython's
own `_blake2` anyway. So every hash of a run's start path is BLAKE2b taken from there, keyed
where a seal needs a key (BLAKE2 is a MAC when keyed: RFC 7693, section 2.9), and seals are
compared in constant time by the function `hmac.compare_digest` is. An interpreter without
those modules gets hashlib's and hmac's, which are the same functions.
"""

from __future__ import annotations

try:
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - another interpreter: hashlib's, through OpenSSL
    from hashlib import blake2b

try:
    from _operator import _compare_digest as same
except ImportError:  # pragma: no cover
    from hmac import compare_digest as same  # type: ignore[no-redef]

__all__ = ["blake2b", "same"]
