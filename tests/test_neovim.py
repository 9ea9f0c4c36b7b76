"""A real editor as the client: headless Neovim, with its built-in LSP client, opens a deck of
the example network, and what it shows is compared with `decklint lint` on the same decks."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls")

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "fixtures" / "networks" / "site" / "baseline"
DECK = "MVS1/SWLAB"
NVIM = shutil.which("nvim")

# Neovim 0.7 (Debian 12) has start_client and buf_attach_client, not vim.lsp.start.
INIT = r"""
local env = vim.env
local deck, out = env.DECKLINT_DECK, env.DECKLINT_OUT
vim.cmd('edit ' .. vim.fn.fnameescape(deck))
local buf = vim.api.nvim_get_current_buf()
local id = vim.lsp.start_client({
  name = 'decklint',
  cmd = vim.fn.json_decode(env.DECKLINT_CMD),
  root_dir = env.DECKLINT_ROOT,
})
vim.lsp.buf_attach_client(buf, id)
local function count() return #vim.diagnostic.get(buf) end
local got = vim.wait(90000, function() return count() > 0 end, 50)
-- then until the count has held for a while (later runs may still be publishing)
local last, since = count(), vim.loop.now()
vim.wait(10000, function()
  if count() ~= last then last, since = count(), vim.loop.now() end
  return vim.loop.now() - since > 1500
end, 50)
local diags = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  local lsp = d.user_data and d.user_data.lsp or {}
  table.insert(diags, {
    line = d.lnum, col = d.col, severity = d.severity, message = d.message,
    code = d.code or lsp.code, source = d.source,
  })
end
local line, col = tonumber(env.DECKLINT_LINE), tonumber(env.DECKLINT_COL)
local hover = vim.lsp.buf_request_sync(buf, 'textDocument/hover', {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  position = { line = line, character = col },
}, 20000)
local text = vim.NIL
for _, r in pairs(hover or {}) do
  if r.result and r.result.contents then
    local c = r.result.contents
    text = type(c) == 'table' and (c.value or c[1]) or c
  end
end
local fh = io.open(out, 'w')
fh:write(vim.fn.json_encode({ waited = got, diagnostics = diags, hover = text }))
fh:close()
vim.lsp.stop_client(id)
vim.cmd('qa!')
"""


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


@pytest.mark.skipif(NVIM is None, reason="Neovim is not installed (apt-get install neovim)")
def test_neovim_shows_the_command_lines_findings_and_a_hover(tmp_path: Path) -> None:
    assert NVIM is not None
    expected = [f for f in cli_findings(SITE) if f["path"] == DECK]
    assert expected
    target = next(f for f in expected if f["code"] == "SNA011")  # at MAXOUT=7
    init, out = tmp_path / "init.lua", tmp_path / "out.json"
    init.write_text(INIT)
    env = dict(
        os.environ,
        DECKLINT_DECK=str(SITE / DECK),
        DECKLINT_OUT=str(out),
        DECKLINT_ROOT=str(SITE),
        DECKLINT_CMD=json.dumps([sys.executable, "-m", "decklint", "server"]),
        DECKLINT_LINE=str(target["line"] - 1),
        DECKLINT_COL=str(target["column"] - 1),
        XDG_STATE_HOME=str(tmp_path / "state"),
        XDG_DATA_HOME=str(tmp_path / "data"),
    )
    got = subprocess.run(
        [NVIM, "--headless", "-n", "-i", "NONE", "-u", str(init)],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    assert out.is_file(), got.stderr + got.stdout
    shown = json.loads(out.read_text())
    seen = sorted(
        (d["line"], d["col"], d["code"], d["message"].split("\n")[0]) for d in shown["diagnostics"]
    )
    want = sorted((f["line"] - 1, f["column"] - 1, f["code"], f["message"]) for f in expected)
    assert seen == want
    assert all(d["source"] == "decklint" for d in shown["diagnostics"])
    assert isinstance(shown["hover"], str) and "MAXOUT" in shown["hover"]
