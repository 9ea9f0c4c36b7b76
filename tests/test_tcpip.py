"""The TCP/IP profile dialect: statement structure, stacks across INCLUDEs, defaults by release."""

from __future__ import annotations

import pytest

from decklint.api import lint_texts
from decklint.model.tcpip import vm_level, zos_level
from decklint.pipeline.debug import load


def ops(text: str) -> list[tuple[str, str, str]]:
    pf, _low = load("p.tcpip", text, "tcpip")
    return [(s.kind, s.op, " ".join(o.text for o in s.operands)) for s in pf.statements]


def test_abbreviations_and_mixed_case_become_the_full_keyword() -> None:
    got = ops(
        "TCPCONFig TCPSENDBfrsize 64K\nBEGINRoutes\n ROUTE DEFAULT 1.1.1.1 L MTU 1500\nENDR\n"
    )
    assert [g[1] for g in got] == ["TCPCONFIG", "BEGINROUTES", "ROUTE", "ENDROUTES"]


def test_a_statement_runs_over_lines_until_the_next_keyword() -> None:
    got = ops("IPCONFIG DATAGRAMFWD\n   DYNAMICXCF 10.1.1.1 255.255.255.0 2\nSOMAXCONN 1024\n")
    assert got == [
        ("statement", "IPCONFIG", "DATAGRAMFWD DYNAMICXCF 10.1.1.1 255.255.255.0 2"),
        ("statement", "SOMAXCONN", "1024"),
    ]


def test_port_is_scoped_to_its_block() -> None:
    got = ops("TELNETPARMS\n PORT 23\n TIMEMARK 600\nENDTELNETPARMS\nPORT\n 21 TCP FTPD\n")
    assert ("entry", "PORT", "23") in got  # a Telnet parameter
    assert ("entry", "PORT", "21 TCP FTPD") in got  # an entry of the PORT list
    assert ("entry", "TIMEMARK", "600") in got


def test_one_line_block_and_end_in_the_middle_of_a_line() -> None:
    got = ops("INTERNALCLIENTPARMS TIMEMARK 600 PORT 23 ENDINTERNALCLIENTPARMS SOMAXCONN 5\n")
    assert [g[:2] for g in got] == [
        ("block", "INTERNALCLIENTPARMS"),
        ("entry", "TIMEMARK"),
        ("entry", "PORT"),
        ("end", "ENDINTERNALCLIENTPARMS"),
        ("statement", "SOMAXCONN"),
    ]


def test_a_route_continued_on_the_next_line_stays_one_entry() -> None:
    got = ops("BEGINROUTES\n ROUTE DEFAULT 1.1.1.1 ETH1 MTU 1500\n    NODELAYACKS\nENDROUTES\n")
    assert ("entry", "ROUTE", "DEFAULT 1.1.1.1 ETH1 MTU 1500 NODELAYACKS") in got


def test_sequence_numbers_are_reported_and_ignored() -> None:
    line = "SOMAXCONN 1024".ljust(72) + "00010000"
    text = "\n".join(
        [line, line.replace("1024", "2048"), "TCPCONFIG DELAYACKS".ljust(72) + "00030000"]
    )
    res = lint_texts({"p.tcpip": text + "\n"})
    assert any(f.code == "PRS001" and "sequence numbers" in f.message for f in res.findings)
    pf = res.parsed["p.tcpip"]
    assert [o.text for o in pf.statements[0].operands] == ["1024"]


def test_unknown_parameter_near_miss_is_an_error_with_a_suggestion() -> None:
    res = lint_texts({"p.tcpip": "TCPCONFIG TCPSENDBUFRSIZE 64K\n"})
    (f,) = [f for f in res.findings if f.code == "PRS002"]
    assert f.severity.label == "error" and "did you mean TCPSENDBFRSIZE" in f.message


def test_include_joins_the_member_into_the_stack() -> None:
    res = lint_texts(
        {
            "prod/PROFILE.TCPIP": "TCPCONFIG TCPSENDBFRSIZE 64K\nINCLUDE TCPIP.PARMS(OSADEV)\n"
            "HOME 10.1.1.1 ETH1\nSTART OSA1\n",
            "prod/OSADEV": "DEVICE OSA1 MPCIPA\nLINK ETH1 IPAQENET OSA1\n",
        }
    )
    (stack,) = res.topology.of("tcpip_stack")
    assert stack.name == "PROD" and stack.value("files") == 2 and stack.value("complete")
    assert {e.node for e in res.topology.of("tcpip_link")} == {"tcpip:PROD"}
    assert not [f for f in res.findings if f.code in ("PRS005", "PRS010")]


def test_a_member_is_moved_into_the_stack_that_includes_it_symbols_too() -> None:
    res = lint_texts(
        {
            "prod/PROFILE.TCPIP": "INCLUDE TCPIP.PARMS(OSADEV)\nHOME 10.1.1.1 ETH1\n",
            "prod/OSADEV": "DEVICE OSA1 MPCIPA\nLINK ETH1 IPAQENET OSA1\nLINK ETH1 IPAQENET OSA1\n",
            "prod/PROFILE.TCPIP2": "INCLUDE TCPIP.PARMS(OSADEV)\n",
        }
    )
    topo = res.topology
    member = [e for e in topo.entities if e.path == "prod/OSADEV" and e.kind != "link"]
    assert member and {(e.scope, e.node) for e in member} == {("PROD", "tcpip:PROD")}
    assert {d.scope for d in topo.symbols.definitions if d.path == "prod/OSADEV"} == {"PROD"}
    assert topo.of("tcpip_link") == [e for e in topo.entities if e.kind == "tcpip_link"]
    (dup,) = [f for f in res.findings if f.code == "PRS004"]
    assert "stack PROD" in dup.message  # the member's names are checked in the stack
    # a file's own entities, as moved, in the order the files were merged; not what resolve
    # inferred from them (the stack, the nodes, the links)
    assert [path for path, _ents in topo.files()] == list(topo.dialects)
    assert topo.entities_of("prod/OSADEV") == member
    assert topo.entities[: topo.merged] == [e for _p, ents in topo.files() for e in ents]
    assert {e.kind for e in topo.entities[topo.merged :]} >= {"tcpip_stack", "node"}
    assert topo.entities_of("no/such/file") == []


def test_stacks_that_would_share_a_name_are_told_apart() -> None:
    res = lint_texts(
        {
            "a/SYS1/PROFILE.TCPIP": "DEVICE D1 MPCIPA\nLINK L1 IPAQENET D1\nHOME 1.1.1.1 L1\n",
            "b/SYS1/PROFILE.TCPIP": "DEVICE D1 MPCIPA\nLINK L1 IPAQENET D1\nHOME 1.1.1.2 L1\n",
        }
    )
    topo = res.topology
    names = sorted(e.name for e in topo.of("tcpip_stack"))
    assert names == ["SYS1", "SYS1/PROFILE.TCPIP"]
    for e in topo.of("tcpip_link"):
        assert e.node == f"tcpip:{e.scope}" and e.scope == ("SYS1" if "a/" in e.path else names[1])
    assert not [f for f in res.findings if f.code == "PRS004"]  # one D1 in each stack


def test_a_stack_of_one_file_keeps_the_elements_its_lowering_made() -> None:
    from decklint.pipeline.debug import load

    text = "DEVICE D1 MPCIPA\nLINK L1 IPAQENET D1\n"
    _pf, low = load("x/PROFILE.TCPIP", text, "tcpip")
    assert {(e.scope, e.node) for e in low.entities} == {("X", "tcpip:X")}
    res = lint_texts({"x/PROFILE.TCPIP": text})
    assert {(e.scope, e.node) for e in res.topology.of("tcpip_link")} == {("X", "tcpip:X")}


def test_undefined_link_is_an_error_in_a_complete_stack() -> None:
    res = lint_texts({"PROFILE.TCPIP": "TCPCONFIG RESTRICTLOWPORTS\nHOME 10.1.1.1 ETH9\n"})
    (f,) = [f for f in res.findings if f.code == "PRS005"]
    assert f.severity.label == "error"


def test_an_obeyfile_of_ports_and_home_addresses_is_no_stack_of_its_own() -> None:
    """PORT and HOME without a definition of the links: as often an OBEYFILE a running stack
    reads as a profile, so what it names and leaves uncoded is not judged as a whole stack's."""
    profile = "DEVICE D1 MPCIPA\nLINK ETH1 IPAQENET D1\nHOME 10.1.1.2 ETH1\nSTART D1\n"
    res = lint_texts(
        {"PROFILE.TCPIP": profile, "OBEYHOME": "PORT 21 TCP FTPD\nHOME 10.1.1.1 ETH1\n"}
    )
    assert [(f.code, f.severity.label) for f in res.findings if f.path == "OBEYHOME"] == [
        ("PRS005", "info")
    ]


def test_a_fragment_linted_alone_gets_information_unless_a_near_miss() -> None:
    frag = (
        "DEVICE OSA1 MPCIPA\nLINK ETH1 IPAQENET OSA1\nLINK ETH2 IPAQENET OSB\nHOME 1.1.1.1 ETHH1\n"
    )
    res = lint_texts({"OSADEV": frag})
    sev = {f.message.split()[1]: f.severity.label for f in res.findings if f.code == "PRS005"}
    assert sev == {"OSB": "info", "ETHH1": "error"}  # a near miss of ETH1


def test_duplicate_device_in_one_stack() -> None:
    res = lint_texts({"PROFILE.TCPIP": "SOMAXCONN 1024\nDEVICE D1 MPCIPA\nDEVICE D1 MPCIPA\n"})
    assert [f.span.line for f in res.findings if f.code == "PRS004"] == [3]


def test_defaults_follow_the_declared_release() -> None:
    from decklint.api import Options
    from decklint.core.settings import Settings

    def stack(release: str | None):  # type: ignore[no-untyped-def]
        facts = (("release", release, 2),) if release else ()
        opts = Options(settings=Settings(declared=(("MVS1", ".decklint.yaml", facts),)))
        res = lint_texts({"MVS1/PROFILE.TCPIP": "TCPCONFIG RESTRICTLOWPORTS\n"}, opts)
        (s,) = res.topology.of("tcpip_stack")
        return s

    old, new, unknown = stack("V1R5"), stack("V2R1"), stack(None)
    assert (old.value("somaxconn"), new.value("somaxconn")) == (10, 1024)
    assert (old.value("tcpsendbfrsize"), new.value("tcpsendbfrsize")) == (16384, 65536)
    assert old.get("somaxconn").note == "z/OS V1R5 (declared)"
    # not known: no value, and the note names both (the model does not pick one)
    assert unknown.value("somaxconn") is None
    assert unknown.get("somaxconn").note.startswith("10 before z/OS V2R1, 1024 from z/OS V2R1")


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("V1R5", (1, 5)),
        ("z/OS V2R1", (2, 1)),
        ("2.4", (2, 4)),
        ("OS/390 V2R10", (0, 10)),
        ("V2R10", (0, 10)),
        ("R15", (1, 5)),
        ("CS/390 R10", (0, 10)),
        ("nonsense", None),
    ],
)
def test_zos_levels(text: str, level: tuple[int, int] | None) -> None:
    assert zos_level(text) == level


def test_vm_levels() -> None:
    assert vm_level("FL310") == 310
    assert vm_level("function level 320") == 320
    assert vm_level("z/VM 6.4") == 400
    assert vm_level("VM/ESA 2.4.0") == 240


def test_a_block_end_written_as_two_words_is_named() -> None:
    text = "AUTOLOG 5\n  FTPD\nEND AUTOLOG\nPORT 21 TCP FTPD\n"
    res = lint_texts({"p.tcpip": text})
    (f,) = [f for f in res.findings if f.code == "PRS001"]
    assert "line 3 writes END AUTOLOG: the end is one word, ENDAUTOLOG" in f.message
    closed = lint_texts({"p.tcpip": text.replace("END AUTOLOG", "ENDAUTOLOG")})
    assert not [f for f in closed.findings if f.code == "PRS001"]
