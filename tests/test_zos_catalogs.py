"""The catalogs of the z/OS members (BPXPRMxx, IVTPRM00, EZACICD) are the only table of their
facts: every catalogued range and value list is enforced, what an entry rests on an assumed
fact is never an error, and `explain`, hover and completion answer from them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint import api
from decklint.cli import main
from decklint.dialects import facts
from decklint.dialects.catalog import catalog

PARSE = ("PRS001", "PRS002", "PRS003")
SRC = Path(__file__).resolve().parents[1] / "src" / "decklint"


def lint(files: dict[str, str]) -> list[tuple[str, str, str]]:
    res = api.lint_texts(files)
    return [(f.code, f.severity.label, f.message) for f in res.findings if f.code in PARSE]


# ------------------------------------------------------------------ BPXPRMxx


def test_altroot_takes_parm_as_ibms_own_syntax_example_codes_it() -> None:
    text = "ALTROOT FILESYSTEM('OMVS.ALTROOT') MOUNTPOINT('/sysalt') PARM(' ')\n"
    assert lint({"SYSA/BPXPRM00": text}) == []


def test_a_value_outside_a_confirmed_range_is_an_error_and_an_assumed_one_a_warning() -> None:
    got = lint({"SYSA/BPXPRM00": "MAXPROCSYS(2)\nMAXPTYS(0)\n"})
    assert got == [
        ("PRS003", "error", "MAXPROCSYS(2): outside the range 5-32767"),
        (
            "PRS003",
            "warning",
            "MAXPTYS(0): outside the range 1-32767 (an assumed fact, not confirmed in the manual)",
        ),
    ]


def test_a_value_list_and_the_largest_number_are_the_catalogs() -> None:
    got = lint({"SYSA/BPXPRM00": "FORKCOPY(XYZ)\nMAXCPUTIME(3000000000)\nMAXCPUTIME(32767K)\n"})
    assert got == [
        ("PRS003", "error", "FORKCOPY(XYZ): must be one of COPY, COW"),
        (
            "PRS003",
            "error",
            "MAXCPUTIME(3000000000): larger than 2147483647, the most a BPXPRMxx value may be",
        ),
        (
            "PRS003",
            "error",
            "MAXCPUTIME(32767K): larger than 16777215, the most a BPXPRMxx value may be",
        ),
    ]


def test_explain_answers_for_bpxprm() -> None:
    out = CliRunner().invoke(main, ["explain", "bpxprm:MAXPROCSYS"])
    assert out.exit_code == 0, out.output
    assert "range: 5-32767" in out.output and "default: 900" in out.output
    out = CliRunner().invoke(main, ["explain", "bpxprm:ALTROOT.PARM"])
    assert out.exit_code == 0 and "bpxprm:ALTROOT PARM" in out.output


# ------------------------------------------------------------------ IVTPRM00


def test_ivtprm_limits_and_pools_are_judged_by_the_catalog() -> None:
    text = "FIXED MAX(40000M)\nECSA MAX(120M)\nPOOL(180K,ECSA,2,1,30)\nPOOL(64K,ECSA,2,1,2)\n"
    assert lint({"IVTPRM00": text}) == [
        (
            "PRS003",
            "warning",
            "FIXED MAX(40000M): must be 1M-30720M (K or M suffix) (an assumed fact, not "
            "confirmed in the manual)",
        ),
        (
            "PRS003",
            "warning",
            "POOL expbuf 30: outside the range 1-22 for 180K buffers (an assumed fact, not "
            "confirmed in the manual)",
        ),
        ("PRS003", "error", "POOL bufsize 64K: must be one of 4K, 16K, 32K, 60K, 180K"),
    ]


def test_ivtprm_defaults_are_the_catalogs() -> None:
    res = api.lint_texts({"IVTPRM00": "ECSA MAX(120M)\n"})
    (csm,) = res.topology.of("csm_limits")
    assert csm.value("fixed_max") == 100 * 1024 * 1024 and not csm.coded("fixed_max")
    assert csm.value("hvcomm_max") == 2000 * 1024 * 1024


def test_explain_answers_for_ivtprm() -> None:
    out = CliRunner().invoke(main, ["explain", "ivtprm:FIXED"])
    assert out.exit_code == 0 and "operands (complete): MAX" in out.output
    out = CliRunner().invoke(main, ["explain", "ivtprm:FIXED.MAX"])
    assert "range: 1M-30720M" in out.output and "default: 100M" in out.output
