"""The language server: the server object (`session`) with every family of requests registered
on it (`lifecycle`, `documents`, `editor`, `formatting`, `actions`), and its start."""

from __future__ import annotations

import logging

from decklint.server import actions, documents, editor, formatting, lifecycle
from decklint.server.session import DecklintServer

server = DecklintServer()
for family in (lifecycle, documents, editor, formatting, actions):
    family.handlers.register(server)


def start(*, untrusted: bool = False) -> None:
    """Serve the protocol on standard input and output until the client says exit.
    `untrusted`: the workspace's owner is not trusted (VS Code's restricted mode): its decks
    are read, and of its configuration only what names no other file."""
    import gc

    gc.enable()  # the command line switches it off for short runs; a server runs long
    logging.basicConfig(level=logging.WARNING)
    server.network.untrusted = untrusted
    server.start_io()
