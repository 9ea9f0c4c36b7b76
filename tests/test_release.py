"""A node's release, declared or told by its decks, and the defaults it decides
(decklint.model.release): what is inferred and from what, shown in the topology and hover,
and how TCP001, TCP003, TCP006, TCP007, TCP020 and VMT001 judge what is not coded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from decklint import api, ide
from decklint.core.findings import Finding
from decklint.knowledge.catalog import OperandEntry
from decklint.model.release import Release, choice, ncp_level, release_of, zos_level
from decklint.report.topology import export, to_dot

from .helpers import options_for

# The shape of IBM's V2R1 sample profile: an OSA-Express QDIO interface defined by INTERFACE,
# ports reserved, TCPCONFIG and UDPCONFIG coding neither buffers nor SOMAXCONN (it relies on
# the V2R1 defaults).
SAMPLE = """\
TCPCONFIG RESTRICTLOWPORTS
UDPCONFIG RESTRICTLOWPORTS
PORT
   21 TCP OMVS              ; FTP server
   23 TCP TN3270            ; Telnet server
INTERFACE OSAQDIO1
 DEFINE IPAQENET
 PORTNAME OSAPRT1
 IPADDR 10.1.1.1/24
BEGINROUTES
ROUTE DEFAULT 10.1.1.254 OSAQDIO1 MTU 1492
ENDROUTES
START OSAQDIO1
"""
# The same stack on DEVICE and LINK: nothing tells its release.
OLD_STYLE = """\
TCPCONFIG RESTRICTLOWPORTS
DEVICE OSA1 MPCIPA
LINK ETH1 IPAQENET OSA1
HOME 10.1.1.1 ETH1
START OSA1
"""


def _lint(files: dict[str, str], opts: api.Options | None = None) -> api.LintResult:
    return api.lint_texts(files, opts)


def _found(res: api.LintResult, *codes: str) -> list[Finding]:
    return [f for f in res.findings if f.code in codes]


def _rel(res: api.LintResult, node: str, family: str = "zos") -> Release:
    return release_of(res.topology, node, family)


def _declared(tmp_path: Path, mp: pytest.MonkeyPatch, **nodes: dict[str, Any]) -> api.Options:
    return options_for(tmp_path, mp, config={"nodes": nodes})


# ------------------------------------------------------------------ what tells the release


def test_an_ipaqenet_interface_means_v1r10_or_later_and_says_it_is_assumed() -> None:
    rel = _rel(_lint({"PROD/PROFILE.TCPIP": SAMPLE}), "PROD")
    assert (rel.low, rel.high) == ((1, 10), None)
    assert rel.said == "z/OS V1R10 or later (INTERFACE ... DEFINE IPAQENET, assumed)"
    assert rel.where == "PROD/PROFILE.TCPIP line 6" and rel.assumed


def test_an_ipv6_interface_and_a_ttlsport_give_their_lowest_release() -> None:
    six = "INTERFACE V6OSA\n  DEFINE IPAQENET6 PORTNAME OSAPRT1 INTFID 7:7:7:7\n"
    rel = _rel(_lint({"IFACE6": six}, api.Options(dialect="tcpip")), "IFACE6")
    assert rel.low == (1, 4) and rel.said.startswith("z/OS V1R4 or later (INTERFACE")
    tn = "TELNETPARMS\n  TTLSPORT 992\n  CONNTYPE SECURE\nENDTELNETPARMS\n"
    rel = _rel(_lint({"TN/TNPROF": tn}, api.Options(dialect="tcpip")), "TNPROF")
    assert rel.low == (1, 7) and "TTLSPORT" in rel.said


def test_a_confirmed_since_is_not_assumed_and_the_highest_bound_wins() -> None:
    tn = "TELNETPARMS\n  TTLSPORT 992\n  NOSSLV3\nENDTELNETPARMS\n"
    rel = _rel(_lint({"TN/TNPROF": tn}, api.Options(dialect="tcpip")), "TNPROF")
    assert rel.said == "z/OS V2R1 or later (NOSSLV3)" and not rel.assumed
    both = SAMPLE + "GLOBALCONFIG AUTOIQDC\n"
    rel = _rel(_lint({"PROD/PROFILE.TCPIP": both}), "PROD")
    assert rel.low == (3, 1) and rel.said == "z/OS 3.1 or later (GLOBALCONFIG AUTOIQDC)"
    whats = [e.what for e in rel.evidence]
    assert whats == ["GLOBALCONFIG AUTOIQDC", "INTERFACE ... DEFINE IPAQENET"]


def test_every_file_of_the_node_tells_its_release() -> None:
    """A TCPIP.DATA beside the main profile belongs to the stack's node, and what it codes
    (UNRESPONSIVETHRESHOLD exists from z/OS V2R2) tells the stack's release too."""
    files = {"PROD/PROFILE.TCPIP": SAMPLE, "PROD/TCPIP.DATA": "UNRESPONSIVETHRESHOLD 25\n"}
    res = _lint(files)
    assert res.topology.site["PROD/TCPIP.DATA"] == "PROD"
    assert _rel(res, "PROD").said == "z/OS V2R2 or later (UNRESPONSIVETHRESHOLD)"


def test_nothing_tells_the_release_of_a_stack_on_devices_and_links() -> None:
    rel = _rel(_lint({"PROD/PROFILE.TCPIP": OLD_STYLE}), "PROD")
    assert (rel.low, rel.high, rel.said) == (None, None, "")


def test_a_declared_release_wins_over_what_the_decks_show(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opts = _declared(tmp_path, monkeypatch, PROD={"product": "zos", "release": "V2R4"})
    rel = _rel(_lint({"PROD/PROFILE.TCPIP": SAMPLE}, opts), "PROD")
    assert (rel.low, rel.high, rel.said) == ((2, 4), (2, 4), "z/OS V2R4 (declared)")
    assert rel.where == ".decklint.yaml line 4"


def test_a_vm_stack_is_not_given_a_z_os_release(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opts = _declared(tmp_path, monkeypatch, VMTCP={"product": "vm"})
    res = _lint({"VMTCP/PROFILE TCPIP": SAMPLE + "GLOBALCONFIG AUTOIQDC\n"}, opts)
    (s,) = res.topology.of("tcpip_stack")
    assert s.value("product") == "vm"
    assert _rel(res, "VMTCP", "vm").said == "" and _rel(res, "VMTCP", "zos").said == ""
    # and the z/OS defaults are none of its own
    assert s.value("somaxconn") is None and "not known" in s.get("somaxconn").note


def test_ncp_version_newdefn_and_the_cics_signature_fields() -> None:
    deck = "BUILD5   BUILD NEWNAME=N5,SUBAREA=5{}\nH5       HOST  UNITSZ=4096,MAXBFRU=2\n"
    res = _lint({"n5.ncp": deck.format(",VERSION=V7R5")})
    assert _rel(res, "N5", "ncp").said == "NCP V7R5 (BUILD VERSION)"
    res = _lint({"n5.ncp": "         OPTIONS NEWDEFN=YES\n" + deck.format("")})
    rel = _rel(res, "N5", "ncp")
    assert rel.low == (4, 2) and rel.said == "NCP V4R2 or later (NEWDEFN, assumed)"
    csd = (
        "DEFINE PROGRAM(P1) GROUP(G1) LANGUAGE(COBOL)\n"
        "       DEFINETIME(01/01/20 10:00:00) CHANGETIME(01/01/20 10:00:00)\n"
    )
    res = _lint({"CICSA/region.csd": csd}, api.Options(dialect="cics"))
    node = res.topology.site["CICSA/region.csd"]
    assert _rel(res, node, "cics").said == "CICS TS 5.1 or later (PROGRAM DEFINETIME)"


def test_an_operand_kept_after_its_last_release_tells_nothing() -> None:
    """`until:` is not evidence: VTAM Level 2's COLD start option in a start list."""
    res = _lint({"HOST/ATCSTR00": "SSCPNAME=HOST,COLD\n"}, api.Options(dialect="vtam"))
    assert all(not r.said for r in _releases(res).values())


def _releases(res: api.LintResult) -> dict[str, Release]:
    from decklint.model.release import releases

    return {f"{n}:{f}": r for n, fr in releases(res.topology).items() for f, r in fr.items()}


@pytest.mark.parametrize(
    ("text", "level"),
    [("V5R2.1", (5, 2)), ("V7R8F", (7, 8)), ("4.3", (4, 3)), ("none", None)],
)
def test_ncp_levels(text: str, level: tuple[int, int] | None) -> None:
    assert ncp_level(text) == level


def test_vtam_and_cics_levels_keep_their_products_apart() -> None:
    from decklint.model.release import FAMILIES

    vtam, cics = FAMILIES["vtam"].level, FAMILIES["cics"].level
    assert vtam("VTAM Level 2") < vtam("VTAM V3R4") < vtam("CS/390 V2R10") < vtam("z/OS V1R13")  # type: ignore[operator]
    assert vtam("V2R4") is None  # VTAM's or z/OS's: not read
    assert cics("CICS/ESA V4.1") < cics("CICS TS 1.3") < cics("CICS TS 5.1")  # type: ignore[operator]
    assert zos_level("z/OS 3.1") == (3, 1)


# ------------------------------------------------------------------ defaults by release


def _at(low: tuple[int, int] | None, high: tuple[int, int] | None) -> Release:
    return Release(low, high, "", "zos")


def test_each_value_holds_from_its_release_until_the_next() -> None:
    op = OperandEntry("X", default_by_release={"z/OS V1R13": 16384, "z/OS V2R1": 65536})
    assert choice(op, _at((1, 5), (1, 5))).value == 16384  # before the first: the first
    assert choice(op, _at((1, 13), (1, 13))).value == 16384
    assert choice(op, _at((2, 4), (2, 4))).value == 65536
    assert choice(op, _at((2, 1), None)).value == 65536  # V2R1 or later
    both = choice(op, _at((1, 10), None))
    assert not both.decided and both.said() == "16384 before z/OS V2R1, 65536 from z/OS V2R1"
    assert choice(op, _at(None, None)).values() == [16384, 65536]


def test_a_value_not_known_between_releases_is_said_so() -> None:
    op = OperandEntry(
        "X", default_by_release={"z/OS V1R5": 120, "z/OS V1R6": None, "z/OS V2R1": 1800}
    )
    assert choice(op, _at((1, 5), (1, 5))).value == 120
    middle = choice(op, _at((1, 13), (1, 13)))
    assert middle.value is None and not middle.decided and middle.values() == []
    assert choice(op, _at(None, None)).said() == (
        "120 before z/OS V1R6, 1800 from z/OS V2R1 (not known in between)"
    )


def test_defaults_of_another_products_releases_do_not_apply() -> None:
    op = OperandEntry("X", default_by_release={"z/OS V1R13": 16384, "z/OS V2R1": 65536})
    c = choice(op, Release(None, None, "", "vm"))
    assert c.value is None and c.values() == []
    assert choice(OperandEntry("Y", default=0), Release(None, None, "", "vm")).value == 0


# ------------------------------------------------------------------ the rules


def test_ibm_v2r1_sample_shape_gets_no_warning_for_relying_on_its_defaults() -> None:
    res = _lint({"PROD/PROFILE.TCPIP": SAMPLE})
    found = _found(res, "TCP001", "TCP006")
    assert found and {f.severity.label for f in found} == {"info"}
    send = next(f for f in found if "TCPSENDBFRSIZE" in f.message)
    assert send.message == (
        "stack PROD: TCPSENDBFRSIZE not coded: its default is 16384 before z/OS V2R1, 65536 "
        "from z/OS V2R1, and the stack's release is z/OS V1R10 or later (INTERFACE ... DEFINE "
        "IPAQENET, assumed), from PROD/PROFILE.TCPIP line 6; code TCPSENDBFRSIZE 65535 or more"
    )


def test_a_profile_whose_decks_show_v2r1_or_later_is_judged_on_the_v2r1_defaults() -> None:
    res = _lint({"PROD/PROFILE.TCPIP": SAMPLE + "GLOBALCONFIG AUTOIQDC\n"})
    assert _found(res, "TCP001", "TCP006") == []
    (s,) = res.topology.of("tcpip_stack")
    assert (s.value("tcpsendbfrsize"), s.value("somaxconn")) == (65536, 1024)
    assert s.get("somaxconn").note == "z/OS 3.1 or later (GLOBALCONFIG AUTOIQDC)"


def test_a_profile_declared_v1r13_is_warned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opts = _declared(tmp_path, monkeypatch, PROD={"product": "zos", "release": "V1R13"})
    found = _found(_lint({"PROD/PROFILE.TCPIP": SAMPLE}, opts), "TCP001", "TCP006")
    assert [(f.code, f.severity.label) for f in found] == [
        ("TCP001", "warning"),
        ("TCP001", "warning"),
        ("TCP006", "warning"),
    ]
    assert "SOMAXCONN 10 (not coded; the default 10 applies: z/OS V1R13 (declared))" in (
        found[2].message
    )


def test_a_profile_declared_v2r1_is_not(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opts = _declared(tmp_path, monkeypatch, PROD={"product": "zos", "release": "V2R1"})
    assert _found(_lint({"PROD/PROFILE.TCPIP": SAMPLE}, opts), "TCP001", "TCP006") == []


def test_an_unknown_release_gets_an_information_naming_both_defaults() -> None:
    found = _found(_lint({"PROD/PROFILE.TCPIP": OLD_STYLE}), "TCP006")
    assert [f.severity.label for f in found] == ["info"]
    assert found[0].message == (
        "stack PROD: SOMAXCONN not coded: its default is 10 before z/OS V2R1, 1024 from z/OS "
        "V2R1, and the stack's release is not known (declare it under nodes: in the "
        "configuration); code SOMAXCONN 1024 or more"
    )


def test_a_coded_somaxconn_is_compared_with_the_default_it_may_replace() -> None:
    found = _found(_lint({"PROD/PROFILE.TCPIP": OLD_STYLE + "SOMAXCONN 10\n"}), "TCP006")
    assert [f.severity.label for f in found] == ["warning"]
    assert "(coded as the default before z/OS V2R1, 10:" in found[0].message


def test_tcp003_names_both_windows_a_peer_may_meet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def window(w: int) -> list[Finding]:
        nodes = {"WS1": {"product": "windows", "peer": "PROD", "tcp-window": w}}
        opts = _declared(tmp_path, monkeypatch, **nodes)
        return _found(_lint({"PROD/PROFILE.TCPIP": OLD_STYLE}, opts), "TCP003")

    (one,) = window(65536)  # equal to the V2R1 default: differs only before V2R1
    assert one.severity.label == "info" and "16384 before z/OS V2R1" in one.message
    (every,) = window(32768)  # differs from both
    assert every.severity.label == "warning"


TELNET = "TELNETPARMS\n  PORT 23\n  TIMEMARK 600\n  INACTIVE 5400\n{}ENDTELNETPARMS\n"


def test_tcp007_and_tcp020_on_a_scaninterval_the_release_does_not_decide() -> None:
    res = _lint({"TN/TNPROF": TELNET.format("")}, api.Options(dialect="tcpip"))
    (scan,) = [f for f in _found(res, "TCP007") if "SCANINTERVAL" in f.message]
    assert scan.severity.label == "info"
    assert "its default is 120 before z/OS V1R6, 1800 from z/OS V2R1" in scan.message
    (over,) = _found(res, "TCP020")
    assert over.severity.label == "info" and "the server uses 600 for both" in over.message
    # NOSSLV3 exists from z/OS V2R1: SCANINTERVAL's default is 1800, above TIMEMARK 600
    res = _lint({"TN/TNPROF": TELNET.format("  NOSSLV3\n")}, api.Options(dialect="tcpip"))
    assert not [f for f in _found(res, "TCP007") if "SCANINTERVAL" in f.message]
    (over,) = _found(res, "TCP020")
    assert over.severity.label == "warning"
    assert over.message.endswith(
        "SCANINTERVAL 1800 is longer than TIMEMARK 600; the server uses 600 for both, so code "
        "SCANINTERVAL 600 or less (the tuning tips pair SCANINTERVAL 1800 with TIMEMARK 10800)"
    )


def test_vmt001_is_an_information_where_the_function_level_is_not_known(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    vm = {"VMTCP/PROFILE TCPIP": "ACBPOOLSIZE 10000\nASSORTEDPARMS NOSOURCEVIPA ENDASSORTEDPARMS\n"}
    (f,) = _found(_lint(vm, api.Options(dialect="tcpip")), "VMT001")
    assert f.severity.label == "info" and "level is not known" in f.message
    old = _declared(tmp_path, monkeypatch, VMTCP={"product": "vm", "release": "FL300"})
    (f,) = _found(_lint(vm, old), "VMT001")
    assert f.severity.label == "warning"
    new = _declared(tmp_path, monkeypatch, VMTCP={"product": "vm", "release": "FL310"})
    assert _found(_lint(vm, new), "VMT001") == []


# ------------------------------------------------------------------ where users see it


def test_the_topology_shows_each_nodes_release_and_what_tells_it() -> None:
    res = _lint({"PROD/PROFILE.TCPIP": SAMPLE, "OLD/PROFILE.TCPIP": OLD_STYLE})
    nodes = {n["name"]: n for n in export(res.topology, res.findings)["nodes"]}
    assert nodes["PROD"]["release"] == (
        "z/OS V1R10 or later (INTERFACE ... DEFINE IPAQENET, assumed)"
    )
    assert nodes["PROD"]["release_from"] == "PROD/PROFILE.TCPIP line 6"
    assert nodes["OLD"]["release"] is None
    dot = to_dot(export(res.topology, res.findings))
    assert 'label="PROD\\nTCP/IP\\nz/OS V1R10 or later\\n' in dot


def test_hover_names_the_nodes_release_and_the_default_it_decides() -> None:
    text = SAMPLE + "GLOBALCONFIG AUTOIQDC\n"
    res = _lint({"PROD/PROFILE.TCPIP": text})
    h = ide.hover(res, "PROD/PROFILE.TCPIP", text, 1, 2)
    assert h is not None
    md = h.markdown
    assert "release of PROD: z/OS 3.1 or later (GLOBALCONFIG AUTOIQDC)" in md
    assert "`TCPSENDBFRSIZE` not coded: the default `65536` (z/OS 3.1 or later" in md
    res = _lint({"PROD/PROFILE.TCPIP": OLD_STYLE})
    h = ide.hover(res, "PROD/PROFILE.TCPIP", OLD_STYLE, 1, 2)
    assert h is not None
    assert "release of PROD: not known" in h.markdown
    assert "16384 before z/OS V2R1, 65536 from z/OS V2R1 (the release does not decide)" in (
        h.markdown
    )


def test_the_topology_says_where_the_decks_contradict_a_declared_release(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opts = _declared(tmp_path, monkeypatch, PROD={"product": "zos", "release": "V1R13"})
    res = _lint({"PROD/PROFILE.TCPIP": SAMPLE + "GLOBALCONFIG AUTOIQDC\n"}, opts)
    (node,) = [n for n in export(res.topology, res.findings)["nodes"] if n["name"] == "PROD"]
    assert node["release"] == (
        "z/OS V1R13 (declared), but the decks use GLOBALCONFIG AUTOIQDC at PROD/PROFILE.TCPIP "
        "line 14, which exists from z/OS 3.1"
    )
    # the declaration still decides the defaults: the user said so
    assert [f.severity.label for f in _found(res, "TCP006")] == ["warning"]


def test_a_lint_run_does_not_import_the_editor_features() -> None:
    """Release inference looks statements up in `decklint.model.catalogued`; the editor features
    (hover, completion, navigation) must not come with it (55 ms of a 200 ms cold start)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from decklint import api\n"
        "api.lint_texts({'PROD/PROFILE.TCPIP': 'INTERFACE O DEFINE IPAQENET PORTNAME P\\n'})\n"
        "assert 'decklint.model.catalogued' in sys.modules\n"
        "print(sorted(m for m in ('decklint.ide.hover', 'decklint.ide.complete') "
        "if m in sys.modules))\n"
        "from decklint import ide\n"
        "assert callable(ide.hover) and callable(ide.hover)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_start_option_that_exists_only_from_a_release_tells_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The mechanism reads the catalogs' start options too (no VTAM start option is dated in
    the shipped catalog yet): a copy of the VTAM catalog dating NODETYPE to VTAM V4R1."""
    from decklint.knowledge import catalog as catalogs
    from decklint.model import release

    real = catalogs.catalog("vtam")
    assert real is not None
    options = dict(real.extra["start_options"])
    options["NODETYPE"] = {**options["NODETYPE"], "since": "VTAM V4R1"}
    data = {"product": "vtam", "statements": dict(real.raw), **real.extra}
    data["start_options"] = options
    dated = catalogs.build(data, "vtam.yaml")
    original = catalogs.catalog
    monkeypatch.setattr(catalogs, "catalog", lambda p: dated if p == "vtam" else original(p))
    release.dated_ops.cache_clear()
    try:
        res = _lint({"HOST/ATCSTR00": "SSCPNAME=HOSTA,NODETYPE=NN\n"}, api.Options(dialect="vtam"))
    finally:
        release.dated_ops.cache_clear()
    assert _rel(res, "HOSTA", "vtam").said == "VTAM V4R1 or later (NODETYPE)"
