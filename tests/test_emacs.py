"""Emacs in batch mode: editors/emacs/decklint.el loads (and byte-compiles without a warning),
the example network's decks get `decklint-mode` by their content with their dialect's comments
and files that are no decks do not; where eglot is installed (built into Emacs 29; Debian's
elpa-eglot on 28), the setup docs/editors.md gives runs as written and the server's findings
and a definition reach the buffer.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from .editor_setups import DECK, PROBES, ROOT, SITE, cli_findings, others, section_blocks, user_home

LISP = ROOT / "editors" / "emacs"
EMACS = shutil.which("emacs")

pytestmark = pytest.mark.skipif(EMACS is None, reason="Emacs is not installed")

DECKS = {
    "MVS1/SWLAB": ("vtam", "*"),
    "MVS1/TUNEMODE": ("vtam", "*"),
    "LAB45/LAB45": ("ncp", "*"),
    "MVS1/PROFILE.TCPIP": ("tcpip", ";"),
    "MVS1/BPXPRM00": ("bpxprm", "/* "),
}


def emacs(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    assert EMACS is not None
    return subprocess.run(
        [EMACS, "--batch", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        stdin=subprocess.DEVNULL,
    )


def test_decklint_el_byte_compiles_without_a_warning(tmp_path: Path) -> None:
    for f in LISP.glob("*.el"):
        shutil.copy(f, tmp_path)
    got = emacs(
        "-Q",
        "-L",
        str(tmp_path),
        "--eval",
        "(setq byte-compile-error-on-warn t)",
        "-f",
        "batch-byte-compile",
        str(tmp_path / "decklint-tables.el"),
        str(tmp_path / "decklint.el"),
    )
    assert got.returncode == 0, got.stderr
    assert (tmp_path / "decklint.elc").is_file()


def test_decks_get_decklint_mode_by_content_and_other_files_do_not(tmp_path: Path) -> None:
    notes, script, config = others(tmp_path)
    listed = [SITE / d for d in DECKS] + [notes, script, config]
    out = tmp_path / "out.tsv"
    env = dict(os.environ, DECKLINT_FILES="\n".join(map(str, listed)), DECKLINT_OUT=str(out))
    got = emacs(
        "-Q", "-L", str(LISP), "-l", "decklint", "-l", str(PROBES / "emacs_modes.el"), env=env
    )
    assert got.returncode == 0, got.stderr
    seen = {}
    for line in out.read_text().splitlines():
        path, mode, dialect, comment = line.split("\t")
        seen[path] = (mode, dialect, comment)
    for deck, (dialect, comment) in DECKS.items():
        assert seen[str(SITE / deck)] == ("decklint-mode", dialect, comment), deck
    assert seen[str(notes)][0] != "decklint-mode"
    assert seen[str(script)][0] == "sh-mode"
    assert seen[str(config)][0] != "decklint-mode"


def _eglot_installed() -> bool:
    if EMACS is None:
        return False
    got = emacs(
        "--eval", '(kill-emacs (progn (package-activate-all) (if (locate-library "eglot") 0 1)))'
    )
    return got.returncode == 0


@pytest.mark.skipif(not _eglot_installed(), reason="eglot is not installed (Emacs 29, elpa-eglot)")
def test_the_documented_setup_shows_the_findings_and_a_definition(tmp_path: Path) -> None:
    """docs/editors.md's Emacs blocks as written: the shell block links the files into a home
    of the test's own, the first Lisp block is its init file, loaded after the packages as an
    interactive Emacs loads it."""
    blocks = section_blocks("Emacs")
    env = user_home(tmp_path)
    subprocess.run(["sh", "-c", blocks["sh"]], cwd=ROOT, env=env, check=True)
    init = Path(env["HOME"]) / ".emacs.d" / "init.el"
    init.write_text(blocks["elisp"], encoding="utf-8")
    out = tmp_path / "out.json"
    env.update(DECKLINT_SITE=str(SITE), DECKLINT_OUT=str(out))
    got = emacs(
        "--eval",
        "(package-activate-all)",
        "-l",
        str(init),
        "-l",
        str(PROBES / "emacs_eglot.el"),
        env=env,
    )
    assert out.is_file(), got.stderr
    shown: dict[str, Any] = json.loads(out.read_text())
    assert "error" not in shown, (shown, got.stderr)
    assert shown["mode"] == "decklint-mode" and shown["managed"] is True
    expected = [f for f in cli_findings(SITE) if f["path"] == DECK]
    seen = sorted((d["line"], d["col"], d["text"].split("\n")[0]) for d in shown["diagnostics"])
    want = sorted(
        (f["line"] - 1, f["column"] - 1, f"decklint [{f['code']}]: {f['message']}")
        for f in expected
    )
    assert seen == want
    where = shown["definition"]
    assert Path(where["file"]).name == "TUNEMODE" and where["line"] == 4
    assert where["text"].startswith("#INTER") and "MODEENT" in where["text"]
