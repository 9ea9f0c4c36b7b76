"""Test helpers shared by the example and case tests, and a full disk for the writing tests."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest
import yaml

from decklint import api
from decklint.core.settings import Settings
from decklint.project import Project


def options_for(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    *,
    dialect: str | None = None,
    config: dict[str, Any] | None = None,
    rule_options: dict[str, dict[str, Any]] | None = None,
    bulk_modes: list[str] | None = None,
) -> api.Options:
    """Options as a run with this configuration would have them (the real config path)."""
    if config:
        monkeypatch.chdir(tmp_path)
        (tmp_path / ".decklint.yaml").write_text(yaml.safe_dump(config))
        opts: api.Options = Project.load(".decklint.yaml").options(dialect)
        opts.policy = None  # the case judges one rule; the configuration only declares facts
        return opts
    settings = Settings(bulk_modes=frozenset(bulk_modes)) if bulk_modes else Settings()
    return api.Options(dialect=dialect, rule_options=rule_options or {}, settings=settings)


def case_options(
    case: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> api.Options:
    """Options for a case of a rule's case file (fixtures/rules/<CODE>.yaml): its
    configuration, rule options and bulk modes."""
    return options_for(
        tmp_path,
        monkeypatch,
        config=case.get("config"),
        rule_options=case.get("options"),
        bulk_modes=case.get("settings", {}).get("bulk_modes"),
    )


def manifest_data(**over: Any) -> dict[str, Any]:
    """The smallest valid expression-rule manifest (XYZ001-x), with `over` changed."""
    raw: dict[str, Any] = {
        "code": "XYZ001",
        "name": "x",
        "summary": "s",
        "rationale": "r",
        "severity": "info",
        "target": "model:mode",
        "message": "m",
        "citation": {"document": "s", "section": "x"},
        "require": "1 == 1",
    }
    raw.update(over)
    return raw


class Disk:
    """A file system with `room` bytes free, for the files written through `open`,
    `os.fdopen` and `os.posix_fallocate`: a write past the blocks a file holds takes room,
    and when none is left it writes what fits and fails with ENOSPC, as a full disk does;
    removing a file gives its room back (unless `taken`: another process takes it at once)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, room: int) -> None:
        import builtins

        self.room = room
        self.taken = False
        disk = self

        class Written:
            def __init__(self, real: Any) -> None:
                self.real = real
                self.held = os.fstat(real.fileno()).st_size  # the blocks it has

            def write(self, data: bytes) -> int:
                end = self.real.tell() + len(data)
                need = max(0, end - self.held)
                if need > disk.room:
                    fits = len(data) - (need - disk.room)
                    self.real.write(data[: max(fits, 0)])
                    self.held = max(self.held, self.real.tell())
                    disk.room = 0
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                disk.room -= need
                self.held = max(self.held, end)
                return int(self.real.write(data))

            def __getattr__(self, name: str) -> Any:
                return getattr(self.real, name)

            def __enter__(self) -> Written:
                return self

            def __exit__(self, *exc: object) -> None:
                self.real.close()

        def wrap(opener: Any) -> Any:
            def opened(file: Any, mode: str = "r", *args: Any, **kw: Any) -> Any:
                real = opener(file, mode, *args, **kw)
                return Written(real) if "b" in mode and any(c in mode for c in "wax+") else real

            return opened

        real_fallocate = os.posix_fallocate
        real_unlink = os.unlink

        def fallocate(fd: int, offset: int, length: int) -> None:
            if length > disk.room:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            disk.room -= length
            real_fallocate(fd, offset, length)

        def unlink(path: Any, *args: Any, **kw: Any) -> None:
            size = os.stat(path).st_size
            real_unlink(path, *args, **kw)
            if not disk.taken:
                disk.room += size

        monkeypatch.setattr(builtins, "open", wrap(builtins.open))
        monkeypatch.setattr(os, "fdopen", wrap(os.fdopen))
        monkeypatch.setattr(os, "posix_fallocate", fallocate)
        monkeypatch.setattr(os, "unlink", unlink)
