"""The VS Code extension (editors/vscode) stays in step with decklint: a language for every
dialect, recognised by the names and first lines the CLI recognises, the server command, the
schemes Zowe Explorer opens members with; and its .vsix builds (when node and npm are here)."""

from __future__ import annotations

import importlib.util
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import decklint
from decklint import dialects
from decklint.cli import main
from decklint.inputs.discover import detect
from decklint.source import SourceFile

from .conftest import FIXTURES, ROOT

EXTENSION = ROOT / "editors" / "vscode"
MANIFEST: dict[str, Any] = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
LANGUAGES: list[dict[str, Any]] = MANIFEST["contributes"]["languages"]
TO_LANGUAGE: dict[str, str] = MANIFEST["decklint"]["dialects"]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("vscode_languages", EXTENSION / "languages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    written, sys.dont_write_bytecode = sys.dont_write_bytecode, True  # no __pycache__ there
    try:
        spec.loader.exec_module(module)
    finally:
        sys.dont_write_bytecode = written
    return module


# What VS Code does with a document's path (languagesAssociations.ts): every name in lower
# case; an exact file name first, else the longest matching pattern (on the base name unless
# the pattern has a '/'), else the longest extension.


def _glob(pattern: str) -> re.Pattern[str]:
    out = ""
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if c == "*":
            out += r"[^/\\]*"
        elif c == "?":
            out += r"[^/\\]"
        elif c == "[":
            end = pattern.index("]", i + 1)
            out += "[" + pattern[i + 1 : end].replace("!", "^", 1) + "]"
            i = end
        else:
            out += re.escape(c)
        i += 1
    return re.compile(out)


def editor_language(path: str) -> str | None:
    path = path.lower()
    name = posixpath.basename(path)
    pattern: tuple[int, str] | None = None
    extension: tuple[int, str] | None = None
    for lang in reversed(LANGUAGES):  # the last registered wins a tie
        if name in (f.lower() for f in lang.get("filenames", [])):
            return str(lang["id"])
        for p in lang.get("filenamePatterns", []):
            target = path if "/" in p else name
            if (pattern is None or len(p) > pattern[0]) and _glob(p.lower()).fullmatch(target):
                pattern = (len(p), lang["id"])
        for e in lang.get("extensions", []):
            if (extension is None or len(e) > extension[0]) and name.endswith(e.lower()):
                extension = (len(e), lang["id"])
    for found in (pattern, extension):
        if found is not None:
            return found[1]
    return None


# What src/sniff.ts does with a plain-text document's first lines.


DIRECTIVE = re.compile(r"decklint:\s*dialect\s*=\s*([a-z0-9_]+)", re.IGNORECASE)


def sniffed(lines: list[str]) -> str | None:
    for line in lines[:10]:
        m = DIRECTIVE.search(line)
        if m and m.group(1).lower() in TO_LANGUAGE:
            return TO_LANGUAGE[m.group(1).lower()]
    head = [ln for ln in lines[:200] if not DIRECTIVE.search(ln)]
    best, score = None, 0.0
    for lang in LANGUAGES:
        exact, loose = re.compile(lang["firstLine"]), re.compile(lang["firstLine"], re.I)
        count = sum(1.0 if exact.search(ln) else 0.5 if loose.search(ln) else 0.0 for ln in head)
        if count >= 1 and count > score:
            best, score = lang["id"], count
    return best


def test_package_json_is_in_step_with_the_registry() -> None:
    script = _script()
    assert script.problems() == []
    text = (EXTENSION / "package.json").read_text(encoding="utf-8")
    assert script.render(script.updated(json.loads(text))) == text, (
        "run: python editors/vscode/languages.py --write"
    )
    assert script.main(["--check"]) == 0


def test_every_dialect_has_one_language_and_every_language_a_dialect() -> None:
    assert sorted(TO_LANGUAGE) == dialects.names()
    ids = [lang["id"] for lang in LANGUAGES]
    assert len(set(ids)) == len(ids) == len(dialects.names())
    assert sorted(ids) == sorted(TO_LANGUAGE.values())
    for lang in LANGUAGES:
        assert lang["aliases"] and lang["firstLine"]
        assert lang.get("filenames") or lang.get("filenamePatterns") or lang.get("extensions")
    assert MANIFEST["version"] == decklint.__version__


def test_the_server_reads_each_language_as_its_dialect() -> None:
    """The language ids package.json gives the dialects are the registry's, which the server
    reads in didOpen; so are the dialects' own names (an editor's file types)."""
    for dialect, language in TO_LANGUAGE.items():
        assert dialects.language(dialect) == language
        assert dialects.by_language(language) == dialect
        assert dialects.by_language(dialect) == dialect
    for other in ("plaintext", "markdown", "jcl", "deck", ""):
        assert dialects.by_language(other) is None


def test_activation_events_are_the_languages_and_plain_text() -> None:
    events = MANIFEST["activationEvents"]
    assert sorted(events) == sorted(
        [f"onLanguage:{lang['id']}" for lang in LANGUAGES] + ["onLanguage:plaintext"]
    )


def _named_examples() -> Iterator[str]:
    """A file name for every glob of the registry, and the member form of those a member's
    name can match."""
    for entry in dialects.REGISTRY.values():
        for glob in entry.globs:
            name = glob.replace("*", "A0").replace("?", "0")
            yield name
            if re.fullmatch(r"[A-Za-z0-9@#$]+", name):
                yield f"SYS1.DECKS({name})"  # a member, as the CLI and older Zowe name it


@pytest.mark.parametrize("name", sorted(set(_named_examples())))
def test_the_editor_recognises_by_name_what_the_cli_does(name: str) -> None:
    found = detect(SourceFile.from_text(name, ""))
    assert found.how == "glob" and found.dialect is not None
    language = TO_LANGUAGE[found.dialect]
    assert editor_language(f"/home/me/decks/{name}") == language
    assert editor_language(f"/lpar1/SYS1.DECKS/{name}") == language  # zowe-ds:/profile/...
    assert editor_language(f"/home/me/decks/{name.lower()}") == language


def test_every_fixture_the_cli_names_has_its_language_by_name() -> None:
    checked = 0
    for path in sorted(FIXTURES.rglob("*")):
        if not path.is_file():
            continue
        found = detect(SourceFile.from_text(str(path), ""))
        if found.how == "glob":
            assert found.dialect is not None
            assert editor_language(path.as_posix()) == TO_LANGUAGE[found.dialect], path
            checked += 1
    assert checked > 50


def _decks() -> list[Path]:
    return sorted(
        p
        for p in (FIXTURES / "dialects").glob("*/*")
        if p.is_file() and not p.name.endswith(".model.yaml") and p.name != "MODE.NSD"
    )  # MODE.NSD is told only by its name (tests/test_detect.py)


@pytest.mark.parametrize("deck", _decks(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_first_lines_give_the_language_the_cli_sniffs(deck: Path) -> None:
    text = deck.read_text(encoding="utf-8")
    assert detect(SourceFile.from_text("MEMBER01", text)).dialect == deck.parent.name
    assert sniffed(text.splitlines()) == TO_LANGUAGE[deck.parent.name]


NOT_DECKS = [
    ROOT / "docs" / "architecture.md",
    ROOT / "docs" / "decisions.md",
    EXTENSION / "README.md",
    ROOT / "src" / "decklint" / "cli.py",
    ROOT / "pyproject.toml",
]


@pytest.mark.parametrize("path", NOT_DECKS, ids=lambda p: p.name)
def test_prose_and_code_are_not_taken_for_decks(path: Path) -> None:
    assert sniffed(path.read_text(encoding="utf-8").splitlines()) is None


def test_the_directive_wins_in_the_first_ten_lines() -> None:
    lines = ["* decklint: dialect=ncp", "APPLS    VBUILD TYPE=APPL"]
    assert sniffed(lines) == "ncp"
    assert sniffed(["*"] * 10 + lines) == "vtam"  # read further down, it is a comment
    assert sniffed(["* decklint: dialect=nosuch", "APPLS    VBUILD TYPE=APPL"]) == "vtam"


def test_first_line_patterns_read_alike_in_javascript_and_python() -> None:
    for lang in LANGUAGES:
        pattern = lang["firstLine"]
        assert not re.search(r"\(\?[P<=!]|\\[AZz]|\(\?[aiLmsux]", pattern), lang["id"]
        re.compile(pattern)


def test_the_server_is_started_as_decklint_server() -> None:
    settings = MANIFEST["contributes"]["configuration"]["properties"]
    assert settings["decklint.path"]["default"] == "decklint"
    assert settings["decklint.args"]["type"] == "array"
    assert settings["decklint.trace.server"]["enum"] == ["off", "messages", "verbose"]
    assert MANIFEST["decklint"]["serverArgs"] == ["server"]
    assert MANIFEST["decklint"]["install"].startswith('pip install ".[server]"')
    source = (EXTENSION / "src" / "extension.ts").read_text(encoding="utf-8")
    assert "manifest.decklint.serverArgs" in source and 'get<string>("path")' in source
    trusted = MANIFEST["capabilities"]["untrustedWorkspaces"]["restrictedConfigurations"]
    assert set(trusted) == {"decklint.path", "decklint.args"}
    assert "onDidGrantWorkspaceTrust" in source and '"--untrusted"' in source


def test_the_cli_has_the_server_command_the_extension_starts() -> None:
    if "server" not in getattr(main, "commands", {}):
        pytest.skip("decklint server is not part of this build yet")
    assert main.commands[MANIFEST["decklint"]["serverArgs"][0]] is not None


def test_documents_are_served_from_files_untitled_editors_and_zowe_explorer() -> None:
    assert MANIFEST["decklint"]["schemes"] == ["file", "untitled", "zowe-ds", "zowe-uss"]
    source = (EXTENSION / "src" / "extension.ts").read_text(encoding="utf-8")
    selector = source.split("documentSelector:", 1)[1].split("outputChannel", 1)[0]
    assert "manifest.decklint.schemes" in selector and "this.languages" in selector


def test_the_lock_file_pins_what_package_json_asks_for() -> None:
    lock = json.loads((EXTENSION / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["lockfileVersion"] >= 2
    root = lock["packages"][""]
    assert root["name"] == MANIFEST["name"] and root["version"] == MANIFEST["version"]
    assert root["dependencies"] == MANIFEST["dependencies"]
    assert root["devDependencies"] == MANIFEST["devDependencies"]
    client = lock["packages"]["node_modules/vscode-languageclient"]
    assert client["version"].startswith("9.")
    assert MANIFEST["devDependencies"]["@types/vscode"] == MANIFEST["engines"]["vscode"][1:]


def test_build_outputs_are_not_committed_and_sources_not_packed() -> None:
    ignored = (EXTENSION / ".gitignore").read_text(encoding="utf-8").split()
    assert {"node_modules/", "out/", "*.vsix"} <= set(ignored)
    unpacked = (EXTENSION / ".vscodeignore").read_text(encoding="utf-8").split()
    assert {"src/**", "languages.py", "build.sh", "tsconfig.json"} <= set(unpacked)


# The .vsix, built by build.sh in a copy of the folder.


def _node_major() -> int | None:
    node = shutil.which("node")
    if node is None or shutil.which("npm") is None:
        return None
    out = subprocess.run([node, "--version"], capture_output=True, text=True, check=False)
    m = re.match(r"v(\d+)\.", out.stdout.strip())
    return int(m.group(1)) if m else None


@pytest.fixture(scope="module")
def vsix(tmp_path_factory: pytest.TempPathFactory) -> Path:
    major = _node_major()
    if major is None:
        pytest.skip("building the .vsix needs node and npm")
    if major < 20:
        pytest.skip(f"building the .vsix needs node 20 or later, not {major}")
    env = {**os.environ, "npm_config_update_notifier": "false", "npm_config_fund": "false"}
    ping = subprocess.run(
        ["npm", "ping"], capture_output=True, text=True, timeout=60, env=env, check=False
    )
    if ping.returncode != 0:
        pytest.skip(f"the npm registry cannot be reached: {ping.stderr.strip()[-200:]}")
    work = tmp_path_factory.mktemp("vscode") / "vscode"
    shutil.copytree(
        EXTENSION,
        work,
        ignore=shutil.ignore_patterns("node_modules", "out", "*.vsix", "__pycache__"),
    )
    build = subprocess.run(
        ["sh", "build.sh"], cwd=work, capture_output=True, text=True, timeout=900, env=env
    )
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    out = work / f"decklint-{MANIFEST['version']}.vsix"
    assert out.is_file(), sorted(p.name for p in work.iterdir())
    return out


def test_the_vsix_declares_the_languages_and_the_server_command(vsix: Path) -> None:
    with zipfile.ZipFile(vsix) as z:
        names = set(z.namelist())
        packed = json.loads(z.read("extension/package.json"))
        vsixmanifest = z.read("extension.vsixmanifest").decode("utf-8")
    assert [lang["id"] for lang in packed["contributes"]["languages"]] == [
        lang["id"] for lang in LANGUAGES
    ]
    assert packed["contributes"]["languages"] == LANGUAGES
    assert packed["activationEvents"] == MANIFEST["activationEvents"]
    assert packed["decklint"]["serverArgs"] == ["server"]
    assert packed["decklint"]["schemes"] == MANIFEST["decklint"]["schemes"]
    assert packed["main"] == "./out/extension.js"
    assert 'Id="decklint"' in vsixmanifest and 'Publisher="decklint"' in vsixmanifest
    assert {"extension/out/extension.js", "extension/out/sniff.js"} <= names
    for package in ("vscode-languageclient", "vscode-languageserver-protocol", "vscode-jsonrpc"):
        assert f"extension/node_modules/{package}/package.json" in names, package
    assert "extension/node_modules/vscode-languageclient/node.js" in names
    assert not [n for n in names if n.startswith("extension/src/") or n.endswith(".ts")]
    assert not [n for n in names if "/typescript/" in n or "/@vscode/vsce" in n]
    assert "extension/languages.py" not in names and "extension/readme.md" in names


def test_the_compiled_extension_finds_the_language_client_in_the_vsix(
    vsix: Path, tmp_path: Path
) -> None:
    with zipfile.ZipFile(vsix) as z:
        z.extractall(tmp_path)
    root = tmp_path / "extension"
    compiled = (root / "out" / "extension.js").read_text(encoding="utf-8")
    assert 'require("vscode-languageclient/node")' in compiled
    assert "serverArgs" in compiled
    script = (
        "console.log(require.resolve('vscode-languageclient/node', {paths: [process.argv[1]]}))"
    )
    resolve = subprocess.run(
        ["node", "-e", script, str(root), "vscode-languageclient/node"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert resolve.returncode == 0, resolve.stderr
    assert Path(resolve.stdout.strip()).is_relative_to(root)


def test_the_compiled_sniffer_agrees_with_the_tested_one(vsix: Path, tmp_path: Path) -> None:
    with zipfile.ZipFile(vsix) as z:
        z.extractall(tmp_path)
    documents = {str(p): p.read_text(encoding="utf-8") for p in [*_decks(), *NOT_DECKS]}
    documents["directive"] = "* decklint: dialect=ncp\nAPPLS    VBUILD TYPE=APPL\n"
    script = (
        "const {Sniffer} = require(process.argv[1]);"
        "const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "const sniffer = new Sniffer(input.languages, input.dialects);"
        "const out = {};"
        "for (const [name, text] of Object.entries(input.documents))"
        "  out[name] = sniffer.languageOf(text.split(/\\r?\\n/)) ?? null;"
        "console.log(JSON.stringify(out));"
    )
    request = {"languages": LANGUAGES, "dialects": TO_LANGUAGE, "documents": documents}
    run = subprocess.run(
        ["node", "-e", script, str(tmp_path / "extension" / "out" / "sniff.js")],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    got = json.loads(run.stdout)
    assert got == {name: sniffed(text.splitlines()) for name, text in documents.items()}
    assert got["directive"] == "ncp" and got[str(NOT_DECKS[0])] is None


# The built extension under node, with a stand-in for VS Code (editors/vscode/test/harness.js).


@pytest.fixture(scope="module")
def unpacked(vsix: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("unpacked")
    with zipfile.ZipFile(vsix) as z:
        z.extractall(out)
    return out / "extension"


def _harness(
    unpacked: Path,
    decklint: Path | str,
    docs: list[dict[str, str]],
    wait: int,
    *,
    trusted: bool = True,
) -> Any:
    env = dict(os.environ, HARNESS_UNTRUSTED="0" if trusted else "1")
    run = subprocess.run(
        ["node", str(EXTENSION / "test" / "harness.js"), str(unpacked), str(decklint), str(wait)],
        env=env,
        input=json.dumps(docs),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


# a start list with an unclosed parenthesis, as Zowe Explorer 3 opens a member
MEMBER = {"uri": "zowe-ds:/lpar/SYS1.VTAMLST/ATCSTR00", "languageId": "vtam", "text": "SSCPID=(1\n"}


@pytest.mark.skipif(os.name == "nt", reason="the stand-in decklint is a shell script")
def test_a_server_that_stops_at_once_is_one_message_with_its_reason(
    unpacked: Path, tmp_path: Path
) -> None:
    calls = tmp_path / "calls"
    fake = tmp_path / "decklint"
    said = "Error: No such command 'server'."  # an older decklint
    fake.write_text(f'#!/bin/sh\necho "$@" >> "{calls}"\necho "{said}" >&2\nexit 2\n')
    fake.chmod(0o755)
    report = _harness(unpacked, fake, [MEMBER], 20000)
    assert calls.read_text() == "server\n"  # started once, as `decklint server`
    (message,) = report["errors"]
    assert message.startswith(f'decklint: could not start "{fake} server"')
    assert said in message and 'pip install ".[server]"' in message
    assert said in report["output"]


def test_a_missing_executable_is_named_with_the_install_command(
    unpacked: Path, tmp_path: Path
) -> None:
    missing = tmp_path / "nowhere" / "decklint"
    report = _harness(unpacked, missing, [MEMBER], 20000)
    (message,) = report["errors"]
    assert f"{missing} was not found" in message
    assert 'pip install ".[server]"' in message and "decklint.path" in message


def test_plain_text_that_reads_as_a_deck_is_given_its_language(
    unpacked: Path, tmp_path: Path
) -> None:
    docs = [
        {
            "uri": "zowe-ds:/lpar/SYS1.VTAMLST/APPLS01",
            "languageId": "plaintext",
            "text": "* APPLICATIONS\nAPPLS    VBUILD TYPE=APPL\nA1       APPL  APPC=YES\n",
        },
        {"uri": "untitled:Untitled-1", "languageId": "plaintext", "text": NCP_LINE},
        {"uri": "file:///home/me/notes.txt", "languageId": "plaintext", "text": "the host\n"},
        {"uri": "zowe-jobs:/lpar/JOB1/JESMSGLG", "languageId": "plaintext", "text": NCP_LINE},
        {"uri": "file:///home/me/x.py", "languageId": "python", "text": NCP_LINE},
    ]
    report = _harness(unpacked, tmp_path / "unused", docs, 1500)
    assert report["languages"] == [[docs[0]["uri"], "vtam"], [docs[1]["uri"], "ncp"]]
    assert report["errors"] == []  # no deck language yet in this stand-in: no server started


NCP_LINE = "H1       HOST  UNITSZ=4000,MAXBFRU=2\n"


def test_decklint_server_lints_a_zowe_member_it_is_sent(unpacked: Path) -> None:
    decklint_path = shutil.which("decklint")
    if decklint_path is None or "server" not in getattr(main, "commands", {}):
        pytest.skip("needs decklint with its server command on the PATH")
    pytest.importorskip("pygls")
    report = _harness(unpacked, Path(decklint_path), [MEMBER], 60000)
    assert report["errors"] == [], report["output"]
    assert report["diagnostics"][MEMBER["uri"]] == ["PRS001"], report["output"]


@pytest.mark.skipif(os.name == "nt", reason="the stand-in decklint is a shell script")
def test_an_untrusted_workspace_starts_the_server_untrusted_and_says_so(
    unpacked: Path, tmp_path: Path
) -> None:
    calls = tmp_path / "calls"
    fake = tmp_path / "decklint"
    fake.write_text(f'#!/bin/sh\necho "$@" >> "{calls}"\nexit 2\n')
    fake.chmod(0o755)
    report = _harness(unpacked, fake, [MEMBER], 20000, trusted=False)
    assert calls.read_text() == "server --untrusted\n"
    (info,) = report["infos"]
    assert "not trusted" in info and "rule-paths" in info and "Trust the workspace" in info
    calls.unlink()
    report = _harness(unpacked, fake, [MEMBER], 20000)
    assert calls.read_text() == "server\n" and report["infos"] == []


@pytest.mark.skipif(os.name == "nt", reason="the stand-in decklint is a shell script")
def test_a_bare_command_is_looked_up_on_absolute_folders_of_the_path_only(
    unpacked: Path, tmp_path: Path
) -> None:
    marker, calls = tmp_path / "PWNED", tmp_path / "calls"
    here = tmp_path / "cwd"
    here.mkdir()
    planted = here / "decklint"
    planted.write_text(f'#!/bin/sh\ntouch "{marker}"\n')
    planted.chmod(0o755)
    good = tmp_path / "bin"
    good.mkdir()
    (good / "decklint").write_text(f'#!/bin/sh\necho "$@" >> "{calls}"\nexit 2\n')
    (good / "decklint").chmod(0o755)
    path = os.pathsep.join([".", "", str(good), os.environ.get("PATH", "")])
    run = subprocess.run(
        ["node", str(EXTENSION / "test" / "harness.js"), str(unpacked), "decklint", "20000"],
        env=dict(os.environ, PATH=path),
        cwd=here,
        input=json.dumps([MEMBER]),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert not marker.exists(), "a decklint of the current folder was started"
    assert calls.read_text() == "server\n"
    assert f"starting {good / 'decklint'} server" in json.loads(run.stdout)["output"]
