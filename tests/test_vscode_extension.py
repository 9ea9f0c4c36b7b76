"""The VS Code extension (editors/vscode) stays in step with decklint: a language for every
dialect, recognised by the names and first lines the CLI recognises, coloured and commented as
decklint reads it, the server command and settings, the schemes Zowe Explorer opens members
with; and its .vsix builds (when node and npm are here) and runs under a stand-in for VS Code."""

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

import click
import pytest

from decklint import dialects
from decklint.cli import main
from decklint.core.source import SourceFile
from decklint.inputs.discover import detect

from .conftest import FIXTURES, ROOT

EXTENSION = ROOT / "editors" / "vscode"
CHANGELOG = ROOT / "docs" / "changelog.md"
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
    # the extension is released with decklint: its version is the latest release's
    released = re.search(r"^## (\d+\.\d+\.\d+)", CHANGELOG.read_text(), re.MULTILINE)
    assert released is not None and MANIFEST["version"] == released.group(1)


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
    ROOT / "src" / "decklint" / "cli" / "lint.py",
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
    assert settings["decklint.path"]["default"] == ""  # the Python extension's, else PATH's
    assert settings["decklint.args"]["type"] == "array"
    assert settings["decklint.trace.server"]["enum"] == ["off", "messages", "verbose"]
    assert MANIFEST["decklint"]["serverArgs"] == ["server"]
    assert MANIFEST["decklint"]["install"].startswith('pip install ".[server]"')
    source = (EXTENSION / "src" / "extension.ts").read_text(encoding="utf-8")
    assert "manifest.decklint.serverArgs" in source and 'get<string>("path")' in source
    assert 'onPath("decklint")' in source  # the fallback
    trusted = MANIFEST["capabilities"]["untrustedWorkspaces"]["restrictedConfigurations"]
    assert set(trusted) == {"decklint.path", "decklint.args"}
    assert "onDidGrantWorkspaceTrust" in source and '"--untrusted"' in source


def test_the_cli_has_the_server_command_the_extension_starts() -> None:
    name = MANIFEST["decklint"]["serverArgs"][0]
    assert main.get_command(click.Context(main), name) is not None


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
    assert {"src/**", "languages.py", "syntaxes.py", "build.sh", "tsconfig.json"} <= set(unpacked)


# The server's settings, its fix-all, the grammars and language configurations (package.json).

PROPERTIES: dict[str, Any] = MANIFEST["contributes"]["configuration"]["properties"]


def test_the_servers_settings_are_contributed_under_its_names_and_defaults() -> None:
    from decklint.server.lifecycle import _settings
    from decklint.server.network import Settings

    assert PROPERTIES["decklint.baseline"]["type"] == "string"
    assert PROPERTIES["decklint.baseline"]["default"] == ""
    defaults = Settings()
    assert PROPERTIES["decklint.debounce"]["default"] == defaults.debounce_ms
    assert PROPERTIES["decklint.wholeDelay"]["default"] == defaults.full_delay_ms
    for name in ("debounce", "wholeDelay"):
        assert PROPERTIES[f"decklint.{name}"]["type"] == "integer"
    # the names as the server reads them, in the section the client sends
    sent = {"decklint": {"baseline": "b.json", "debounce": 7, "wholeDelay": 9, "path": "x"}}
    assert _settings(sent, defaults) == Settings("b.json", 7, 9)
    assert _settings({"decklint": {"baseline": ""}}, Settings("b.json")).baseline is None
    source = (EXTENSION / "src" / "extension.ts").read_text(encoding="utf-8")
    assert 'configurationSection: "decklint"' in source and "initializationOptions" in source


def test_every_language_has_a_grammar_and_a_configuration() -> None:
    grammars = {g["language"]: g for g in MANIFEST["contributes"]["grammars"]}
    assert sorted(grammars) == sorted(lang["id"] for lang in LANGUAGES)
    for lang in LANGUAGES:
        config = json.loads((EXTENSION / lang["configuration"]).read_text(encoding="utf-8"))
        assert config["comments"] and config["brackets"] == [["(", ")"]]
        grammar = grammars[lang["id"]]
        text = json.loads((EXTENSION / grammar["path"]).read_text(encoding="utf-8"))
        assert text["scopeName"] == grammar["scopeName"]
    # the card decks share one grammar, and no scope names two grammars
    paths = {g["scopeName"]: g["path"] for g in grammars.values()}
    assert len(set(paths.values())) == len(paths)
    assert grammars["vtam"]["scopeName"] == grammars["ncp"]["scopeName"]


def test_fix_all_is_declared_for_every_language_with_the_servers_kind() -> None:
    from decklint.server.actions import FIX_ALL, FIX_ALL_TITLE

    (declared,) = MANIFEST["contributes"]["codeActions"]
    assert sorted(declared["languages"]) == sorted(lang["id"] for lang in LANGUAGES)
    assert [(a["kind"], a["title"]) for a in declared["actions"]] == [(FIX_ALL, FIX_ALL_TITLE)]


@pytest.mark.parametrize("dialect", dialects.names())
def test_comment_toggling_writes_the_comment_suppressions_write(dialect: str) -> None:
    """Toggling a comment writes the dialect's own comment (the one "suppress here" writes),
    in column 1 where only column 1 makes a comment (cards, IVTPRMxx, SIT overrides)."""
    from decklint.server.actions import comment_prefix

    lang = next(lang for lang in LANGUAGES if lang["id"] == TO_LANGUAGE[dialect])
    comments = json.loads((EXTENSION / lang["configuration"]).read_text())["comments"]
    prefix = comment_prefix(dialect)
    if prefix == "/*":
        assert comments == {"blockComment": ["/*", "*/"]}
        return
    toggle = comments["lineComment"]
    column1 = dialects.get(dialect).card_image or dialect in ("ivtprm", "cicssit")
    assert toggle == ({"comment": prefix, "noIndent": True} if column1 else prefix)


def test_card_decks_have_rulers_around_column_72_and_no_tabs() -> None:
    defaults = MANIFEST["contributes"]["configurationDefaults"]
    for dialect in dialects.names():
        got = defaults.get(f"[{TO_LANGUAGE[dialect]}]", {})
        if dialects.get(dialect).card_image:
            assert got == {"editor.rulers": [71, 72], "editor.insertSpaces": True}, dialect
        elif dialect == "bpxprm":
            assert got == {"editor.rulers": [71]}  # columns 72-80 are not read
        else:
            assert got == {}, dialect


def _enter(rules: list[dict[str, Any]], line: str) -> str | None:
    """The next line's start after Enter at the end of `line`, as VS Code makes it from the
    onEnterRules (the first that matches: the line's indentation, then appendText)."""
    for rule in rules:
        if re.search(rule["beforeText"], line):
            assert rule["action"]["indent"] == "none"
            return str(re.match(r"\s*", line).group()) + rule["action"]["appendText"]  # type: ignore[union-attr]
    return None


def test_enter_after_a_continued_card_goes_to_column_16() -> None:
    config = json.loads((EXTENSION / "language-configuration" / "cards.json").read_text())
    rules = config["onEnterRules"]
    for first in (
        "APPLS    VBUILD TYPE=APPL,",
        "         APPL  AUTH=(ACQ),",
        "  LABEL  APPL  AUTH=(ACQ),",
        "               DLOGMOD=D4A32782,",
    ):
        card = first.ljust(71) + "X"
        assert _enter(rules, card) == " " * 15, first
        assert _enter(rules, card + "SEQ00010") == " " * 15, first
        assert _enter(rules, first) is None  # not continued
    # a start list continues in column 1
    assert _enter(rules, "SSCPID=02,SSCPNAME=LAB,".ljust(71) + "-") is None
    assert _enter(rules, "APPLFEAT,".ljust(71) + "-") is None


# The .vsix, built by build.sh in a copy of the folder.


def _node_major() -> int | None:
    node = shutil.which("node")
    if node is None or shutil.which("npm") is None:
        return None
    out = subprocess.run([node, "--version"], capture_output=True, text=True, check=False)
    m = re.match(r"v(\d+)\.", out.stdout.strip())
    return int(m.group(1)) if m else None


VSIX = f"decklint-{MANIFEST['version']}.vsix"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """editors/vscode as build.sh leaves it: node_modules (the development packages too) and
    the .vsix. CI builds it before the tests and names the folder in DECKLINT_VSCODE_BUILT;
    otherwise it is built here, once, in a copy of the folder."""
    ready = os.environ.get("DECKLINT_VSCODE_BUILT")
    if ready:
        assert (Path(ready) / VSIX).is_file(), f"{ready} holds no {VSIX}: run build.sh there"
        return Path(ready)
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
    assert (work / VSIX).is_file(), sorted(p.name for p in work.iterdir())
    return work


@pytest.fixture(scope="module")
def vsix(built: Path) -> Path:
    return built / VSIX


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
    assert {
        "extension/out/extension.js",
        "extension/out/sniff.js",
        "extension/out/python.js",
    } <= names
    for grammar in packed["contributes"]["grammars"]:  # every grammar and configuration packed
        assert "extension/" + grammar["path"][2:] in names
    for lang in packed["contributes"]["languages"]:
        assert "extension/" + lang["configuration"][2:] in names
    assert not [n for n in names if "/vscode-textmate/" in n or n.startswith("extension/test/")]
    for package in ("vscode-languageclient", "vscode-languageserver-protocol", "vscode-jsonrpc"):
        assert f"extension/node_modules/{package}/package.json" in names, package
    assert "extension/node_modules/vscode-languageclient/node.js" in names
    assert not [n for n in names if n.startswith("extension/src/") or n.endswith(".ts")]
    assert not [n for n in names if "/typescript/" in n or "/@vscode/vsce" in n]
    assert "extension/languages.py" not in names and "extension/readme.md" in names
    assert "extension/syntaxes.py" not in names


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
    **more: Any,
) -> Any:
    """Run the built extension; `more`: the harness's other settings (HARNESS_<NAME>, as JSON;
    PATH as it is)."""
    env = dict(os.environ, HARNESS_UNTRUSTED="0" if trusted else "1")
    for name, value in more.items():
        env[name if name == "PATH" else f"HARNESS_{name.upper()}"] = (
            value if name == "PATH" else json.dumps(value)
        )
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
    if decklint_path is None or "server" not in main.list_commands(click.Context(main)):
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


# The grammars, as VS Code's own tokenizer reads them (editors/vscode/test/tokenize.js runs
# vscode-textmate over Oniguruma, the development packages of the built folder).

Tokens = list[list[tuple[int, int, list[str]]]]  # per line: (start, end, scopes)
SCOPES = {g["language"]: g["scopeName"] for g in MANIFEST["contributes"]["grammars"]}


@pytest.fixture(scope="module")
def tokenize(built: Path) -> Any:
    grammars = {
        g["scopeName"]: str(EXTENSION / g["path"]) for g in MANIFEST["contributes"]["grammars"]
    }

    def run(docs: list[tuple[str, str]]) -> list[Tokens]:
        """Tokens of each (dialect, text)."""
        request = {
            "grammars": grammars,
            "documents": [{"scope": SCOPES[TO_LANGUAGE[d]], "text": t} for d, t in docs],
        }
        got = subprocess.run(
            ["node", str(EXTENSION / "test" / "tokenize.js"), str(built)],
            input=json.dumps(request),
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert got.returncode == 0, got.stderr
        out: list[Tokens] = json.loads(got.stdout)
        return out

    return run


def scopes_at(tokens: Tokens, line: int, col: int) -> str:
    """The scopes at a 1-based line and column, as one string ('' for none)."""
    for start, end, names in tokens[line - 1]:
        if start <= col - 1 < end:
            return " ".join(names[1:])
    return ""


def _feature_decks() -> list[tuple[str, Path]]:
    return [
        (p.parent.name, p)
        for p in sorted((FIXTURES / "dialects").glob("*/*"))
        if p.is_file() and p.suffix != ".yaml"
    ]


def _disagreements(dialect: str, path: Path, text: str, tokens: Tokens) -> tuple[list[str], int]:
    """Where the grammar colours a deck otherwise than decklint reads it, and how many places
    were compared (see the test below)."""
    from decklint.knowledge.catalog import catalog
    from decklint.server.actions import comment_prefix

    lines = text.splitlines()
    spec = dialects.get(dialect)
    parsed = spec.parse(SourceFile.from_text(str(path), text))
    entries = catalog(dialect)
    known = {n.split()[0] for n in (entries.statements if entries else ())}
    wanted: list[tuple[int, int, str]] = []
    split: set[int] = set()  # lines that go on with a quoted value of the card before
    for st in parsed.statements:
        if st.label_span is not None:
            wanted.append((st.label_span.line, st.label_span.col, "label"))
        statement = st.op.upper().split()[0] if st.op else ""
        if st.op_span is not None and (spec.card_image or statement in known):
            wanted.append((st.op_span.line, st.op_span.col, "keyword.other"))
        for o in st.operands:
            v = o.value.span
            if "'" in o.value.text and v.end_line > v.line:
                split.update(range(v.line + 1, v.end_line + 1))
            written = lines[o.span.line - 1][o.span.col - 1 :]
            if not o.name or o.span.line in split or not written.upper().startswith(o.name):
                continue
            after = written[len(o.name) :].lstrip(" ")[:1]
            if after in ("=", "(") or (dialect == "scf" and after not in ("", ",")):
                wanted.append((o.span.line, o.span.col, "variable.parameter"))
    prefixes = tuple(p for p in {comment_prefix(dialect), *spec.comment_prefixes, ".*"} if p)
    for c in parsed.read.comments:
        if c.text.lstrip().startswith(prefixes):
            wanted.append((c.line, c.col, "comment"))
    wanted += [(r.line, r.col, "comment") for u in parsed.read.units for r in u.remarks]
    wrong = [
        f"{path.name}:{line}:{col} {lines[line - 1][col - 1 : col + 19]!r}: "
        f"{scopes_at(tokens, line, col)!r}, not {scope}"
        for line, col, scope in wanted
        if scope not in scopes_at(tokens, line, col)
    ]
    return wrong, len(wanted)


def test_the_grammars_read_the_feature_decks_as_decklint_does(tokenize: Any) -> None:
    """On every feature deck: a statement's label, its name (its operation), the names of
    its operands written NAME=, NAME( (or SCF's NAME value), every comment written in the
    dialect's comment syntax and every remark are coloured as what decklint reads them as.

    Left out, and why: MODE.NSD's rows (a table told by the file's name alone), SCF's
    captured displays (output, not input), statements decklint does not know, and the
    operands of a card after a quoted value split across cards (each card is coloured on its
    own, so the rest of that card reads as quoted)."""
    decks = [
        (d, p, p.read_text(encoding="utf-8", errors="replace"))
        for d, p in _feature_decks()
        if p.name != "MODE.NSD" and p.suffix != ".scfout"
    ]
    got = tokenize([(d, text) for d, _, text in decks])
    wrong: list[str] = []
    checked = 0
    for (dialect, path, text), tokens in zip(decks, got, strict=True):
        bad, n = _disagreements(dialect, path, text, tokens)
        wrong += bad
        checked += n
    assert wrong == []
    assert checked > 600


CARD = "APPL1    APPL  AUTH=(ACQ),DLOGMOD=D4A32782,MODETAB=ISTINCLM,SSCPFM=USSSCS"


@pytest.mark.parametrize("dialect", ["vtam", "ncp", "ezacicd"])
def test_card_columns_are_set_apart(tokenize: Any, dialect: str) -> None:
    """Columns 1-71 hold the statement whatever runs up to column 71, a mark in column 72
    continues it, columns 73-80 (and beyond) are sequence data; continuation cards resume in
    column 16, a comment card is `*` or `.*` and one marked in column 72 (71 blank) goes on."""
    lines = [
        CARD[:71] + "X" + "SEQ00010",  # the operands reach column 71, the mark touches them
        "               USSTAB=US327X,VPACING=0       REMARK".ljust(71) + "+SEQ00020",
        "               PARSESS=YES,  LAST CARD      X'85' C'A B'".ljust(72) + "SEQ00030XX",
        "* A COMMENT CARD THAT RUNS INTO THE SEQUENCE FIELD".ljust(72, "-") + "SEQ00040",
        "* A COMMENT CARD THAT GOES ON" + " " * 42 + "*",
        "  ITS SECOND CARD IS A COMMENT TOO, WHATEVER IT STARTS WITH",
        ".* A MACRO COMMENT",
        "NEXT     APPL  PRTCT=C'A B',X=X'7F'",
    ]
    (tokens,) = tokenize([(dialect, "\n".join(lines))])
    assert "label" in scopes_at(tokens, 1, 1) and "operation" in scopes_at(tokens, 1, 10)
    assert "variable.parameter" in scopes_at(tokens, 1, 61)  # SSCPFM=, in columns 61-66
    assert "line-continuation" not in scopes_at(tokens, 1, 71)  # the S of USSSCS
    assert "line-continuation" in scopes_at(tokens, 1, 72)
    for col in range(73, 81):
        assert "sequence" in scopes_at(tokens, 1, col)
    assert "variable.parameter" in scopes_at(tokens, 2, 16)  # USSTAB= in column 16
    assert "label" not in scopes_at(tokens, 2, 16) and "operation" not in scopes_at(tokens, 2, 16)
    assert "remark" in scopes_at(tokens, 2, 46) and "line-continuation" in scopes_at(tokens, 2, 72)
    assert "remark" in scopes_at(tokens, 3, 31)  # after the first blank, even quotes
    assert "sequence" in scopes_at(tokens, 3, 73) and "sequence" in scopes_at(tokens, 3, 82)
    assert "comment" in scopes_at(tokens, 4, 1) and "sequence" in scopes_at(tokens, 4, 73)
    assert "line-continuation" in scopes_at(tokens, 5, 72)
    assert "comment" in scopes_at(tokens, 6, 3) and "comment" in scopes_at(tokens, 7, 1)
    assert "label" in scopes_at(tokens, 8, 1)  # the comment ended with the card after it
    assert "string" in scopes_at(tokens, 8, 23) and "string" in scopes_at(tokens, 8, 25)
    assert "storage.type.string" in scopes_at(tokens, 8, 22)  # the C of C'A B'


def test_dfhcsdup_columns_and_commands(tokenize: Any) -> None:
    lines = [
        "* A COMMENT",
        "DEFINE SESSIONS(S1) GROUP(G) DESCRIPTION(A LONG DESCRIPTION THAT RUNS P*SEQ00010",
        "ST COLUMN 71) MODENAME(#INTER)",
        "Def Connection(C1) Group(G)",
    ]
    (tokens,) = tokenize([("cics", "\n".join(lines))])
    assert "comment" in scopes_at(tokens, 1, 1)
    assert "command" in scopes_at(tokens, 2, 1) and "variable.parameter" in scopes_at(tokens, 2, 8)
    assert "line-continuation" in scopes_at(tokens, 2, 72) and "sequence" in scopes_at(
        tokens, 2, 73
    )
    assert "variable.parameter" in scopes_at(tokens, 3, 15)  # MODENAME(
    assert "command" in scopes_at(tokens, 4, 1)  # abbreviated, mixed case


@pytest.mark.parametrize(
    ("dialect", "text", "comments", "not_comments"),
    [
        # `;` outside quotes; a quoted `;` is no comment
        (
            "tcpip",
            "TCPCONFIG TCPSENDBFRSIZE 64K ; send\nAUTOLOG 5 FTPD JOBNAME 'A;B' ; x\n",
            [(1, 30), (2, 30)],
            [(2, 26)],
        ),
        (
            "bpxprm",
            "MAXPROCSYS(900) /* a comment\n  over two lines */ MAXUIDS(200)\n",
            [(1, 17), (2, 5)],
            [(2, 22)],
        ),
        (
            "tcpdata",
            "HOSTNAME MVSA  # a comment\nSYS1: DOMAINORIGIN X.COM ; another\n",
            [(1, 16), (2, 26)],
            [(2, 1)],
        ),
        (
            "scf",
            "ALTER LINE $A, QIOMODE ON -- why\n== a comment line\n",
            [(1, 27), (2, 1)],
            [(1, 16)],
        ),
        ("ivtprm", "* a comment\nFIXED MAX(120M)\n  ECSA MAX(80M)\n", [(1, 1), (3, 3)], [(2, 1)]),
        (
            "cm2",
            "// a comment\nDEFINE_MODE MODE_NAME(#BATCH) /* why */\n",
            [(1, 1), (2, 31)],
            [(2, 13)],
        ),
        ("tsm", "* a comment\n   TCPPort 1500\n", [(1, 1)], [(2, 4)]),
        ("nsdos", "; a comment\nTRMF 4464 ; why\n", [(1, 1), (2, 11)], [(2, 1)]),
        ("aix", "# a comment\nno -o thewall=8192\n", [(1, 1)], [(2, 1)]),
        ("as400", "/* a comment */\n  CRTMODD MODD(#BATCH) +\n    MAXSSN(8)\n", [(1, 4)], [(2, 3)]),
    ],
)
def test_free_format_comments_are_the_dialects(
    tokenize: Any,
    dialect: str,
    text: str,
    comments: list[tuple[int, int]],
    not_comments: list[tuple[int, int]],
) -> None:
    (tokens,) = tokenize([(dialect, text)])
    for line, col in comments:
        assert "comment" in scopes_at(tokens, line, col), (line, col)
    for line, col in not_comments:
        assert "comment" not in scopes_at(tokens, line, col), (line, col)


def test_statements_and_values_of_free_format_members(tokenize: Any) -> None:
    profile = "BEGINRoutes ROUTE 10.0.0.0/8 = ETH1 MTU 1492 ENDRoutes\nHOME\n  10.1.1.1 ETH1\n"
    bpx = "  MAXUIDS(200) MAXFILEPROC(64K)\n  FILESYSTYPE TYPE(ZFS)" + " " * 49 + "00010000\n"
    tsm = "SErvername  ADSM1\n   TCPServeraddress   10.1.1.20\n"
    cl = "LBL: CRTMODD MODD(#BATCH) +\n             MAXSSN(8)\n"
    prof, bpxprm, options, commands = tokenize(
        [("tcpip", profile), ("bpxprm", bpx), ("tsm", tsm), ("as400", cl)]
    )
    for line, col in ((1, 1), (1, 13), (1, 46), (2, 1)):  # BEGINRoutes ROUTE ... ENDRoutes
        assert "statement" in scopes_at(prof, line, col), (line, col)
    assert "address" in scopes_at(prof, 1, 19) and "address" in scopes_at(prof, 3, 3)
    assert "statement" in scopes_at(bpxprm, 1, 3) and "statement" in scopes_at(bpxprm, 1, 16)
    assert "variable.parameter" in scopes_at(bpxprm, 2, 15)  # TYPE(
    assert "sequence" in scopes_at(bpxprm, 2, 72)  # columns 72-80 are not read
    assert "statement" in scopes_at(options, 1, 1) and "statement" in scopes_at(options, 2, 4)
    assert "label" in scopes_at(commands, 1, 1) and "statement" in scopes_at(commands, 1, 6)
    assert "line-continuation" in scopes_at(commands, 1, 27)
    assert "variable.parameter" in scopes_at(commands, 2, 14)


def test_every_deck_is_tokenized_in_time(tokenize: Any) -> None:
    """Every deck of the fixtures, broken ones too, within the tokenizer's time limit per line
    (5 s: a grammar that backtracks without end fails here)."""
    decks = [
        (d, p.read_text(encoding="utf-8", errors="replace"))
        for d, p in [
            *_feature_decks(),
            *(
                (p.parent.parent.name, p)
                for p in sorted((FIXTURES / "dialects").glob("*/errors/*"))
            ),
        ]
        if p.suffix not in (".yaml", ".findings")
    ]
    long = "".join(f"L{i:07d} APPL  AUTH=(ACQ),X='{'A' * 50}\n" for i in range(2000))
    got = tokenize([*decks, ("vtam", long), ("vtam", "X" * 5000 + "'" * 500)])
    assert len(got) == len(decks) + 2


# The server's settings and the Python environment, through the built extension.

# A language server that writes down every message it gets: it asks for the decklint section
# of the configuration once initialized, says "stand-in ready" when it has the answer, and
# publishes a diagnostic once a change of decklint.debounce to 400 reaches it.
RECORDING_SERVER = r"""
import json, sys

log = open(sys.argv[1], "a")


def read():
    length = 0
    while True:
        line = sys.stdin.buffer.readline()
        if not line:
            sys.exit(0)
        if not line.strip():
            break
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
    return json.loads(sys.stdin.buffer.read(length))


def send(message):
    body = json.dumps({"jsonrpc": "2.0", **message}).encode()
    sys.stdout.buffer.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    sys.stdout.buffer.flush()


while True:
    message = read()
    log.write(json.dumps(message) + "\n")
    log.flush()
    method = message.get("method")
    if method == "initialize":
        send({"id": message["id"], "result": {"capabilities": {"textDocumentSync": 1}}})
    elif method == "initialized":
        items = [{"section": "decklint"}]
        send({"id": "pull", "method": "workspace/configuration", "params": {"items": items}})
    elif message.get("id") == "pull":
        send({"method": "window/logMessage", "params": {"type": 3, "message": "stand-in ready"}})
    elif method == "workspace/didChangeConfiguration":
        if ((message["params"]["settings"] or {}).get("decklint") or {}).get("debounce") == 400:
            at = {"line": 0, "character": 0}
            diagnostic = {"range": {"start": at, "end": at}, "message": "set", "code": "SET"}
            params = {"uri": "file:///changed", "diagnostics": [diagnostic]}
            send({"method": "textDocument/publishDiagnostics", "params": params})
    elif method == "shutdown":
        send({"id": message["id"], "result": None})
    elif method == "exit":
        sys.exit(0)
"""


def _script_file(path: Path, text: str) -> Path:
    path.write_text(text)
    path.chmod(0o755)
    return path


@pytest.mark.skipif(os.name == "nt", reason="the stand-in server is started as a script")
def test_settings_reach_the_server_at_start_on_request_and_on_change(
    unpacked: Path, tmp_path: Path
) -> None:
    log = tmp_path / "messages.jsonl"
    server = _script_file(tmp_path / "server.py", RECORDING_SERVER)
    decklint = _script_file(
        tmp_path / "decklint", f'#!/bin/sh\nexec "{sys.executable}" "{server}" "{log}"\n'
    )
    settings = {"baseline": ".decklint-baseline.json", "debounce": 300, "wholeDelay": 2000}
    report = _harness(
        unpacked,
        decklint,
        [MEMBER],
        30000,
        settings=settings,
        change={"when": "stand-in ready", "settings": {"debounce": 400}},
    )
    assert report["errors"] == [], report["output"]
    assert report["diagnostics"] == {"file:///changed": ["SET"]}, report["output"]
    got = [json.loads(line) for line in log.read_text().splitlines()]
    (init,) = [m for m in got if m.get("method") == "initialize"]
    assert init["params"]["initializationOptions"] == settings
    (answer,) = [m for m in got if m.get("id") == "pull"]  # workspace/configuration
    assert {k: answer["result"][0][k] for k in settings} == settings
    changes = [
        m["params"]["settings"]["decklint"]
        for m in got
        if m.get("method") == "workspace/didChangeConfiguration"
    ]
    assert changes[0]["debounce"] == 300 and changes[-1]["debounce"] == 400
    assert changes[-1]["baseline"] == settings["baseline"]


def test_the_extension_runs_decklint_as_decklint_starts_itself(unpacked: Path) -> None:
    """The code the extension gives `python -c` is decklint's own (decklint.platform.children): the
    import path cut to its absolute folders before decklint is imported."""
    from decklint.platform.children import _BOOT

    script = (
        "const M = require('module'), load = M._load;"  # no VS Code here: an empty stand-in
        "M._load = function (r, ...a) { return r === 'vscode' ? {} : load.call(this, r, ...a); };"
        "console.log(JSON.stringify(require(process.argv[1]).BOOT))"
    )
    run = subprocess.run(
        ["node", "-e", script, str(unpacked / "out" / "python.js")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == _BOOT


def test_decklint_runs_in_the_python_extensions_environment(unpacked: Path, tmp_path: Path) -> None:
    """decklint.path unset: the interpreter the Python extension selected runs the server, and
    a `decklint` package in the workspace folder (where the server runs) is not imported."""
    if "server" not in main.list_commands(click.Context(main)):
        pytest.skip("needs decklint with its server command")
    pytest.importorskip("pygls")
    folder = tmp_path / "repo"
    (folder / "decklint").mkdir(parents=True)
    marker = tmp_path / "PLANTED"
    (folder / "decklint" / "__init__.py").write_text(f"open({str(marker)!r}, 'w')\n")
    (folder / "decklint" / "__main__.py").write_text(f"open({str(marker)!r}, 'w')\n")
    report = _harness(
        unpacked,
        "",
        [MEMBER],
        60000,
        python={"interpreter": sys.executable},
        folders=[str(folder)],
    )
    assert report["errors"] == [], report["output"]
    assert report["diagnostics"][MEMBER["uri"]] == ["PRS001"], report["output"]
    assert f"starting {sys.executable} -c " in report["output"]
    assert report["python"] == 1 and not marker.exists()


def _recorder(path: Path, calls: Path, code: int) -> Path:
    """A program that writes down its arguments and exits with `code`."""
    return _script_file(path, f'#!/bin/sh\necho "$@" >> "{calls}"\nexit {code}\n')


@pytest.mark.skipif(os.name == "nt", reason="the stand-ins are shell scripts")
def test_an_environment_without_decklint_falls_back_to_decklint_on_the_path(
    unpacked: Path, tmp_path: Path
) -> None:
    calls = tmp_path / "calls"
    (tmp_path / "env" / "bin").mkdir(parents=True)
    python = _recorder(tmp_path / "env" / "bin" / "python", calls, 3)
    (tmp_path / "bin").mkdir()
    _recorder(tmp_path / "bin" / "decklint", calls, 2)
    path = os.pathsep.join([str(tmp_path / "bin"), os.environ.get("PATH", "")])
    report = _harness(unpacked, "", [MEMBER], 20000, python={"interpreter": str(python)}, PATH=path)
    probe, started = calls.read_text().splitlines()
    assert probe.startswith("-c ") and "find_spec('decklint')" in probe  # asked, not run
    assert started == "server"
    assert f"{python} has no decklint with its server extra" in report["output"]
    (message,) = report["errors"]  # the stand-in decklint on the PATH exits at once
    assert message.startswith('decklint: could not start "decklint server"')


@pytest.mark.skipif(os.name == "nt", reason="the stand-ins are shell scripts")
def test_an_interpreter_inside_an_untrusted_workspace_is_never_run(
    unpacked: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "repo"
    (folder / ".venv" / "bin").mkdir(parents=True)
    inside, outside = tmp_path / "inside", tmp_path / "outside"
    python = _recorder(folder / ".venv" / "bin" / "python", inside, 0)
    (tmp_path / "bin").mkdir()
    _recorder(tmp_path / "bin" / "decklint", outside, 2)
    path = os.pathsep.join([str(tmp_path / "bin"), os.environ.get("PATH", "")])
    more = {"python": {"interpreter": str(python)}, "folders": [str(folder)], "PATH": path}
    report = _harness(unpacked, "", [MEMBER], 20000, trusted=False, **more)
    assert not inside.exists(), "the workspace's interpreter was run"
    assert outside.read_text() == "server --untrusted\n"
    assert "inside the workspace, which is not trusted" in report["output"]
    # trusted, the project's own environment is the one to use: asked, then started
    outside.unlink()
    _harness(unpacked, "", [MEMBER], 20000, **more)
    probe, started = inside.read_text().splitlines()
    assert "find_spec('decklint')" in probe and started.endswith("main() server")
    assert not outside.exists()


@pytest.mark.skipif(os.name == "nt", reason="the stand-in decklint is a shell script")
def test_a_decklint_path_that_is_set_is_used_without_asking_the_python_extension(
    unpacked: Path, tmp_path: Path
) -> None:
    calls = tmp_path / "calls"
    decklint = _recorder(tmp_path / "decklint", calls, 2)
    report = _harness(unpacked, decklint, [MEMBER], 20000, python={"interpreter": "/nowhere"})
    assert calls.read_text() == "server\n" and report["python"] == 0
