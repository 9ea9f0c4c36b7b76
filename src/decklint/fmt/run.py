"""`decklint format` over files and folders: what each file would become, written on request.

Files are found as `lint` finds them (`inputs.gather.files`: folders walked, files that are
never decks and excluded ones skipped) and decoded as it decodes them; a file is written back
in the bytes form it was read in (`inputs.encoding.encode_like`: code page, EBCDIC records,
line ends), atomically with its mode kept (`fileio.rewrite_user_file`), and never when its
bytes could not be kept or it changed on disk meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from decklint.fileio import Refused, rewrite_user_file
from decklint.fmt.files import format_text
from decklint.fmt.layout import Settings
from decklint.inputs import encoding as enc


@dataclass(frozen=True)
class FileResult:
    """One file: its text before and after, the decks left alone (path, reason), and why it
    was not read or written ('' when it was)."""

    path: str
    before: str
    after: str
    left: tuple[tuple[str, str], ...] = ()
    problem: str = ""
    written: bool = False

    @property
    def changed(self) -> bool:
        return self.before != self.after


def settings_of(section: dict[str, object]) -> Settings:
    """The formatter's settings from a configuration's `format:` section."""
    col = section.get("operation-column")
    indent = section.get("block-indent")
    return Settings(
        operation_column=col if isinstance(col, int) else None,
        operands_per_card=str(section.get("operands-per-card", "keep")),
        renumber=bool(section.get("renumber", False)),
        block_indent=indent if isinstance(indent, int) else None,
        statements_per_line=str(section.get("statements-per-line", "keep")),
    )


def run(
    paths: Iterable[str],
    settings: Settings,
    *,
    config_globs: dict[str, str] | None = None,
    excluded: Callable[[Path], bool] | None = None,
    encoding: str | None = None,
    embedded_mode: str = "auto",
    dialect: str | None = None,
    write: bool = False,
) -> list[FileResult]:
    """Format the files under `paths`; write those that change when `write`."""
    from decklint.inputs.gather import files

    out: list[FileResult] = []
    for f, _explicit in files(list(paths), excluded, embedded_mode):
        if not f.is_file():
            continue
        shown = f.as_posix()
        try:
            data = f.read_bytes()
        except OSError as exc:
            out.append(FileResult(shown, "", "", problem=f"cannot read: {exc.strerror}"))
            continue
        got = enc.decode(data, encoding)
        if got.text is None:
            continue
        formatted = format_text(
            shown, got.text, settings, config_globs, dialect, embedded_mode=embedded_mode
        )
        result = FileResult(shown, got.text, formatted.text, formatted.left)
        if write and result.changed:
            why = _write(f, data, got.text, formatted.text, got.encoding, encoding)
            result = FileResult(
                shown, got.text, formatted.text, formatted.left, why, written=not why
            )
        out.append(result)
    return out


def _write(
    target: Path, data: bytes, before: str, after: str, encoding: str, asked: str | None
) -> str:
    """Write `after` over the file read as `before`; the reason it was not written, or ''."""
    try:
        now = target.read_bytes()
    except OSError as exc:
        return f"cannot read it again: {exc.strerror}"
    if now != data and enc.decode(now, asked).text != before:
        return "it changed on disk while being formatted"
    new = enc.encode_like(before, after, encoding or "utf-8", data)
    if new is None:
        return "its bytes could not be kept as they were"
    try:
        rewrite_user_file(target, new)
    except Refused as exc:
        return str(exc)
    except OSError as exc:
        return exc.strerror or str(exc)
    return ""
