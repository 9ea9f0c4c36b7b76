"""Hostile configurations, site rules and file names for the fuzzer (benchmarks/fuzz.py):
generators, and the checks that an outcome is handled (an exit status, no traceback, nothing
echoed from a file that is not a configuration, no control character, workflow command,
broken document or script link in any output)."""

from __future__ import annotations

import contextlib
import json
import random
import re
import urllib.parse
import xml.etree.ElementTree as ET
from pathlib import Path

from click.testing import CliRunner

from decklint.cli import main as cli_main

SECRET = "SECRET-4f1d-NOT-FOR-OUTPUT"
DECK = "H1       HOST  UNITSZ=384,MAXBFRU=11".ljust(72) + "00000100\n"
MODES = "T        MODETAB\nBATCH    MODEENT LOGMODE=#BATCH,RUSIZES=X'8585'\n         MODEEND\n"
CODES = ["NCP001", "VTM", "PRS", "ALL", "SNA001", "nope", "TCP019", "PRS012", "sna"]
KEYS = [
    "extends", "select", "ignore", "per-file-ignores", "rules", "fail-on", "dialects",
    "exclude", "bulk-modes", "network", "rule-paths", "nodes", "topology", "unknown",
]  # fmt: skip
FACTS = ["frame", "product", "peer", "mtu", "tcp-window", "processors", "adapter", "stacks"]
CONTROL = "\x00\x01\x07\x08\x0b\x0c\x0e\x1b\x7f\x85\x9b\u2028\u202e"
NAME_BITS = [
    "a", "deck", ".ncp", ".vtam", "\n", "::error file=pwn::x", "::add-mask::s", "##[group]",
    "%0A", "<b>&amp;'\"", "javascript:alert(1)", "\x1b[2J", "\x1b]0;t\x07", "\x9b31m", "\r",
    " ", "ÄÖ", "\u202e", "\t", "%", ",", ":", "=", "--format", "-", "\u2066", "\u2069",
    "\u200e", "\u200f", "\u061c", "\u202a", "www.evil-example.com", "@octocat", "#12",
    "\udcff", "\udc80",  # undecodable bytes of a name that is not UTF-8
]  # fmt: skip
BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


def _scalar(rnd: random.Random) -> object:
    return rnd.choice(
        [
            rnd.randint(-(10**6), 10**6),
            "9" * rnd.randint(1, 6000),
            rnd.random() * 10 ** rnd.randint(-300, 300),
            rnd.choice(CODES),
            "".join(rnd.choice(CONTROL + "ab:*[{&!|>%@`'\"\\") for _ in range(rnd.randint(0, 30))),
            True,
            None,
            [],
            {},
        ]
    )


def _value(rnd: random.Random, depth: int = 0) -> object:
    if depth > 3 or rnd.random() < 0.5:
        return _scalar(rnd)
    if rnd.random() < 0.5:
        return [_value(rnd, depth + 1) for _ in range(rnd.randint(0, 4))]
    keys = [*FACTS, *CODES, "files", "between", "severity", "options", "enabled"]
    return {str(rnd.choice(keys)): _value(rnd, depth + 1) for _ in range(rnd.randint(0, 4))}


def _structured(rnd: random.Random) -> dict[str, object]:
    data: dict[str, object] = {}
    for key in rnd.sample(KEYS, rnd.randint(1, 5)):
        if key == "extends":
            data[key] = rnd.choice(["secret.txt", "/etc/passwd", ".decklint.yaml", "no.yaml", "."])
        elif key in ("select", "ignore"):
            data[key] = rnd.sample(CODES, rnd.randint(0, 4))
        elif key == "rules":
            data[key] = {
                rnd.choice(CODES): {
                    "severity": rnd.choice(["error", "warning", "info", "loud", 3]),
                    "enabled": rnd.choice([True, False, "yes"]),
                    "options": _value(rnd),
                }
            }
        elif key == "rule-paths":
            data[key] = rnd.choice([["site"], ["/"], ["..", "site"], "site", [None]])
        elif key == "topology":
            ends = ["H1", "GHOST", "T", "", "h1", "\x1b"]
            data[key] = {
                "nodes": {rnd.choice(ends): {"files": ["*.ncp"], "frame": _scalar(rnd)}},
                "links": [
                    {"between": rnd.sample(ends, 2), rnd.choice([*FACTS, "medium"]): _scalar(rnd)}
                    for _ in range(rnd.randint(0, 3))
                ],
            }
        elif key == "nodes":
            data[key] = {"H1": {rnd.choice(FACTS): _scalar(rnd)}}
        else:
            data[key] = _value(rnd)
    return data


def _plausible(rnd: random.Random) -> dict[str, object]:
    """A configuration that validates, with hostile text where text is allowed."""
    odd = "".join(rnd.choice(NAME_BITS) for _ in range(rnd.randint(1, 3)))
    return {
        "select": rnd.sample(["ALL", "NCP", "VTM", "PRS", "SNA"], rnd.randint(1, 3)),
        "fail-on": rnd.choice(["error", "warning", "info"]),
        "exclude": [odd],
        "per-file-ignores": {odd: ["NCP001"]},
        "nodes": {"H1": {"frame": rnd.choice([521, 2048, 4105, 65535])}},
        "topology": {
            "nodes": {"H1": {"files": ["*.ncp", odd]}},
            "links": [
                {"between": ["H1", odd.upper() or "X"], "note": odd, "frame": 1033},
                {"between": ["H1", "T"], "medium": odd},
            ],
        },
    }


def _bomb(rnd: random.Random) -> str:
    width, depth = rnd.randint(2, 12), rnd.randint(2, 12)
    lines = ["a0: &a0 [x, x]"]
    for i in range(1, depth):
        lines.append(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * width)}]")
    lines.append(f"select: *a{depth - 1}")
    return "\n".join(lines) + "\n"


def _expression(rnd: random.Random, depth: int = 0) -> str:
    leaves = [
        "rusizes", "pacing_min", "len(name)", "'" + "\\x" * rnd.randint(0, 2) + "a'",
        "9" * rnd.randint(1, 5000), "coded('rusizes')", "matches(name, '(a+)+$')",
        "matches(name, '" + rnd.choice(["[A-Z]+", "(a|ab)*", "(a)\\\\1", "a{1,99999}", "(", "*"])
        + "')", "matches(name, '" + rnd.choice(REGEX_SHAPES).replace("\\", "\\\\") + "')",
        "min(name, 1)", "upper(1)", "'a' * 999999999", "1 / 0", "10 ** 99999",
        "coalesce()", "name[0]", "__import__", "true", "none",
    ]  # fmt: skip
    if depth > 4 or rnd.random() < 0.4:
        return rnd.choice(leaves)
    op = rnd.choice([" and ", " or ", " == ", " < ", " + ", " * ", " % ", " in "])
    left, right = _expression(rnd, depth + 1), _expression(rnd, depth + 1)
    return rnd.choice([f"{left}{op}{right}", f"not {left}", f"({left})", "not " * 3000 + left])


# Shapes that make a backtracking matcher slow, and constructs the automaton refuses.
REGEX_SHAPES = [
    "a*a*a*a*a*b", "(a+)+$", "(a|a)*b", "(.*)*x", ".*.*.*=", "(a|ab)*c", "x{1999}", "x{5000}",
    "(?=a)a", "a*+", "(?>a)", "(?i)[a-z]+\\b", "^(\\w+\\s?)*$", "[^\\W\\d]+",
]  # fmt: skip


def regex_case(rnd: random.Random) -> str | None:
    """A generated pattern matched by the site rules' automaton: the answer `re` gives on short
    subjects, and no more than a second (or a Cut) on long ones."""
    import time

    from decklint.lint import regex

    atoms = ["a", "b", "[ab]", "[^a]", ".", "\\d", "\\w", "\\s", "(a|b)", "(ab|a)", "\\b", "^", "$"]
    quants = ["", "*", "+", "?", "{2}", "{1,3}", "*?", "+?", "{0,2}"]
    pattern = "".join(rnd.choice(atoms) + rnd.choice(quants) for _ in range(rnd.randint(1, 6)))
    if rnd.random() < 0.3:
        pattern = rnd.choice(["(?i)", "(?m)", "(?s)", "(?a)"]) + pattern
    if rnd.random() < 0.2:
        pattern = f"({pattern})" + rnd.choice(["*", "+", "{2,4}"])
    if rnd.random() < 0.1:
        pattern = rnd.choice(REGEX_SHAPES)
    try:
        expected = re.compile(pattern)
        m = regex.Matcher(pattern)
    except (re.error, regex.Refused):
        return None
    for _ in range(20):
        s = "".join(rnd.choice("abAB1 _\nc") for _ in range(rnd.randint(0, 10)))
        if m.fullmatch(s) != (expected.fullmatch(s) is not None):
            return f"regex: {pattern!r} on {s!r} answers not as re does"
    s = rnd.choice(["a", "ab", "a b", "x"]) * rnd.randint(100, 2000)
    t = time.monotonic()
    with contextlib.suppress(regex.Cut):
        m.fullmatch(s)
    if time.monotonic() - t > 2.0:
        return f"regex: {pattern!r} took {time.monotonic() - t:.1f}s on {len(s)} characters"
    return None


SITE_RULE = """\
code: SIT{n:03d}
name: fuzz-site-rule
summary: A generated site rule.
severity: warning
target: model:{kind}
require: {require}
message: "m"
rationale: none
citation:
  document: appc
  section: RU size
"""


def config_case(rnd: random.Random, work: Path) -> tuple[str, list[str]]:
    """Write a hostile configuration (and maybe site rules) into `work`; the CLI arguments."""
    import yaml

    (work / "secret.txt").write_text(f"root:x:0:0:{SECRET}:/root:/bin/sh\n")
    (work / "h1.ncp").write_text(DECK)
    (work / "t.vtam").write_text(MODES)
    shape = rnd.randrange(5)
    if shape == 4:
        text = yaml.safe_dump(_plausible(rnd), allow_unicode=True)
    elif shape == 0:
        text = _bomb(rnd)
    elif shape == 1:
        text = yaml.safe_dump(_structured(rnd), allow_unicode=True)
    elif shape == 2:
        text = yaml.safe_dump(_structured(rnd))
        b = bytearray(text.encode())
        for _ in range(rnd.randint(1, 6)):
            i = rnd.randrange(len(b) + 1)
            b[i:i] = rnd.choice([b"&x ", b"*x", b"!!python/object:os.system ", b"{", b"\x00"])
        text = b.decode("utf-8", "replace")
    else:
        text = "rule-paths: [site]\n"
        site = work / "site"
        site.mkdir(exist_ok=True)
        kind = rnd.choice(["mode", "mode", "ncp_host", "link", "nope"])
        n = rnd.randint(0, 999)
        rule = SITE_RULE.format(n=n, kind=kind, require=json.dumps(_expression(rnd)))
        (site / f"SIT{n:03d}-fuzz-site-rule.yaml").write_text(rule)
    (work / ".decklint.yaml").write_text(text, encoding="utf-8", errors="surrogatepass")
    return text, ["lint", "--no-cache", "."]


def judge_config(output: str, exit_code: int, exc: BaseException | None) -> str | None:
    if exc is not None and not isinstance(exc, SystemExit):
        return f"traceback: {exc!r}"
    if exit_code not in (0, 1, 2):
        return f"exit {exit_code}"
    if SECRET in output:
        return "a configuration error quoted a file that is not a configuration"
    if "Traceback" in output or "; please report it" in output:
        return f"an internal error: {output[-300:]!r}"
    return None


def hostile_name(rnd: random.Random) -> str:
    name = "".join(rnd.choice(NAME_BITS) for _ in range(rnd.randint(1, 5)))
    name = name.replace("/", "_").replace("\x00", "_").strip() or "x"
    if name in (".", "..") or name.startswith("-"):
        name = "x" + name
    return name[:200] + rnd.choice([".ncp", ".vtam", ""])


_CONTROLS = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{BIDI}\ud800-\udfff]")
_COMMAND = re.compile(r"##\[|^\s*::", re.M)


def output_case(rnd: random.Random, work: Path) -> list[list[str]]:
    """Decks with hostile names and lines in `work`; the CLI runs whose outputs to judge."""
    names = []
    (work / "secret.txt").write_text(f"H1       HOST  UNITSZ=384 {SECRET}\n")
    tree = work / "tree"
    tree.mkdir()
    for _ in range(rnd.randint(1, 3)):
        name = hostile_name(rnd)
        line = rnd.choice([DECK, DECK.replace("H1 ", "H\x1b["), MODES + "\x9b2J\n"])
        line = line.replace("HOST", "HOST" + rnd.choice(["", *BIDI]), 1)
        try:
            if rnd.random() < 0.2:  # a link out of the tree linted: never read
                (tree / name).symlink_to(rnd.choice(["../secret.txt", str(work / "secret.txt")]))
            else:
                (tree / name).write_text(line)
        except (OSError, UnicodeEncodeError):
            continue
        names.append(f"tree/{name}")
    fmts = ["text", "parsable", "github", "json", "sarif", "junit"]
    runs = [["lint", "--no-cache", "--format", f, "--", *names] for f in fmts]
    runs.append(["lint", "--no-cache", "--format", rnd.choice(fmts), "tree"])
    runs += [["topology", "--format", f, "."] for f in ("html", "dot", "mermaid", "json")]
    return runs


def judge_output(
    args: list[str], output: str, exit_code: int, exc: BaseException | None
) -> str | None:
    if exc is not None and not isinstance(exc, SystemExit):
        return f"traceback: {exc!r}"
    if exit_code not in (0, 1) or "; please report it" in output:
        return f"exit {exit_code}: {output[-300:]!r}"
    fmt = args[args.index("--format") + 1]
    if SECRET in output:
        return f"{fmt}: a file a link outside the tree leads to was read"
    if fmt in ("text", "parsable", "github", "junit", "dot", "mermaid") and _CONTROLS.search(
        output
    ):
        return f"{fmt}: a control character reached the output"
    if fmt in ("text", "parsable", "junit") and _COMMAND.search(output):
        return f"{fmt}: a workflow command got through: {_COMMAND.search(output)!r}"
    if fmt == "github":
        for line in output.splitlines():
            if line.startswith("::") and not re.match(r"::(error|warning|notice) ", line):
                return f"github: a workflow command got through: {line[:80]!r}"
            if "##[" in line:
                return f"github: a workflow command got through: {line[:80]!r}"
    try:
        if fmt in ("json", "sarif"):
            json.loads(output)
        elif fmt == "junit":
            ET.fromstring(output)
    except (ValueError, ET.ParseError) as exc2:
        return f"{fmt}: not well formed: {exc2}"
    if fmt == "html":
        for href in re.findall(r'href="([^"]*)"', output):
            if urllib.parse.urlsplit(href).scheme or href.startswith("//"):
                return f"html: a link that is not a relative file: {href[:80]!r}"
    return None


def invoke(args: list[str], cwd: Path) -> tuple[str, int, BaseException | None]:
    import os

    here = os.getcwd()
    os.chdir(cwd)
    try:
        res = CliRunner().invoke(cli_main, args)
    finally:
        os.chdir(here)
    return res.output, res.exit_code, res.exception


# A workspace that plants code: what a repository may hold to be run by whoever opens it.
PLANTED_MODULES = ["decklint.py", "multiprocessing.py", "click.py", "lark.py", "yaml.py"]
PLANTED_PACKAGES = ["decklint", "concurrent", "pickle"]
PLANTED_PROGRAMS = ["git", "python3", "decklint", "sh"]
SITE_SAYS = "SITE-RULE-RAN-IN-AN-UNTRUSTED-FOLDER"


def workspace_case(rnd: random.Random, work: Path) -> tuple[Path, list[str], dict[str, str]]:
    """A workspace holding planted code, a committed cache key with entries sealed by it, and
    a configuration that names site rules and other files; the marker any planted code would
    create, the `decklint` arguments, and the environment (a relative DECKLINT_CACHE_DIR into
    the workspace, a PATH with the workspace's own folders first)."""
    import os

    from decklint.platform import store

    marker = work.parent / f"{work.name}-PWNED"
    payload = f"open({str(marker)!r}, 'w').close()\n"
    for name in rnd.sample(PLANTED_MODULES, rnd.randint(1, len(PLANTED_MODULES))):
        (work / name).write_text(payload)
    for pkg in rnd.sample(PLANTED_PACKAGES, rnd.randint(1, len(PLANTED_PACKAGES))):
        (work / pkg).mkdir(exist_ok=True)
        for inner in ("__init__.py", "__main__.py"):
            (work / pkg / inner).write_text(payload)
    (work / "bin").mkdir()
    for prog in PLANTED_PROGRAMS:
        for where in (work / prog, work / "bin" / prog):
            if where.exists():
                continue  # a planted package of that name
            where.write_text(f"#!/bin/sh\ntouch '{marker}'\n")
            where.chmod(0o755)
    (work / "t.vtam").write_text(MODES)
    (work / "h1.ncp").write_text(DECK)
    cache = work / ".cache" / "decklint"
    key = bytes(rnd.randrange(256) for _ in range(store.KEY_SIZE))
    vault = store.Vault(cache, key)
    from decklint.pipeline import cache as cache_mod

    area = f"files/{cache_mod.fingerprint()}"
    for _ in range(rnd.randint(1, 4)):
        name = f"{area}/{rnd.randbytes(1).hex()}/{rnd.randbytes(19).hex()}"
        vault.write(name, payload.encode())  # not even a pickle: must never be opened
    (cache / store.KEY_FILE).write_bytes(key)
    os.chmod(cache / store.KEY_FILE, 0o600)
    site = work / "site"
    site.mkdir()
    rule = SITE_RULE.format(n=1, kind="mode", require='"1 == 2"').replace(
        'message: "m"', f'message: "{SITE_SAYS}"'
    )
    (site / "SIT001-fuzz-site-rule.yaml").write_text(rule)
    config = {"rule-paths": ["site"]}
    if rnd.random() < 0.5:
        config["extends"] = "/etc/passwd"  # refused as no configuration, even when trusted
    import yaml

    (work / ".decklint.yaml").write_text(yaml.safe_dump(config))
    trust = ["--untrusted"] if rnd.random() < 0.7 else []  # trusted: only nothing may run
    args = ["lint", "--format", rnd.choice(["json", "text", "sarif"]), *trust, "."]
    path = os.pathsep.join([".", "bin", "", os.environ.get("PATH", "")])
    env = {"DECKLINT_CACHE_DIR": os.path.join(".cache", "decklint"), "PATH": path}
    return marker, args, env


def run_workspace(work: Path, args: list[str], env: dict[str, str]) -> tuple[str, int]:
    """`decklint ARGS` in a new process in the workspace, started as decklint starts its own."""
    import os
    import subprocess

    from decklint.platform import children

    got = subprocess.run(
        children.decklint_command(*args),
        cwd=work,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    return got.stdout + got.stderr, got.returncode


def judge_workspace(
    marker: Path, output: str, exit_code: int, untrusted: bool = True
) -> str | None:
    if marker.exists():
        return "code of the workspace ran"
    if "Traceback" in output or "; please report it" in output:
        return f"an internal error: {output[-300:]!r}"
    if not untrusted:
        return None if exit_code in (0, 1, 2) else f"exit {exit_code}"
    if exit_code not in (0, 1):
        return f"exit {exit_code}: {output[-300:]!r}"
    if SITE_SAYS in output:
        return "a site rule of an untrusted folder ran"
    if "not used in an untrusted folder: rule-paths" not in output:
        return "the run did not say what of the configuration it left out"
    return None
