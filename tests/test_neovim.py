"""A real editor as the client: headless Neovim runs the setup docs/editors.md gives, as
written (its shell block links the plugin into a home of the test's own, its Lua block is that
home's init.lua), on the example network: the decks get the `decklint` file type by their
content, the server attaches, the diagnostics are `decklint lint`'s findings, and the keys the
page documents (K, gd, gra, [d, ]d) reach the server.

Neovim is the one on the PATH (Debian 12 has 0.7); DECKLINT_TEST_NVIM names more executables
(separated by ':') to run it with as well.
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

pytest.importorskip("pygls")


def _editors() -> list[str]:
    found = [shutil.which("nvim") or ""]
    found += os.environ.get("DECKLINT_TEST_NVIM", "").split(":")
    return [e for e in dict.fromkeys(found) if e]


NVIMS = _editors()


def run_documented_setup(nvim: str, tmp_path: Path) -> dict[str, Any]:
    """docs/editors.md's Neovim blocks, as written, then the probe."""
    blocks = section_blocks("Neovim")
    env = user_home(tmp_path)
    subprocess.run(["sh", "-c", blocks["sh"]], cwd=ROOT, env=env, check=True)
    config = Path(env["XDG_CONFIG_HOME"]) / "nvim"
    config.mkdir(parents=True)
    (config / "init.lua").write_text(blocks["lua"], encoding="utf-8")
    out = tmp_path / "out.json"
    env.update(
        DECKLINT_SITE=str(SITE),
        DECKLINT_OUT=str(out),
        DECKLINT_OTHERS=":".join(map(str, others(tmp_path))),
    )
    got = subprocess.run(
        [nvim, "--headless", "-i", "NONE", "-c", f"luafile {PROBES / 'nvim_probe.lua'}"],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    assert out.is_file(), got.stderr + got.stdout
    shown: dict[str, Any] = json.loads(out.read_text())
    assert "error" not in shown, (shown.get("error"), shown.get("steps"), got.stderr)
    return shown


@pytest.fixture(scope="module", params=NVIMS or [None])
def shown(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    if request.param is None:
        pytest.skip("Neovim is not installed (apt-get install neovim)")
    return run_documented_setup(request.param, tmp_path_factory.mktemp("nvim"))


def test_the_page_gives_one_shell_and_one_lua_block_for_neovim() -> None:
    blocks = section_blocks("Neovim")
    assert "editors/nvim" in blocks["sh"]
    assert 'require("decklint").setup(' in blocks["lua"]


def test_decks_without_a_telling_name_get_the_decklint_file_type(shown: Any) -> None:
    """SWLAB (a switched major node), LAB45 (an NCP generation) and TUNEMODE (a mode table)
    have no name a pattern could know: their content tells, as on the command line."""
    types = shown["filetypes"]
    for deck in ("MVS1/SWLAB", "LAB45/LAB45", "MVS1/TUNEMODE", "MVS1/PROFILE.TCPIP"):
        assert types[deck] == "decklint", deck
    others = {Path(p).name: t for p, t in types.items() if p.startswith("/")}
    assert others["notes"] != "decklint"  # a text
    assert others["deploy"] == "sh"  # a script, named like nothing
    assert others[".decklint.yaml"] == "yaml"


def test_the_server_attaches_and_shows_the_command_lines_findings(shown: Any) -> None:
    assert shown["attached"] and shown["waited"]
    expected = [f for f in cli_findings(SITE) if f["path"] == DECK]
    assert expected
    seen = sorted(
        (d["line"], d["col"], d["code"], d["message"].split("\n")[0]) for d in shown["diagnostics"]
    )
    want = sorted((f["line"] - 1, f["column"] - 1, f["code"], f["message"]) for f in expected)
    assert seen == want
    assert all(d["source"] == "decklint" for d in shown["diagnostics"])


def test_the_documented_keys_are_mapped_in_the_decks_buffer(shown: Any) -> None:
    assert shown["keys"] == {k: True for k in ("K", "gd", "grr", "gra", "[d", "]d")}


def test_k_shows_the_servers_hover(shown: Any) -> None:
    """On Neovim 0.7 K would run man on the word; mapped, it asks the server."""
    hover = shown["hover"]
    assert isinstance(hover, str) and "MAXOUT" in hover and "range" in hover
    assert not hover.startswith("Diagnostics")  # the server's hover, not a finding's float


def test_gd_goes_to_the_mode_entry_the_pu_names(shown: Any) -> None:
    """DLOGMOD=#INTER in SWLAB: the entry of the mode table TUNEMODE (gd would otherwise
    search the buffer for the word)."""
    where = shown["definition"]
    assert Path(where["file"]).name == "TUNEMODE"
    assert where["text"].startswith("#INTER") and "MODEENT" in where["text"]


def test_the_finding_keys_move_between_findings(shown: Any) -> None:
    lines = sorted({d["line"] + 1 for d in shown["diagnostics"]})
    assert shown["next_finding"][0] == lines[0]
    assert shown["second_finding"][0] == lines[1]
    assert shown["previous_finding"][0] == lines[0]


def test_gra_offers_the_servers_code_actions(shown: Any) -> None:
    assert any("Suppress" in title or "suppress" in title for title in shown["actions"])
