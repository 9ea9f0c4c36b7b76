"""The content sniffers' cheap looks (`readers.base.may_hold`, `may_start`,
`may_start_with`) change no score, only the time.

A sniffer whose pattern cannot match without a word answers 0 at once when no line holds
one, and one whose strong lines start with its own keywords when no line starts with one;
`skips.ALWAYS` turns every such look off. Every fixture file, every file of the rule cases
and every file of the shared corpora (skipped when absent) is sniffed by every dialect both
ways: the scores must be equal. Then the looks on their own: a file that holds the word in
lower case, after a tab or a `SYSNAME:` prefix, or with a character beyond ASCII (a dotted
capital I, which a pattern matched in any case takes for an I) still gets its score.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from decklint import dialects
from decklint.core.source import SourceFile
from decklint.readers import skips

from .conftest import CORPUS, FIXTURES

CORPORA = ("corpus", "corpus-next", "corpus-3", "corpus-4")


def _scores(src: SourceFile) -> dict[str, float]:
    return {name: dialects.get(name).sniff(src) for name in dialects.names()}


def _same_both_ways(path: str, text: str, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Whether every dialect gives `text` the same score with and without the looks (asserted);
    whether any dialect gave it one."""
    guarded = _scores(SourceFile.from_text(path, text))
    monkeypatch.setattr(skips, "ALWAYS", True)
    every = _scores(SourceFile.from_text(path, text))
    monkeypatch.setattr(skips, "ALWAYS", False)
    assert guarded == every, path
    return any(every.values())


def _files(root: Path) -> Iterator[tuple[str, str]]:
    for p in sorted(root.rglob("*")):
        if p.is_file():
            yield str(p), p.read_bytes().decode("utf-8", errors="replace")


def test_every_fixture_file_scores_the_same_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    n = sum(_same_both_ways(path, text, monkeypatch) for path, text in _files(FIXTURES))
    assert n > 400


def test_every_rule_case_file_scores_the_same_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    n = 0
    for case_file in sorted((FIXTURES / "rules").glob("*.yaml")):
        data = yaml.safe_load(case_file.read_text(encoding="utf-8"))
        for case in (data.get("cases") or {}).values():
            for name, text in (case.get("files") or {}).items():
                n += _same_both_ways(f"{case_file.stem}/{name}", text, monkeypatch)
    assert n > 700


@pytest.mark.parametrize("folder", CORPORA)
def test_every_corpus_file_scores_the_same_both_ways(
    folder: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = CORPUS.parent / folder
    if not root.is_dir():
        pytest.skip(f"{root} is absent")
    assert sum(_same_both_ways(path, text, monkeypatch) for path, text in _files(root)) > 0


# A file each guarded sniffer scores, written so that only a careless look would miss it.
SCORED = {
    "as400": "pgm parm(&a)\n  dcl var(&a) type(*char)\n  crtmodd modd(m1)\nendpgm\n",
    "cics": "  define program(p1) group(g1)\nDELETE GROUP(G2)\n",
    "cm2": "define_mode mode_name(m1)\n  Define_TP tp_name(t)\n",
    "ezacicd": "LBL\n         ezacicd type=CICS\n",
    "ncp": "NCP1\tpccu CUADDR=1\nB1\tBuild MAXSUBA=31\n\tgenend\n",
    "nsdos": "trld 1,2\n",
    "aix": "no -o thewall=1024\n",
    "cicssit": "  dfhsit type=csect\n",
    "tcpip": "tcpconfig restrictlowports\n  udpconfig restrictlowports\nipconfig datagramfwd\n",
    "tcpdata": "SYSA: tcpipjobname TCPIP\nSYSA: datasetprefix TCPIP\n",
    "bpxprm": "filesystype type(ZFS)\n  entrypoint(IOEFSCM)\n",
    "tsm": "servername SRV1\n\tcommmethod tcpip\n",
    "ivtprm": "fixed max(120M)\n\tecsa max(240M)\n",
}


@pytest.mark.parametrize("dialect", sorted(SCORED))
def test_the_looks_find_the_words_in_any_case(
    dialect: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = SCORED[dialect]
    assert _same_both_ways("MEMBER01", text, monkeypatch)
    assert dialects.get(dialect).sniff(SourceFile.from_text("MEMBER01", text)) > 0


@pytest.mark.parametrize(
    "text",
    [
        "LBL1:crtmodd modd(m1)\n",
        "LBL1:\n   CRTMODD MODD(M1)\n",
        "  lbl1: chgvar var(&a) value(1)\n",
    ],
)
def test_the_cl_look_finds_a_command_after_its_label(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _same_both_ways("MEMBER01", text, monkeypatch)
    assert dialects.get("as400").sniff(SourceFile.from_text("MEMBER01", text)) > 0


def test_a_character_beyond_ascii_is_looked_at_by_the_pattern() -> None:
    """`EZACICD` written with a dotted capital I is no word an upper-case search finds, but
    the pattern, matched in any case, takes it for an I: text beyond ASCII always may hold
    the words, and the pattern decides."""
    from decklint.readers.base import may_hold

    plain = SourceFile.from_text("MEMBER01", "M1 XPCCU\n")
    assert not may_hold(plain, ("NOTHERE",)) and may_hold(plain, ("PCCU",))
    assert may_hold(SourceFile.from_text("MEMBER01", "M1 \u212a\n"), ("NOTHERE",))
    text = "SOCK1    EZAC\u0130CD TYPE=CICS\n"
    assert dialects.get("ezacicd").sniff(SourceFile.from_text("MEMBER01", text)) == 0.96
