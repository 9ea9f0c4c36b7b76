"""No input, however broken, gives a traceback: random text and mutated real decks, through
the whole CLI. Exit codes stay 0 or 1 (2 would mean an internal error was caught)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from decklint import dialects
from decklint.cli import main

from .conftest import CORPUS, FIXTURES

SOURCES = sorted(
    p for p in (FIXTURES / "networks").rglob("*") if p.is_file() and not p.name.startswith(".")
) + sorted(
    p
    for p in (FIXTURES / "dialects").glob("*/*")
    if p.is_file() and not p.name.endswith(".model.yaml")
)
CONFIGS = sorted((FIXTURES / "networks").rglob(".decklint.yaml"))
if CORPUS.is_dir():
    SOURCES += sorted(
        p
        for d in (
            "vtam",
            "ncp",
            "cics-csd",
            "tcpip-profile-zos",
            "tcpip-profile-vm",
            "bpxprm",
            "other",
        )
        for p in (CORPUS / d).glob("*")
    )

CARD_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,=()'*&.#@$-+X\n\t\r\x1a"
# Free-format profiles, parmlib members, SCF files and displays
FREE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcz0123456789 ,=()'\";#/*&.$\\%:-_\n\t"


def lint_bytes(tmp: Path, name: str, data: bytes, *extra: str) -> None:
    f = tmp / name
    f.write_bytes(data)
    res = CliRunner().invoke(main, ["lint", "--no-source", *extra, str(f)])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert res.exit_code in (0, 1), res.output
    assert "Traceback" not in res.output


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    text=st.text(alphabet=CARD_ALPHABET, max_size=600),
    dialect=st.sampled_from([*sorted(dialects.REGISTRY), None]),
)
def test_random_card_text(tmp_path: Path, text: str, dialect: str | None) -> None:
    extra = ("--dialect", dialect) if dialect else ()
    lint_bytes(tmp_path, "deck", text.encode("utf-8"), *extra)


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    text=st.text(alphabet=FREE_ALPHABET, max_size=600),
    dialect=st.sampled_from(["tcpip", "tcpdata", "ivtprm", "bpxprm", "scf", "tsm", None]),
)
def test_random_free_format_text(tmp_path: Path, text: str, dialect: str | None) -> None:
    extra = ("--dialect", dialect) if dialect else ()
    lint_bytes(tmp_path, "member", text.encode("utf-8"), *extra)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.binary(max_size=400))
def test_random_bytes(tmp_path: Path, data: bytes) -> None:
    lint_bytes(tmp_path, "ATCSTR00", data)
    lint_bytes(tmp_path, "deck.ncp", data)


def _mutations(data: bytes, rnd: random.Random) -> list[tuple[str, bytes]]:
    lines = data.split(b"\n")
    i = rnd.randrange(len(lines)) if lines else 0
    flipped = []
    for ln in lines:
        if len(ln) > 71:
            ch = b" " if ln[71:72] != b" " else b"X"
            ln = ln[:71] + ch + ln[72:]
        flipped.append(ln)
    noisy = bytearray(data)
    for _ in range(max(1, len(noisy) // 50)):
        if noisy:
            noisy[rnd.randrange(len(noisy))] = rnd.randrange(256)
    return [
        ("truncate", data[: len(data) // 2]),
        ("truncate-mid-card", data[: max(1, len(data) * 2 // 3)]),
        ("delete-card", b"\n".join(lines[:i] + lines[i + 1 :])),
        ("duplicate-card", b"\n".join(lines[: i + 1] + lines[i:])),
        ("flip-column-72", b"\n".join(flipped)),
        ("random-bytes", bytes(noisy)),
        ("binary", b"\x00" + data),
        ("shifted", b"\n".join(b" " + ln for ln in lines)),
    ]


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_mutated_decks(tmp_path: Path, source: Path) -> None:
    rnd = random.Random(source.name)
    data = source.read_bytes()
    for kind, mutated in _mutations(data, rnd):
        lint_bytes(tmp_path, source.name, mutated)
        assert kind


@pytest.mark.parametrize(
    "config", CONFIGS, ids=lambda p: p.parent.parent.name + "-" + p.parent.name
)
def test_mutated_configuration_is_an_error_not_a_traceback(tmp_path: Path, config: Path) -> None:
    rnd = random.Random(str(config))
    deck = tmp_path / "LAB45.ncp"
    deck.write_text("H1       HOST  UNITSZ=384,MAXBFRU=11\n")
    for _kind, mutated in _mutations(config.read_bytes(), rnd):
        (tmp_path / ".decklint.yaml").write_bytes(mutated)
        res = CliRunner().invoke(main, ["lint", "--no-source", str(deck)])
        assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
        assert res.exit_code in (0, 1, 2)
        if res.exit_code == 2:
            assert "configuration error" in res.output and ".decklint.yaml:" in res.output
