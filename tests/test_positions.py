"""Spans map back to the exact physical text, for every operand of every deck we have."""

from __future__ import annotations

from pathlib import Path

import pytest

from decklint.api import decode
from decklint.core.ir import Value
from decklint.core.source import SourceFile, Span
from decklint.pipeline.debug import load

from .conftest import CORPUS, FIXTURES

FILES = sorted(
    p
    for p in (FIXTURES / "dialects").glob("*/*")
    if p.is_file() and not p.name.endswith(".model.yaml")
)
FILES += sorted(
    p
    for p in (FIXTURES / "networks").rglob("*")
    if p.is_file() and p.suffix != ".expected" and not p.name.startswith(".")
)
CORPUS_FILES = (
    sorted(p for d in ("vtam", "ncp", "cics-csd") for p in (CORPUS / d).glob("*") if p.is_file())
    if CORPUS.is_dir()
    else []
)


def _check(src: SourceFile, span: Span, text: str, what: str) -> None:
    if not text:
        return
    if span.line == span.end_line:
        assert src.extract(span) == text, f"{what}: {src.extract(span)!r} != {text!r} at {span}"
        return
    first = src.line_text(span.line)[span.col - 1]
    last = src.line_text(span.end_line)[span.end_col - 2]
    assert (first, last) == (text[0], text[-1]), f"{what}: ends {first}{last} vs {text!r}"


def _values(v: Value | None) -> list[Value]:
    if v is None:
        return []
    return [v, *(x for i in v.items for x in _values(i))]


def _roundtrip(path: Path) -> int:
    text, _why = decode(path.read_bytes())
    assert text is not None
    pf, _low = load(path.name, text)
    src = pf.source
    n = 0
    generated = {span for _macro, span in pf.expansions}  # they point at the call
    for st in pf.statements:
        if st.span in generated:
            continue
        if st.label and st.label_span:
            _check(src, st.label_span, st.label, "label")
        for o in st.operands:
            for v in _values(o.value):
                if v.kind != "empty":
                    _check(src, v.span, v.text, f"{st.op} value")
                    n += 1
            if o.name and st.dialect in ("vtam", "ncp"):
                raw = f"{o.name_text}={o.value.text}"
                _check(src, o.span, raw, f"{st.op} {o.name}")
    return n


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_fixture_spans_round_trip(path: Path) -> None:
    if path.parent.name == "errors":
        pytest.skip("error cases are checked by test_golden")
    _roundtrip(path)


@pytest.mark.skipif(not CORPUS_FILES, reason="shared corpus not available")
@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_corpus_spans_round_trip(path: Path) -> None:
    _roundtrip(path)


@pytest.mark.parametrize(
    "text", ["", "a\nb", "a\r\nb\r\n", "a\rb\n\n", "x\n\x1a", "x\n\x1a\r\n", "only"]
)
def test_lines_are_split_when_read_as_split_lines_splits_them(text: str) -> None:
    import pickle

    from decklint.core.source import Lines, split_lines

    lazy = SourceFile.from_text("p", text)
    assert isinstance(lazy.lines, Lines) and not lazy.lines.split  # not split yet
    eager = split_lines(text)
    assert tuple(lazy.lines) == eager and len(lazy.lines) == len(eager)
    assert lazy.lines[:2] == eager[:2] and lazy.lines == eager
    if eager:
        assert lazy.lines[-1] == eager[-1] and lazy.line_text(1) == eager[0]
    assert pickle.loads(pickle.dumps(lazy)).lines == eager
