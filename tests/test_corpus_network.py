"""The network real systems' decks hold, drawn as a systems programmer draws it: the nodes as
the products are, and every link the decks state, none wrongly (../shared corpora; skipped
when absent). Each group of fixtures/corpus/groups.yaml is linted as one system, as a user
with `topology: systems:` would; the folders of corpus-4 are linted as they are."""

from __future__ import annotations

import fnmatch
from collections import Counter
from pathlib import Path

import pytest
import yaml

from decklint.api import Options, lint_paths
from decklint.core.settings import Settings

from .conftest import CORPUS, FIXTURES

SHARED = CORPUS.parent
pytestmark = pytest.mark.skipif(not SHARED.is_dir(), reason="shared corpus not available")


def _group(name: str) -> list[str]:
    spec = yaml.safe_load((FIXTURES / "corpus" / "groups.yaml").read_text())
    files = [
        p.relative_to(SHARED).as_posix()
        for folder in ("corpus", "corpus-next", "corpus-3")
        for p in (SHARED / folder).rglob("*")
        if p.is_file()
    ]
    return sorted(f for f in files if any(fnmatch.fnmatch(f, g) for g in spec[name]))


def drawing(paths: list[str], system: str | None = None) -> tuple[dict, Counter]:  # type: ignore[type-arg]
    settings = Settings(system_files=((system, tuple(paths)),)) if system else Settings()
    topo = lint_paths(paths, Options(settings=settings)).topology
    nodes = {n.name: (n.value("product"), n.value("files")) for n in topo.of("node")}
    links = Counter(
        (e.value("kind"), e.value("status"), e.value("node_a"), e.value("node_b"))
        for e in topo.of("link")
    )
    return nodes, links


def test_tk4_four_channel_four_inn_four_owner_links_one_vtam(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """TK4-'s VTAMLST and VTAMSRC with its two mode tables, kept in other folders: one VTAM
    holding every member and table, four local NCPs it owns over a channel, four remote ones
    each reached through its local NCP's INNODE and owned by the same VTAM."""
    monkeypatch.chdir(SHARED)
    nodes, links = drawing(_group("tk4-system"))
    assert nodes == {
        "ATCSTR00": ("VTAM", 16),  # 14 members of VTAMLST and VTAMSRC, and the two tables
        **{f"N{n:02d}": ("NCP", 1) for n in (7, 8, 10, 11, 12, 13, 14, 15)},
    }
    local, remote = (7, 10, 12, 14), (8, 11, 13, 15)
    assert links == Counter(
        [("channel", "matched", f"N{n:02d}", "ATCSTR00") for n in local]
        + [("owner", "matched", f"N{n:02d}", "ATCSTR00") for n in remote]
        + [("inn", "matched", f"N{a:02d}", f"N{b:02d}") for a, b in zip(local, remote, strict=True)]
    )


def test_colinpaice_adcd_trle_interface_tn3270e_stack_and_bpxprm_stacks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One z/OS system's folder: the TRLE's port is the one IFACE6's INTERFACE uses, the
    TN3270E server names its stack, BPXPRM00 names four stacks under CINET; the two profile
    members are one stack, and VTAM and z/OS UNIX are nodes of their own."""
    monkeypatch.chdir(SHARED)
    nodes, links = drawing(["corpus-3/colinpaice-adcd"])
    assert nodes == {
        "COLINPAICE-ADCD": ("VTAM", 1),
        "TCPIP": ("TCP/IP", 2),
        "TN3270": ("TN3270E server", 2),
        "OMVS": ("z/OS UNIX", 1),
        "TCPIP2": ("TCP/IP", 0),
        "TCPIP3": ("TCP/IP", 0),
        "TCPIP4": ("TCP/IP", 0),
    }
    assert links == Counter(
        [
            ("trl", "matched", "TCPIP", "COLINPAICE-ADCD"),
            ("telnet", "matched", "TN3270", "TCPIP"),
            ("bpxprm", "matched", "OMVS", "TCPIP"),
            ("bpxprm", "external", "OMVS", "TCPIP2"),
            ("bpxprm", "external", "OMVS", "TCPIP3"),
            ("bpxprm", "external", "OMVS", "TCPIP4"),
        ]
    )


def test_the_vm_host_reaches_os390_and_vse_by_ctc_path_cdrm_adjsscp_and_adjcp(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(SHARED)
    nodes, links = drawing(_group("vmesa-host"), "VMESA-HOST")
    assert nodes == {"VMESA": ("VTAM", 18), "OS390": ("VTAM", 0), "VSEESA": ("VTAM", 0)}
    kinds = ("cdrm", "adjsscp", "adjcp", "route", "ctc")
    assert links == Counter(
        (k, "external", "VMESA", peer) for k in kinds for peer in ("OS390", "VSEESA")
    )


@pytest.mark.parametrize(
    ("group", "nodes", "links"),
    [
        # the switched PU dials through the XCA group of its own VTAM
        (
            "hercules-sna-host",
            {"LRRR": 5},
            {("path", "matched", "LRRR", "LRRR"), ("cp", "unknown-peer", "LRRR", "")},
        ),
        (
            "alfaskop-host",
            {"ALFASKOP-HOST": 1, "N07": 1},
            {("channel", "matched", "N07", "ALFASKOP-HOST")},
        ),
        (
            "adcd-z25b-system",
            {"ADCD-Z25B-SYSTEM": 1, "ZEDITOR01-ADCD-Z25B-PROF2-LOWERCASE-INCLUDES": 5},
            {
                (
                    "trl",
                    "matched",
                    "ZEDITOR01-ADCD-Z25B-PROF2-LOWERCASE-INCLUDES",
                    "ADCD-Z25B-SYSTEM",
                )
            },
        ),
        (
            "rescuepack-system",
            {"EMRG01": 3, "ZOS-RESCUEPACK-TWOPAK-PROFILE": 3, "OMVS": 1},
            {
                ("telnet-lu", "matched", "ZOS-RESCUEPACK-TWOPAK-TNPROF-TELNETPARMS", "EMRG01"),
                ("telnet-lu", "unknown-peer", "ZOS-RESCUEPACK-TWOPAK-TNPROF-TELNETPARMS", "EMRG01"),
                # no TCPIPJOBNAME, BPXPRM00 names no socket file system: its system's one stack
                (
                    "telnet",
                    "matched",
                    "ZOS-RESCUEPACK-TWOPAK-TNPROF-TELNETPARMS",
                    "ZOS-RESCUEPACK-TWOPAK-PROFILE",
                ),
            },
        ),
        ("mvs38j-host", {"ATCSTR00": 4}, set()),
    ],
)
def test_other_real_systems(
    group: str, nodes: dict[str, int], links: set[tuple[str, ...]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(SHARED)
    got_nodes, got_links = drawing(_group(group), group.upper())
    assert {k: got_nodes[k][1] for k in nodes if k in got_nodes} == nodes
    assert set(got_links) == links


@pytest.mark.parametrize(
    ("folder", "nodes"),
    [
        ("corpus-4/tk4-sg0250-vtamlst", {"ATCSTR00": ("VTAM", 4)}),
        ("corpus-4/mhp-3705-more", {"MHP-3705-MORE": ("VTAM", 2)}),  # two tables' jobs
    ],
)
def test_one_vtam_per_folder_of_one_system(
    folder: str, nodes: dict[str, tuple[str, int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(SHARED)
    if not Path(folder).is_dir():
        pytest.skip(f"{folder} not available")
    got, links = drawing([folder])
    assert got == nodes and not links


@pytest.mark.parametrize(
    ("folder", "nodes"),
    [
        ("corpus-4/carddemo-csd", {"CARDDEMO-CSD": ("CICS", 5)}),  # the CSD job and its members
        ("corpus-4/cbsa-csd", {"CBSA-CSD": ("CICS", 1)}),
        ("corpus-4/jcics-csd", {"JCICS-CSD": ("CICS", 2)}),
    ],
)
def test_a_folder_of_csd_input_without_a_sit_is_one_region(
    folder: str, nodes: dict[str, tuple[str, int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No SIT names the region's APPLID: the CSD input of one system is one CICS region,
    named by the system, with no link (no CONNECTION, no APPL)."""
    monkeypatch.chdir(SHARED)
    if not Path(folder).is_dir():
        pytest.skip(f"{folder} not available")
    got, links = drawing([folder])
    assert got == nodes and not links
