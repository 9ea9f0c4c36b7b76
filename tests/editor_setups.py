"""What the editor tests share: the setups docs/editors.md gives, the example network, a home
of the test's own, and the findings of `decklint lint` to compare the editors' with."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "fixtures" / "networks" / "site" / "baseline"
DOC = ROOT / "docs" / "editors.md"
PROBES = Path(__file__).resolve().parent / "editors"
DECK = "MVS1/SWLAB"


def section_blocks(heading: str) -> dict[str, str]:
    """The first code block of each language in the page's section `heading`."""
    text = DOC.read_text(encoding="utf-8")
    body = text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]
    blocks: dict[str, str] = {}
    for lang, code in re.findall(r"^```(\w+)\n(.*?)^```$", body, re.MULTILINE | re.DOTALL):
        blocks.setdefault(lang, code)
    return blocks


def cli_findings(root: Path) -> list[dict[str, Any]]:
    got = subprocess.run(
        [sys.executable, "-m", "decklint", "lint", "--format", "json", "."],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert got.returncode in (0, 1), got.stderr
    findings: list[dict[str, Any]] = json.loads(got.stdout)["findings"]
    return findings


def user_home(tmp_path: Path) -> dict[str, str]:
    """An environment whose home is the test's: `decklint` is this checkout's, the cache the
    user's own (a warm cache, as a user has), the working folder the checkout."""
    home = tmp_path / "home"
    home.mkdir()
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return dict(
        os.environ,
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_DATA_HOME=str(home / ".local" / "share"),
        XDG_STATE_HOME=str(home / ".local" / "state"),
        XDG_CACHE_HOME=cache,
        PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
        PWD=str(ROOT),
    )


def others(folder: Path) -> list[Path]:
    """Files that are no decks, beside the example network's own .decklint.yaml: a text, and
    a script named like nothing."""
    notes = folder / "notes"
    notes.write_text("Cut-over notes\n\nThe lab's VTAM gets the new mode table on Friday.\n")
    script = folder / "deploy"
    script.write_text("#!/bin/sh\nexport DECKS=/u/decks\ncp TUNEMODE $DECKS\n")
    return [notes, script, SITE / ".decklint.yaml"]
