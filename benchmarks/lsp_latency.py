"""Language server latency: how soon an edit shows, in a workspace of many decks.

    python benchmarks/lsp_latency.py [--decks 500] [--edits 8]
    python benchmarks/lsp_latency.py --first [--sizes 500,2000] [--parent-files 20000]
    python benchmarks/lsp_latency.py --answers [--decks 1000] [--runs 3]

Generates the repository of `repo_scale.py` (mode tables, switched major nodes that name the
mode table before them, NCP generations, TCP/IP profiles), makes its first mode table a
2,000-line deck, starts `decklint server` over standard input and output with a client
written here (pygls), opens the mode table and the switched major node that names it, and
then, edit after edit, renames a mode entry and back (each text new: never in the cache).
It reports:

* start: from `initialized` to the first diagnostics (every deck parsed, the cache empty);
* the time from a `didChange` of the mode table to its diagnostics (of that version), and to
  the diagnostics of the dependent deck (whose DLOGMODs then name an entry that is gone, or
  is back);
* hover time on the dependent deck, idle and while the server lints after an edit;
* the server's peak resident memory.

Numbers are medians (and the slowest) over --edits.

With --first it measures instead how soon an opened deck gets its first diagnostics: for each
of --sizes (decks), the server is started on the repository, and right after `initialized` the
2,000-line mode table and the switched major node that names it are opened; reported are the
times from their didOpen to their first diagnostics, and to the first diagnostics of a deck
nobody opened (which only a lint of the whole network gives), and from the didOpen of a third
deck opened --late seconds after them (while the folders are read or the whole network
linted) to its first diagnostics. Each size runs with the cache
empty (cold) and again with the cache the first run left (warm); then once more with the
workspace root a parent folder that holds the repository and --parent-files other files
(notes, scripts, data: no decks), the cache warm for the repository only. --server names
another server command (another decklint's, to compare).

With --answers it measures how soon the editor features answer in an opened deck: the server
is started on a repository of --decks decks with the cache empty, the 2,000-line mode table
and the switched major node that names it are opened right after `initialized`, and hover and
go-to-definition are asked again and again (every 20 ms) until they answer; a third deck, a
switched major node that names a mode table nobody opens, is opened with them. Reported are
the times from the didOpen to the table's first diagnostics, to a hover on one of the table's
operands and on one of the node's, to the definition of a name the table defines (within the
deck), to the definition, in the table, of a mode the node names (the decks opened together
are linted together), and to the definition of a mode the third deck names (in a deck not
opened: only the whole lint knows it), medians over --runs, each with the cache empty.
Nothing here is a test.

The server inherits this environment: with PYTHONDONTWRITEBYTECODE set and a checkout whose
modules were never compiled, every start compiles decklint from source (0.1-0.3 s of a cold
first look); `python -m compileall -q src` first, as an installed wheel is.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shlex
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import mode_table
from repo_scale import generate

BIG_ENTRIES = 180  # a mode table of about 2,000 lines


def workspace(root: Path, decks: int) -> tuple[Path, Path, int]:
    """The repository, its 2,000-line mode table and the deck that names it."""
    generate(root, decks)
    table = root / "sna" / "MODES0000"
    lines = mode_table(BIG_ENTRIES, 0)
    table.write_text("\n".join(lines) + "\n")
    return table, root / "sna" / "SWNET0001", len(lines)


def renamed(text: str) -> str:
    """The table with the entry the dependent deck's PUs name renamed (its uses break)."""
    return text.replace("M0000001", "MX000001")


class Client(LanguageClient):
    def __init__(self) -> None:
        super().__init__("decklint-bench", "1")
        self.published: dict[str, list[tuple[float, lsp.PublishDiagnosticsParams]]] = {}
        self.event = asyncio.Event()


def make_client() -> Client:
    client = Client()

    @client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def diagnostics(params: lsp.PublishDiagnosticsParams) -> None:
        client.published.setdefault(params.uri, []).append((time.perf_counter(), params))
        client.event.set()

    @client.feature(lsp.CLIENT_REGISTER_CAPABILITY)
    def register(params: lsp.RegistrationParams) -> None:
        return None

    @client.feature(lsp.WINDOW_LOG_MESSAGE)
    def log(params: lsp.LogMessageParams) -> None:
        if params.type == lsp.MessageType.Error:
            print(f"server: {params.message}", file=sys.stderr)

    @client.feature(lsp.PROGRESS)
    def progress(params: lsp.ProgressParams) -> None:
        return None  # shown by an editor; only its cost is measured here

    return client


async def until(
    client: Client, uri: str, since: float, ok: Callable[[lsp.PublishDiagnosticsParams], bool]
) -> float:
    """The time of the first publication for `uri` after `since` that `ok` accepts."""
    deadline = time.perf_counter() + 300
    while time.perf_counter() < deadline:
        for t, params in client.published.get(uri, ()):
            if t >= since and ok(params):
                return t
        client.event.clear()
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(client.event.wait(), 5)
    raise TimeoutError(f"no diagnostics for {uri}")


def vtm006(params: lsp.PublishDiagnosticsParams) -> int:
    return sum(1 for d in params.diagnostics if d.code == "VTM006")


def peak_kib(pid: int) -> tuple[int, int]:
    """(peak, current) resident memory of a process, KiB."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return int(fields["VmHWM"].split()[0]), int(fields["VmRSS"].split()[0])


async def hover_ms(client: Client, uri: str, at: lsp.Position) -> tuple[float, Any]:
    t = time.perf_counter()
    got = await client.text_document_hover_async(
        lsp.HoverParams(lsp.TextDocumentIdentifier(uri=uri), at)
    )
    return (time.perf_counter() - t) * 1000, got


async def main_async(args: argparse.Namespace) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="decklint-lsp-"))
    try:
        root = tmp / "repo"
        table, dependent, table_lines = workspace(root, args.decks)
        env = dict(os.environ, DECKLINT_CACHE_DIR=str(tmp / "cache"))
        cmd = server_command(args)
        client = make_client()
        await client.start_io(*cmd, env=env)
        server = client._server
        assert server is not None
        print(f"workspace: {args.decks} decks; the mode table has {table_lines} lines ({tmp})")
        await client.initialize_async(
            lsp.InitializeParams(
                capabilities=lsp.ClientCapabilities(),
                root_uri=root.as_uri(),
                workspace_folders=[lsp.WorkspaceFolder(root.as_uri(), "repo")],
            )
        )
        t0 = time.perf_counter()
        client.initialized(lsp.InitializedParams())
        table_uri, dep_uri = table.as_uri(), dependent.as_uri()
        text = table.read_text()
        for uri, body in ((table_uri, text), (dep_uri, dependent.read_text())):
            client.text_document_did_open(
                lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "deck", 1, body))
            )
        await until(client, table_uri, t0, lambda p: True)
        print(f"start, first diagnostics:        {time.perf_counter() - t0:8.2f} s")
        # let the first whole lint settle, then measure hover on the dependent deck
        await asyncio.sleep(3)
        dep_text = dependent.read_text()
        offset = dep_text.index("M0000001")
        line = dep_text.count("\n", 0, offset)
        at = lsp.Position(line, offset - (dep_text.rfind("\n", 0, offset) + 1))
        idle = [(await hover_ms(client, dep_uri, at))[0] for _ in range(args.hovers)]
        _, sample = await hover_ms(client, dep_uri, at)
        assert sample is not None, "no hover on DLOGMOD"

        own, dep, busy, rss = [], [], [], []
        for n in range(args.edits):
            version = n + 2
            body = renamed(text) if n % 2 == 0 else text
            body += f"* EDIT {n}".ljust(72) + "\n"  # a new text each time, as typing gives
            broken = n % 2 == 0
            t = time.perf_counter()
            client.text_document_did_change(
                lsp.DidChangeTextDocumentParams(
                    lsp.VersionedTextDocumentIdentifier(version=version, uri=table_uri),
                    [lsp.TextDocumentContentChangeWholeDocument(text=body)],
                )
            )
            t_own = await until(client, table_uri, t, lambda p, v=version: p.version == v)
            t_dep = await until(client, dep_uri, t, lambda p, b=broken: (vtm006(p) > 0) == b)
            own.append((t_own - t) * 1000)
            dep.append((t_dep - t) * 1000)
            busy.append((await hover_ms(client, dep_uri, at))[0])
            await asyncio.sleep(args.pause)  # the whole lint that follows finishes
            rss.append(peak_kib(server.pid)[1] // 1024)
        peak, now = peak_kib(server.pid)

        def row(what: str, ms: list[float]) -> None:
            print(f"{what:<32} {statistics.median(ms):8.0f} ms   (slowest {max(ms):.0f} ms)")

        print("each edit, ms:", " ".join(f"{x:.0f}" for x in own))
        row("didChange -> its diagnostics", own)
        row("didChange -> dependent deck's", dep)
        row("hover, idle", idle)
        row("hover, right after an edit", busy)
        print("memory after each edit, MiB:", " ".join(map(str, rss)))
        print(f"server memory: peak {peak / 1024:.0f} MiB, now {now / 1024:.0f} MiB")
        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# ---------------------------------------------------------------------- first diagnostics

NOTE_TEXT = "Notes of the change board, with numbers like 3745 and words like MODEENT.\n" * 8


def parent_folder(parent: Path, files: int) -> None:
    """Besides the repository: `files` files that are no decks (notes, scripts, data) in
    folders of a hundred, as a home folder or a folder of many projects holds."""
    kinds = (
        (".txt", NOTE_TEXT),
        (".py", "import os\n\n\ndef main():\n    return os.getcwd()\n" * 6),
        (".csv", "node,ip,frame\nNCP1,10.0.0.1,4060\n" * 20),
    )
    for n in range(files):
        folder = parent / "other" / f"project{n // 1000:03d}" / f"part{n // 100 % 10}"
        if n % 100 == 0:
            folder.mkdir(parents=True, exist_ok=True)
        ext, text = kinds[n % len(kinds)]
        (folder / f"file{n:06d}{ext}").write_text(text)


async def started(cmd: list[str], env: dict[str, str], root: Path) -> Client:
    """A server started on `root` with a client as an editor's (work-done progress, settings
    pulled), initialized."""
    client = make_client()

    @client.feature(lsp.WORKSPACE_CONFIGURATION)
    def configuration(params: lsp.ConfigurationParams) -> list[Any]:
        return [None for _ in params.items]

    @client.feature(lsp.WINDOW_WORK_DONE_PROGRESS_CREATE)
    def progress(params: lsp.WorkDoneProgressCreateParams) -> None:
        return None

    @client.feature(lsp.WINDOW_SHOW_MESSAGE)
    def show(params: lsp.ShowMessageParams) -> None:
        return None

    await client.start_io(*cmd, env=env, cwd=str(root))
    caps = lsp.ClientCapabilities(
        window=lsp.WindowClientCapabilities(work_done_progress=True),
        workspace=lsp.WorkspaceClientCapabilities(configuration=True),
    )
    await client.initialize_async(
        lsp.InitializeParams(
            capabilities=caps,
            root_uri=root.as_uri(),
            workspace_folders=[lsp.WorkspaceFolder(root.as_uri(), root.name)],
        )
    )
    client.initialized(lsp.InitializedParams())
    return client


async def first_diagnostics(
    cmd: list[str],
    env: dict[str, str],
    root: Path,
    decks: tuple[Path, Path, Path, Path],
    late: float,
) -> tuple[float, float, float, float]:
    """A server started on `root`; right after `initialized`, the mode table and the deck
    that names it are opened, and `late` seconds later a third deck. Seconds from each
    didOpen to its first diagnostics, and to the first diagnostics of `far`, a deck nobody
    opened (the whole network linted)."""
    table, dependent, third, far = decks
    client = await started(cmd, env, root)
    opened: dict[str, float] = {}
    for deck in (table, dependent):
        opened[deck.as_uri()] = time.perf_counter()
        client.text_document_did_open(
            lsp.DidOpenTextDocumentParams(
                lsp.TextDocumentItem(deck.as_uri(), "deck", 1, deck.read_text())
            )
        )

    async def open_late() -> float:
        await asyncio.sleep(late)
        t = time.perf_counter()
        client.text_document_did_open(
            lsp.DidOpenTextDocumentParams(
                lsp.TextDocumentItem(third.as_uri(), "deck", 1, third.read_text())
            )
        )
        return await until(client, third.as_uri(), t, lambda p: True) - t

    later = asyncio.ensure_future(open_late())
    t_table = await until(client, table.as_uri(), opened[table.as_uri()], lambda p: True)
    t_dep = await until(client, dependent.as_uri(), opened[dependent.as_uri()], lambda p: True)
    t_far = await until(client, far.as_uri(), opened[table.as_uri()], lambda p: True)
    t_late = await later
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return (
        t_table - opened[table.as_uri()],
        t_dep - opened[dependent.as_uri()],
        t_far - opened[table.as_uri()],
        t_late,
    )


async def first_async(args: argparse.Namespace) -> None:
    cmd = server_command(args)
    print(f"server: {shlex.join(cmd)}; {os.cpu_count()} cores")
    print(f"{'workspace':<34} {'cache':<6} {'table':>8} {'named':>8} {'whole':>8} {'late':>8}")

    def row(what: str, cache: str, got: tuple[float, float, float, float]) -> None:
        a, b, c, d = got
        print(
            f"{what:<34} {cache:<6} {a * 1000:>6.0f}ms {b * 1000:>6.0f}ms {c:>7.1f}s "
            f"{d * 1000:>6.0f}ms",
            flush=True,
        )

    for decks in [int(n) for n in args.sizes.split(",")]:
        tmp = Path(tempfile.mkdtemp(prefix="decklint-first-"))
        try:
            root = tmp / "parent" / "repo"
            table, dependent, _ = workspace(root, decks)
            # a deck nobody opens whose finding (a mode table defined nowhere) only a lint of
            # the whole network gives
            far = root / "sna" / "SWFAR"
            far.write_text(dependent.read_text().replace("BTAB0000", "BTABNONE"))
            third = root / "sna" / "SWNET0005"
            env = dict(os.environ, DECKLINT_CACHE_DIR=str(tmp / "cache"))
            four = (table, dependent, third, far)
            for cache in ("cold", "warm"):
                got = await first_diagnostics(cmd, env, root, four, args.late)
                row(f"{decks} decks", cache, got)
            if args.parent_files:
                parent_folder(tmp / "parent", args.parent_files)
                got = await first_diagnostics(cmd, env, tmp / "parent", four, args.late)
                row(f"parent folder (+{args.parent_files:,} files)", "warm", got)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    print("table: didOpen of the 2,000-line mode table to its first diagnostics; named: of the")
    print("switched major node that names it; whole: to the diagnostics of a deck not opened;")
    print(f"late: of a deck opened {args.late:g} s after them")


# ---------------------------------------------------------------------- answers of the deck

POLL = 0.02  # seconds between two requests while they answer nothing


def spot(path: Path, needle: str, nth: int = 0) -> lsp.Position:
    """The position of the `nth` occurrence of `needle` in a file (ASCII text)."""
    text = path.read_text()
    start = -1
    for _ in range(nth + 1):
        start = text.index(needle, start + 1)
    return lsp.Position(text.count("\n", 0, start), start - (text.rfind("\n", 0, start) + 1))


async def answered(ask: Callable[[], Any], since: float) -> float:
    """Seconds from `since` until `ask()` answers something (a hover, a location), asked
    again every POLL seconds meanwhile."""
    deadline = time.perf_counter() + 300
    while time.perf_counter() < deadline:
        got = await ask()
        if got:
            return time.perf_counter() - since
        await asyncio.sleep(POLL)
    raise TimeoutError("no answer")


async def deck_answers(
    cmd: list[str], env: dict[str, str], root: Path, decks: tuple[Path, Path, Path]
) -> dict[str, float]:
    """A server started on `root`; right after `initialized` the mode table, the switched
    major node that names it and another that names a table nobody opens are opened, and
    the editor features are asked again and again until they answer. Seconds from the
    didOpen to the table's first diagnostics and to each first answer."""
    table, dependent, other = decks
    client = await started(cmd, env, root)
    t_uri, d_uri = table.as_uri(), dependent.as_uri()
    t_doc, d_doc = lsp.TextDocumentIdentifier(t_uri), lsp.TextDocumentIdentifier(d_uri)
    o_doc = lsp.TextDocumentIdentifier(other.as_uri())
    rusizes = spot(table, "RUSIZES")  # an operand of the table: its catalog entry
    label = spot(table, "M0000001")  # a MODEENT's label: the mode it defines, in the deck
    dlogmod = spot(dependent, "DLOGMOD")  # an operand of the node: its catalog entry
    named = spot(dependent, "M0000001")  # a mode the node names: defined in the table
    elsewhere = spot(other, "M0000001")  # a mode defined in a table nobody opened
    t0 = time.perf_counter()
    for deck in decks:
        client.text_document_did_open(
            lsp.DidOpenTextDocumentParams(
                lsp.TextDocumentItem(deck.as_uri(), "deck", 1, deck.read_text())
            )
        )
    asks: dict[str, Callable[[], Any]] = {
        "hover, table": lambda: client.text_document_hover_async(lsp.HoverParams(t_doc, rusizes)),
        "definition, table": lambda: client.text_document_definition_async(
            lsp.DefinitionParams(t_doc, label)
        ),
        "hover, node": lambda: client.text_document_hover_async(lsp.HoverParams(d_doc, dlogmod)),
        "definition, opened": lambda: client.text_document_definition_async(
            lsp.DefinitionParams(d_doc, named)
        ),
        "definition, not opened": lambda: client.text_document_definition_async(
            lsp.DefinitionParams(o_doc, elsewhere)
        ),
    }

    async def shown() -> float:
        return await until(client, t_uri, t0, lambda p: True) - t0

    got = await asyncio.gather(shown(), *(answered(ask, t0) for ask in asks.values()))
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return dict(zip(["diagnostics, table", *asks], got, strict=True))


async def answers_async(args: argparse.Namespace) -> None:
    cmd = server_command(args)
    print(f"server: {shlex.join(cmd)}; {os.cpu_count()} cores; {args.decks} decks, cache cold")
    tmp = Path(tempfile.mkdtemp(prefix="decklint-answers-"))
    try:
        root = tmp / "repo"
        table, dependent, _ = workspace(root, args.decks)
        decks = (table, dependent, root / "sna" / "SWNET0005")  # it names BTAB0004
        runs: list[dict[str, float]] = []
        for n in range(args.runs):
            env = dict(os.environ, DECKLINT_CACHE_DIR=str(tmp / f"cache{n}"))  # cold each run
            runs.append(await deck_answers(cmd, env, root, decks))
            print(f"run {n + 1}:", ", ".join(f"{k} {v:.2f} s" for k, v in runs[-1].items()))
        for what in runs[0]:
            times = [r[what] for r in runs]
            print(
                f"didOpen -> {what:<22} {statistics.median(times):8.2f} s"
                f"   (slowest {max(times):.2f} s)"
            )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("table: the 2,000-line mode table (hover on RUSIZES, definition on a MODEENT's label);")
    print("node: the switched major node that names it (hover on DLOGMOD); definition, opened:")
    print("of the mode its DLOGMOD names, in the table (opened with it); definition, not opened:")
    print("of a mode another opened node names, in a table not opened (the whole lint's)")


def server_command(args: argparse.Namespace) -> list[str]:
    if args.server:
        return shlex.split(args.server)
    exe = shutil.which("decklint")
    return [exe, "server"] if exe else [sys.executable, "-m", "decklint", "server"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", type=int, default=500)
    ap.add_argument("--edits", type=int, default=8)
    ap.add_argument("--hovers", type=int, default=20)
    ap.add_argument("--pause", type=float, default=3.0, help="seconds between edits")
    ap.add_argument("--first", action="store_true", help="first diagnostics of opened decks")
    ap.add_argument(
        "--answers", action="store_true", help="first hover and definition of opened decks"
    )
    ap.add_argument("--runs", type=int, default=3, help="--answers: runs, each cache cold")
    ap.add_argument("--sizes", default="500,2000", help="--first: repository sizes, in decks")
    ap.add_argument(
        "--parent-files", type=int, default=20000, help="--first: other files of the parent"
    )
    ap.add_argument(
        "--late", type=float, default=2.0, help="--first: seconds before the third deck opens"
    )
    ap.add_argument("--server", default="", help="the server command (default: decklint's)")
    args = ap.parse_args()
    if args.answers:
        asyncio.run(answers_async(args))
    else:
        asyncio.run(first_async(args) if args.first else main_async(args))


if __name__ == "__main__":
    main()
