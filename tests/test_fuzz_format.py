"""A bounded run of the fuzzer's format round trip (benchmarks/fuzz_format.py): lint -> format
-> format -> lint on random decks with remarks, markup and line ends; the long run is
`python benchmarks/fuzz.py --seconds 600`. Seed 77 is where the round trip first showed
`&amp;`, tags and no-break spaces dropped from remarks."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "fuzz_format.py"
_spec = importlib.util.spec_from_file_location("fuzz_format", _PATH)
assert _spec and _spec.loader
ff = importlib.util.module_from_spec(_spec)
sys.modules["fuzz_format"] = ff  # its dataclasses look their module up
_spec.loader.exec_module(ff)


@pytest.mark.parametrize("seed", [*range(60), 77])
def test_the_format_round_trip_keeps_every_byte_it_should(seed: int) -> None:
    case = ff.deck(random.Random(seed))
    assert ff.judge(case, ff.round_trip(case)) is None, case.text


def test_the_generator_makes_what_the_judge_is_for() -> None:
    cases = [ff.deck(random.Random(seed)) for seed in range(200)]
    assert {c.ends for c in cases} == set(ff.ENDS)
    assert any(c.faults for c in cases) and any(not c.faults for c in cases)
    assert {k for c in cases for k in c.faults} == {"push", "pull", "late", "past"}
    assert sum(bool(ff.MARKUP.search(c.text)) for c in cases) > 150


def test_the_judge_catches_what_it_is_for() -> None:
    case = ff.deck(random.Random(3))
    trip = ff.round_trip(case)
    assert ff.judge(case, trip) is None
    lost = trip.once.replace("&amp;", "&", 1) if "&amp;" in trip.once else trip.once + "<b>"
    assert "markup" in str(ff.judge(case, ff.Trip(trip.before, lost, lost, trip.after, ())))
    crlf = (
        trip.once.replace("\n", "\r\n")
        if "\r\n" not in trip.once
        else trip.once.replace("\r\n", "\n")
    )
    assert "line end" in str(ff.judge(case, ff.Trip(trip.before, crlf, crlf, trip.after, ())))
    assert "twice" in str(
        ff.judge(case, ff.Trip(trip.before, trip.once, trip.once + "\n", trip.after, ()))
    )
