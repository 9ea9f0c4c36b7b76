"""The session's life: initialize (the workspace folders, the settings sent with it), initialized
(the settings pulled from the editor, the configuration read), and what changes them: the
editor's settings, the files on disk, the workspace folders."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

from lsprotocol import types as lsp

from decklint.server.network import Settings
from decklint.server.session import DecklintServer, Handlers, fs_path, guarded

handlers = Handlers()


@handlers.feature(lsp.INITIALIZE)
@guarded()
def initialize(ls: DecklintServer, params: lsp.InitializeParams) -> None:
    ls.encoding = str(ls.workspace.position_encoding or "utf-16")
    roots = [fs_path(f.uri) for f in params.workspace_folders or ()]
    if not roots and params.root_uri:
        roots = [fs_path(params.root_uri)]
    if not roots and params.root_path:
        roots = [Path(params.root_path)]
    found = [r for r in roots if r is not None and r.is_dir()]
    if found:
        # Paths in findings, the configuration and the baseline are read as `decklint lint`
        # run in the first folder reads them.
        os.chdir(found[0])
    ls.network.roots = found
    ls.network.settings = _settings(params.initialization_options, ls.network.settings)


def _settings(raw: Any, base: Settings) -> Settings:
    """The editor's settings: `baseline` (a file, as --baseline), `debounce` (ms before a
    quick lint) and `wholeDelay` (ms of quiet before the whole network is linted)."""
    if isinstance(raw, dict) and isinstance(raw.get("decklint"), dict):
        raw = raw["decklint"]
    if not isinstance(raw, dict):
        return base
    baseline = raw.get("baseline", base.baseline)
    debounce = raw.get("debounce", base.debounce_ms)
    whole = raw.get("wholeDelay", base.full_delay_ms)
    return Settings(
        baseline=str(baseline) if baseline else None,
        debounce_ms=int(debounce) if isinstance(debounce, (int, float)) else base.debounce_ms,
        full_delay_ms=int(whole) if isinstance(whole, (int, float)) else base.full_delay_ms,
    )


@handlers.feature(lsp.INITIALIZED)
@guarded()
async def initialized(ls: DecklintServer, params: lsp.InitializedParams) -> None:
    watch = ls.client_capabilities.workspace
    if (
        watch
        and watch.did_change_watched_files
        and watch.did_change_watched_files.dynamic_registration
    ):
        opts = lsp.DidChangeWatchedFilesRegistrationOptions(
            watchers=[lsp.FileSystemWatcher(glob_pattern="**/*")]
        )
        reg = lsp.Registration(
            id="decklint-files",
            method=lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES,
            register_options=opts,
        )
        ls.client_register_capability(lsp.RegistrationParams(registrations=[reg]))
    await pull_settings(ls)
    await reload(ls)


async def pull_settings(ls: DecklintServer) -> None:
    """The `decklint` section of the editor's settings (`workspace/configuration`), over the
    initialization options, when the client can be asked."""
    workspace = ls.client_capabilities.workspace
    if not (workspace and workspace.configuration):
        return
    item = lsp.ConfigurationItem(section="decklint")
    if ls.network.roots:
        item.scope_uri = ls.network.roots[0].resolve().as_uri()
    try:
        got = await asyncio.wait_for(
            ls.workspace_configuration_async(lsp.ConfigurationParams(items=[item])), 5
        )
    except Exception as exc:  # the client failed to answer, or answered nothing we can use
        ls.say(f"cannot read the editor's decklint settings: {exc}", lsp.MessageType.Warning)
        return
    if got:
        ls.network.settings = _settings(got[0], ls.network.settings)


async def reload(ls: DecklintServer) -> None:
    """Read the configuration again, then lint (the folders are read again by the lint
    loop, beside it: decks opened meanwhile are linted at once)."""
    loop = asyncio.get_running_loop()
    ls.index = None  # a whole lint first: the configuration or the decks may have changed
    ls.loads += 1
    ls.folders_ready = False
    await loop.run_in_executor(ls.worker, ls.network.load_config)
    withheld = ls.network.withheld()
    if withheld and withheld != ls.told_withheld:
        ls.told_withheld = withheld
        message = (
            "decklint: this workspace is not trusted, so decklint reads its decks and its "
            "configuration's own settings only; not used: "
            + "; ".join(withheld)
            + ". Trust the workspace to use them."
        )
        ls.say(message, lsp.MessageType.Warning)
        ls.window_show_message(lsp.ShowMessageParams(type=lsp.MessageType.Warning, message=message))
    if ls.network.config_error:
        ls.say(ls.network.config_error, lsp.MessageType.Error)
        ls.window_show_message(
            lsp.ShowMessageParams(type=lsp.MessageType.Error, message=ls.network.config_error)
        )
    ls.ready = True
    ls.changed()


@handlers.feature(lsp.WORKSPACE_DID_CHANGE_CONFIGURATION)
@guarded()
async def did_change_configuration(
    ls: DecklintServer, params: lsp.DidChangeConfigurationParams
) -> None:
    """The editor's settings changed: take the ones it sent, read them again from it when it
    can be asked (clients of the pull model send none), and lint the network again."""
    ls.network.settings = _settings(params.settings, ls.network.settings)
    await pull_settings(ls)
    ls.network.generation += 1
    ls.changed()


@handlers.feature(lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES)
@guarded()
async def did_change_watched_files(
    ls: DecklintServer, params: lsp.DidChangeWatchedFilesParams
) -> None:
    """A file changed on disk: read it again; a configuration file changed, or files came or
    went: read the configuration and the folders again."""
    changes = params.changes
    if any(c.type != lsp.FileChangeType.Changed or ls.network.is_config(c.uri) for c in changes):
        await reload(ls)
        return
    for c in changes:
        ls.network.reread(c.uri)
    ls.changed()


@handlers.feature(lsp.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)
@guarded()
async def did_change_folders(
    ls: DecklintServer, params: lsp.DidChangeWorkspaceFoldersParams
) -> None:
    gone = {p for f in params.event.removed if (p := fs_path(f.uri)) is not None}
    roots = [r for r in ls.network.roots if r not in gone]
    roots += [p for f in params.event.added if (p := fs_path(f.uri)) is not None]
    ls.network.roots = roots
    await reload(ls)
