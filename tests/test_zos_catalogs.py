"""The catalogs of the z/OS members (BPXPRMxx, IVTPRM00, EZACICD) are the only table of their
facts: every catalogued range and value list is enforced, what an entry rests on an assumed
fact is never an error, and `explain`, hover and completion answer from them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint import api
from decklint.cli import main
from decklint.knowledge import member_facts as facts
from decklint.knowledge.catalog import catalog

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


# ------------------------------------------------------------------ EZACICD

_LISTENER = (
    "         EZACICD TYPE=CICS,APPLID=CICSA,NTASKS=20,TRACE=MAYBE\n"
    "         EZACICD TYPE=LISTENER,APPLID=CICSA,PORT=99999,CSSTTYPE=KC\n"
)


def test_ezacicd_operands_are_judged_by_their_types_entry() -> None:
    """An operand the catalog lacks is information (its lists are not confirmed complete), and
    a value that breaks only an assumed fact a warning that says so."""
    assert lint({"EZACICD": _LISTENER}) == [
        (
            "PRS003",
            "warning",
            "TRACE=MAYBE: must be one of YES, NO (an assumed fact, not confirmed in the manual)",
        ),
        (
            "PRS003",
            "warning",
            "PORT=99999: outside the range 1-65535 (an assumed fact, not confirmed in the manual)",
        ),
        (
            "PRS002",
            "info",
            "EZACICD TYPE=LISTENER operand CSSTTYPE is not known; did you mean CSSTTYP? "
            "(decklint's list of its operands is not confirmed in the manual)",
        ),
    ]


def test_ezacicd_defaults_are_the_catalogs() -> None:
    res = api.lint_texts({"EZACICD": _LISTENER})
    (lst,) = res.topology.of("cics_listener")
    assert (lst.value("backlog"), lst.value("numsock"), lst.value("tranid")) == (20, 50, "CSKL")
    (cics,) = res.topology.of("cics_sockets")
    assert cics.value("tcpaddr") == "TCPIP" and cics.value("ntasks") == 20


def test_explain_answers_for_ezacicd() -> None:
    out = CliRunner().invoke(main, ["explain", "ezacicd:LISTENER.BACKLOG"])
    assert out.exit_code == 0, out.output
    assert "default: 20" in out.output and "Performance Tuning Tips" in out.output


# ------------------------------------------------------------------ the editor


def test_hover_and_completion_read_the_catalogs() -> None:
    from decklint.ide.complete import completions
    from decklint.ide.hover import hover

    def labels(path: str, text: str) -> list[str]:
        return [c.label for c in completions(path, text, 1, len(text) + 1)]

    assert labels("BPXPRM00", "FORKCOPY(") == ["COPY", "COW"]
    assert labels("BPXPRM00", "MAXPROC") == ["MAXPROCSYS", "MAXPROCUSER"]
    assert labels("EZACICD", "         EZACICD TYPE=") == ["INITIAL", "CICS", "LISTENER", "FINAL"]
    assert labels("EZACICD", "         EZACICD TYPE=LISTENER,NUMS") == ["NUMSOCK"]
    text = "FIXED MAX(120M)\n"
    h = hover(api.lint_texts({"IVTPRM00": text}), "IVTPRM00", text, 1, 12)
    assert h is not None and "range: 1M-30720M" in h.markdown and "default: 100M" in h.markdown
    text = "         EZACICD TYPE=LISTENER,PORT=3000,BACKLOG=40\n"
    h = hover(api.lint_texts({"EZACICD": text}), "EZACICD", text, 1, 45)
    assert h is not None and h.markdown.startswith("**BACKLOG** · ezacicd LISTENER")


# ------------------------------------------------------------------ the only table

PRODUCTS = ("bpxprm", "ivtprm", "ezacicd")
# The modules that read these catalogs: none may write a range, a default or a limit of its own.
READERS = (
    *(f"dialects/{d}/{m}.py" for d in PRODUCTS for m in ("reader", "lowering")),
    "checks/bpx001_limits_set.py",
    "checks/bpx002_maxsockets.py",
    "checks/tcp017_csm_limits.py",
    "checks/tcp018_cics_sockets.py",
)


def _bad(fact: facts.Fact) -> str | None:
    """A value the entry rejects: above its range, or not one of its values."""
    op = fact.entry
    if op.range is not None:
        hi = int(op.range[1])
        return f"{hi // 1024 + 1}K" if op.kind == "size" else str(hi + 1)
    if op.values and op.values != (op.name,):
        return "7" if op.kind == "int" else "ZZZZ"
    return None


def _cases() -> list[tuple[str, str, str, str]]:
    """(product, entry, file name, deck) for every catalogued range and value list."""
    cases = []
    bpx = catalog("bpxprm")
    assert bpx is not None
    for name, st in bpx.statements.items():
        if st.value is not None and (bad := _bad(facts.Fact(st.value, {}))) is not None:
            cases.append(("bpxprm", name, "SYSA/BPXPRM00", f"{name}({bad})\n"))
        for op in st.operands.values():
            if (bad := _bad(facts.Fact(op, {}))) is not None:
                cases.append(
                    ("bpxprm", f"{name}.{op.name}", "SYSA/BPXPRM00", f"{name} {op.name}({bad})\n")
                )
    ivt = catalog("ivtprm")
    assert ivt is not None
    pool = {"BUFSIZE": "4K", "BUFSOURCE": "ECSA", "INITBUF": "64", "MINFREE": "8", "EXPBUF": "16"}
    for name, st in ivt.statements.items():
        for op in st.operands.values():
            bad = _bad(facts.Fact(op, {}))
            if bad is None:
                continue
            if name == "POOL":
                values = [bad if k == op.name else v for k, v in pool.items()]
                deck = f"POOL({','.join(values)})\n"
            else:
                deck = f"{name} {op.name}({bad})\n"
            cases.append(("ivtprm", f"{name}.{op.name}", "IVTPRM00", deck))
    eza = catalog("ezacicd")
    assert eza is not None
    for name, st in eza.statements.items():
        for op in st.operands.values():
            if (bad := _bad(facts.Fact(op, {}))) is not None:
                deck = f"         EZACICD TYPE={name},{op.name}={bad}\n"
                cases.append(("ezacicd", f"{name}.{op.name}", "EZACICD", deck))
    return cases


@pytest.mark.parametrize(("product", "entry", "path", "deck"), _cases())
def test_every_catalogued_range_and_value_list_is_enforced(
    product: str, entry: str, path: str, deck: str
) -> None:
    got = [f for f in api.lint_texts({path: deck}).findings if f.code == "PRS003"]
    assert got, f"{product}:{entry}: {deck.strip()!r} is not reported"
    assert all(f.severity.label in ("error", "warning") for f in got)


def _facts(product: str) -> set[int]:
    """Every number a catalog states: defaults, range bounds, limits by buffer size."""
    cat = catalog(product)
    assert cat is not None
    numbers: set[int] = set()

    def take(body: object) -> None:
        if isinstance(body, bool):
            return
        if isinstance(body, int):
            numbers.add(body)
        elif isinstance(body, dict):
            for key, value in body.items():
                if key not in ("position", "max_length", "source", "note", "meaning"):
                    take(value)
        elif isinstance(body, list):
            for value in body:
                take(value)

    take(dict(cat.raw))
    take(dict(cat.extra))
    return {n for n in numbers if n >= 10}  # digits are structure too: exponents, indices


def test_no_range_or_default_of_these_catalogs_is_written_elsewhere() -> None:
    stated = set().union(*(_facts(p) for p in PRODUCTS))
    for module in READERS:
        tree = ast.parse((SRC / module).read_text())
        literals = {
            n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and type(n.value) is int
        }
        assert not literals & stated, f"{module} writes {sorted(literals & stated)} itself"


# ------------------------------------------------------------------ the TN3270E server

_SECURE = """TELNETGLOBALS
  TCPIPJOBNAME TCPIP
  NOSSLV2
  NOSSLV3
  TLSV1
  TLSV1.2
  NOTLSV1.1
  SHAREACB
  SMFPROFILE
ENDTELNETGLOBALS
TELNETPARMS
  SECUREPORT 992
  SSLV3
  INACTIVE 3600
ENDTELNETPARMS
BEGINVTAM
  PORT 992
  DEFAULTAPPL TSO
ENDVTAM
"""


def test_a_tn3270e_profile_may_code_the_ssl_and_tls_family() -> None:
    """SSLV3/NOSSLV3 (V2R1), TLSV1 and its versions are a server's statements: none is
    'not known; did you mean SSLV2'."""
    res = api.lint_texts({"TNPROF": _SECURE}, api.Options(dialect="tcpip"))
    assert [f for f in res.findings if f.code.startswith("PRS")] == []


def test_the_telnet_statements_carry_their_release() -> None:
    tcpip = catalog("tcpip")
    assert tcpip is not None
    since = {n: tcpip.raw[n].get("since") for n in ("SSLV3", "NOSSLV3", "SHAREACB", "SMFPROFILE")}
    assert since == {
        "SSLV3": "z/OS V2R1",
        "NOSSLV3": "z/OS V2R1",
        "SHAREACB": "z/OS V1R12",
        "SMFPROFILE": "z/OS V2R1",
    }
    out = CliRunner().invoke(main, ["explain", "tcpip:TLSV1.2"])
    assert out.exit_code == 0 and "not confirmed in the manual" in out.output


def test_explain_names_what_exists_near_an_unknown_key() -> None:
    out = CliRunner().invoke(main, ["explain", "bpxprm:MAXPROCSIS"])
    assert out.exit_code == 2 and "did you mean MAXPROCSYS" in out.output
    out = CliRunner().invoke(main, ["explain", "ivtprm:FIXED.MIN"])
    assert out.exit_code == 2 and "(its operands: MAX)" in out.output
