"""The site model: node assignment, link inference with a status per link, and the exports of
`decklint topology` (JSON, DOT, Mermaid, HTML in a real headless browser)."""

from __future__ import annotations

import json
import shutil
import subprocess
from itertools import pairwise
from pathlib import Path

import pytest
from click.testing import CliRunner

from decklint.api import Options, lint_texts
from decklint.cli import main
from decklint.core.settings import Settings

from .conftest import FIXTURES

NETWORKS = FIXTURES / "networks"

NCP = (
    "LAB45    BUILD SUBAREA=4,NEWNAME=LAB45\n"
    "TRPG     GROUP ECLTYPE=(PHYSICAL,PERIPHERAL)\n"
    "TRPL     LINE  ADDRESS=(1088,FULL),LOCADD=400000001088,MAXTSL=4060\n"
)
SWNET = (
    "SWLAB    VBUILD TYPE=SWNET\n"
    "OS2PU    PU    ADDR=01,CPNAME=OS2CP,IDBLK=05D,IDNUM=00001,MAXDATA=4000\n"
)
CM2 = (
    "DEFINE_LOCAL_CP FQ_CP_NAME(NET.OS2CP) NODE_TYPE(EN);\n"
    "DEFINE_LOGICAL_LINK LINK_NAME(HOST) DLC_NAME(IBMTRNET)\n"
    "  DESTINATION_ADDRESS(X'{mac}');\n"
)


def links(files: dict[str, str], settings: Settings | None = None) -> dict[str, tuple[str, ...]]:
    res = lint_texts(files, Options(settings=settings or Settings()))
    return {
        e.name: (e.value("kind"), e.value("status"), e.value("node_a"), e.value("node_b"))
        for e in res.topology.of("link")
    }


def test_station_matched_by_address_and_control_point() -> None:
    got = links(
        {"LAB45.ncp": NCP, "host/SWLAB.vtam": SWNET, "OS2CP.ndf": CM2.format(mac="400000001088")}
    )
    assert got["OS2CP-TRPL"] == ("dlc", "matched", "OS2CP", "LAB45")
    assert got["OS2PU-OS2CP"] == ("cp", "matched", "HOST", "OS2CP")


def test_station_half_open_when_no_pu_names_its_control_point() -> None:
    other = SWNET.replace("CPNAME=OS2CP", "CPNAME=OTHERCP")
    got = links(
        {"LAB45.ncp": NCP, "SWLAB.vtam": other, "OS2CP.ndf": CM2.format(mac="400000001088")}
    )
    assert got["OS2CP-TRPL"][:2] == ("dlc", "half-open")
    assert got["OS2PU-OTHERCP"][:2] == ("cp", "unknown-peer")


def test_station_unknown_peer_and_ambiguous() -> None:
    got = links({"LAB45.ncp": NCP, "OS2CP.ndf": CM2.format(mac="400000009999")})
    assert got["OS2CP-400000009999"][:2] == ("dlc", "unknown-peer")
    twice = NCP + NCP.replace("LAB45", "LAB46").replace("TRPL ", "TRPM ")
    got = links({"LAB45.ncp": twice, "OS2CP.ndf": CM2.format(mac="40000000108804")})
    assert got["OS2CP-400000001088"][:2] == ("dlc", "ambiguous")


def test_tcp_stacks_linked_by_route_first_hop() -> None:
    got = links(
        {
            "A/PROFILE.TCPIP": "SOMAXCONN 1024\nHOME 10.1.1.1 L1\nBEGINROUTES\n"
            " ROUTE 10.9.0.0/16 10.1.1.2 L1 MTU 1500\nENDROUTES\n",
            "B/PROFILE.TCPIP": "SOMAXCONN 1024\nHOME 10.1.1.2 L1\n",
        }
    )
    (ip,) = [v for v in got.values() if v[0] == "ip"]
    assert ip == ("ip", "matched", "A", "B")


def test_nonstop_cpu_links() -> None:
    got = links(
        {
            "SYSA/p.scf": "RUN $SYSTEM.SYS03.TCPIP /NAME $ZTC0, NOWAIT, CPU 0/\n"
            "RUN $DATA.ADSM.REQ /NAME $REQ1, CPU 1, PRI 150/\n"
            "RUN $DATA.ADSM.REQ /NAME $REQ2, CPU 0, PRI 149/\n"
        }
    )
    assert got["$REQ1-$ZTC0"][:2] == ("cpu", "half-open")
    assert got["$REQ2-$ZTC0"][:2] == ("cpu", "matched")


def test_configuration_assigns_files_and_declares_links() -> None:
    settings = Settings(
        node_files=(("HOSTA", ("*.vtam",)),),
        links=(("HOSTA", "NOWHERE", (("medium", "token-ring"), ("frame", 4060)), "c.yaml", 7),),
    )
    res = lint_texts({"x/SWLAB.vtam": SWNET}, Options(settings=settings))
    assert {e.name for e in res.topology.of("node")} == {"HOSTA"}
    assert res.topology.site == {"x/SWLAB.vtam": "HOSTA"}
    (lk,) = [e for e in res.topology.of("link") if e.value("via") == "topology: links"]
    assert (lk.value("kind"), lk.value("status"), lk.value("frame")) == (
        "token-ring",
        "half-open",
        4060,
    )
    assert (lk.path, lk.span.line) == ("c.yaml", 7)


def test_declared_adapter_links_to_the_stacks_it_serves() -> None:
    facts = (("adapter", "fast-ethernet", 3), ("stacks", ("TCPIPA", "TCPIPB"), 4))
    settings = Settings(declared=(("MPLAN1", "c.yaml", facts),))
    res = lint_texts({"TCPIPA/PROFILE.TCPIP": "SOMAXCONN 1024\n"}, Options(settings=settings))
    nodes = {e.name: e.value("product") for e in res.topology.of("node")}
    assert nodes["MPLAN1"] == "Multiprise LAN adapter"
    got = {
        e.name: (e.value("kind"), e.value("status"), e.path, e.span.line)
        for e in res.topology.of("link")
    }
    assert got == {
        "MPLAN1-TCPIPA": ("adapter", "matched", "c.yaml", 4),
        "MPLAN1-TCPIPB": ("adapter", "unknown-peer", "c.yaml", 4),
    }


def test_every_inferred_node_of_the_example_networks() -> None:
    from decklint.api import lint_paths

    res = lint_paths([str(NETWORKS / "rtp-lab" / "baseline")])
    names = {e.name: e.value("product") for e in res.topology.of("node")}
    assert names == {
        "RTPVTAM": "VTAM",
        "LAB45": "NCP",
        "OS2CP": "CM/2",
        "DOSCP": "NS/DOS",
        "RS6000": "AIX",
        "BASELINE": "CICS",  # a CICS region of its own; no SIT names its APPLID: the system's
    }


# ---------------------------------------------------------------------------------- exports


def topology(*args: str) -> str:
    res = CliRunner().invoke(main, ["topology", *args])
    assert res.exit_code == 0, res.output
    return res.output


def components(data: dict) -> list[set[str]]:  # type: ignore[type-arg]
    """The groups of nodes that matched or declared links join."""
    group = {n["name"]: {n["name"]} for n in data["nodes"]}
    for lk in data["links"]:
        a, b = lk["a"]["node"], lk["b"]["node"]
        if b in group and lk["status"] in ("matched", "declared") and group[a] is not group[b]:
            joined = group[a] | group[b]
            for n in joined:
                group[n] = joined
    unique = {id(g): g for g in group.values()}
    return sorted(unique.values(), key=len, reverse=True)


def test_the_example_site_is_one_network(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(NETWORKS)
    base = json.loads(topology("site/baseline"))
    assert {n["name"]: n["product"] for n in base["nodes"]} == {
        "MVS1": "TCP/IP",  # VTAM, CICS and TCP/IP: one system by the configuration's files:
        "MVS2": "TCP/IP",
        "MVS2TEST": "z/OS",
        "VMTCP": "TCP/IP",
        "NSK1": "NonStop",
        "LAB45": "NCP",
        "OS2CP": "CM/2",
        "DOSCP": "NS/DOS",
        "RS6CP": "AIX",  # RS6000/RS6000.smit, named by the configuration for its CP name
        "AS400A": "AS/400",
        "MPLAN1": "Multiprise LAN adapter",
        "CICSPRD1": "CICS",
        "WS1": "Windows",
        "AIX1": "AIX",
    }
    assert [len(c) for c in components(base)] == [14]
    mvs1 = next(n for n in base["nodes"] if n["name"] == "MVS1")
    assert {"VTAM", "CICS", "TCP/IP", "z/OS UNIX"} <= set(mvs1["products"])
    kinds = {lk["kind"] for lk in base["links"]}
    assert kinds >= {"path", "dlc", "cp", "session", "ip", "tcp-peer", "adapter", "listener"}
    assert kinds >= {"cpu", "ethernet", "token-ring"}  # NonStop CPUs, declared media
    # Tuned, the test stack has an adapter of its own: it and its stack stand apart.
    tuned = json.loads(topology("site/tuned"))
    assert [sorted(c) for c in components(tuned)][1:] == [["MPLAN2", "MVS2TEST"]]


@pytest.mark.parametrize("net", ["rtp-lab", "site"])
@pytest.mark.parametrize("fmt", ["json", "dot", "mermaid"])
def test_exports_match_golden(
    net: str, fmt: str, update_golden: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(NETWORKS)
    got = topology("--format", fmt, f"{net}/baseline")
    golden = FIXTURES / "topology" / f"{net}-baseline.{fmt}"
    if update_golden or not golden.exists():
        golden.write_text(got)
    assert got == golden.read_text(), f"{golden.name} differs from the golden file"


def test_json_schema_has_both_ends_and_findings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(NETWORKS)
    data = json.loads(topology("rtp-lab/baseline"))
    assert data["schema_version"] == 1
    lab45 = next(n for n in data["nodes"] if n["name"] == "LAB45")
    assert lab45["findings"]["error"] == 1 and lab45["values"]["MAXTSL"] == "2044"
    dlc = next(lk for lk in data["links"] if lk["kind"] == "dlc" and lk["a"]["node"] == "DOSCP")
    assert dlc["b"] == {
        "node": "LAB45",
        "end": "LINE LABTRL1",
        "path": "rtp-lab/baseline/LAB45",
        "line": dlc["b"]["line"],
        "col": dlc["b"]["col"],
    }
    assert "NSD004" in dlc["findings"]


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (.ci/run installs it)")
def test_html_renders_in_a_headless_browser(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(NETWORKS)
    page = tmp_path / "site.html"
    topology("--format", "html", "-o", str(page), "rtp-lab/baseline", "tcpip-site/baseline")
    text = page.read_text()
    assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")  # self-contained
    base = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1200,900"]
    dom = subprocess.run(
        [*base, "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120
    ).stdout
    assert dom.count('class="node"') == text.count('class="node"') >= 9
    assert 'data-status="unknown-peer"' in dom and 'id="n-LAB45"' in dom
    assert "rtp-lab/baseline/LAB45#L" in dom  # findings link to the deck lines
    shot = tmp_path / "site.png"
    subprocess.run([*base, f"--screenshot={shot}", page.as_uri()], capture_output=True, timeout=120)
    png = shot.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 20_000  # a picture, not a blank page


@pytest.mark.parametrize(
    ("dest", "mask", "want"),
    [
        ("10.1.0.0/16", None, "10.1.0.0/16"),
        ("10.1.0.0", "255.255.0.0", "10.1.0.0/16"),
        ("10.1", None, "10.1.0.0/16"),  # GATEWAY network written with its leading octets
        ("9.67.43.0", None, "9.0.0.0/8"),  # class A without a mask
        ("192.168.5.0", None, "192.168.5.0/24"),
        ("DEFAULT", None, None),
    ],
)
def test_route_destination_networks(dest: str, mask: str | None, want: str | None) -> None:
    from decklint.model.network.ip import network

    got = network(dest, mask)
    assert (str(got) if got is not None else None) == want


def test_two_as400s_linked_by_their_lan_addresses() -> None:
    def clp(me: str, you: str) -> str:
        return (
            f"CRTLINTRN LIND(TRN) ADPTADR(40000000{me}01)\n"
            f"CRTCTLAPPC CTLD(TO{you}) LINKTYPE(*LAN) ADPTADR(40000000{you}01)\n"
        )

    got = links({"SYSA.clp": clp("0A", "0B"), "SYSB.clp": clp("0B", "0A")})
    assert got["SYSA-TRN"] == ("dlc", "matched", "SYSA", "SYSB")
    assert got["SYSB-TRN"] == ("dlc", "matched", "SYSB", "SYSA")


# ---------------------------------------------------------------------------------- drawing


def test_rows_put_declared_nodes_next_to_what_they_link() -> None:
    from decklint.report.layout import rows_for

    tier: dict[str, int | None] = {"HOST": 0, "NCP": 1, "WS": 2, "CLIENT": None, "LONE": None}
    tier["PRINTER"] = None
    edges = [("HOST", "NCP"), ("NCP", "WS"), ("CLIENT", "HOST"), ("PRINTER", "WS")]
    rows = rows_for(list(tier), tier, edges)
    assert rows == {"CLIENT": 0, "HOST": 1, "NCP": 2, "WS": 3, "PRINTER": 4, "LONE": 5}


def test_layered_drawing_keeps_lines_out_of_boxes() -> None:
    import re

    from decklint.report.layout import BOX_H, BOX_W, layout

    names = ["H", "N1", "N2", "N3", "W1", "W2"]
    row = {"H": 0, "N1": 1, "N2": 1, "N3": 1, "W1": 2, "W2": 2}
    edges = [("H", "N2"), ("H", "W1"), ("H", "W2"), ("N1", "W1"), ("W1", "W2"), ("N1", "N3")]
    got = layout(names, row, edges)
    boxes = {
        n: (x - BOX_W / 2, x + BOX_W / 2, y - BOX_H / 2, y + BOX_H / 2)
        for n, (x, y) in got.pos.items()
    }
    for r in (0, 1, 2):  # boxes of a row do not overlap
        spans = sorted(b[:2] for n, b in boxes.items() if row[n] == r)
        assert all(a[1] < b[0] for a, b in pairwise(spans))
    for a, b in edges:  # every point a path passes through is outside the other boxes
        points = [
            tuple(map(float, p))
            for p in re.findall(r"(-?[\d.]+),(-?[\d.]+)", got.routes[(a, b)].path)
        ]
        ends = [p for p in points[::3]]  # path nodes (the C controls lie between them)
        for x, y in ends:
            inside = [
                n
                for n, (x0, x1, y0, y1) in boxes.items()
                if n not in (a, b) and x0 < x < x1 and y0 < y < y1
            ]
            assert not inside, (a, b, (x, y), inside)
    h_to_w1 = got.routes[("H", "W1")].path
    assert h_to_w1.count("C") == 2  # through a slot of the NCP row
    (x1, _), (x3, _) = got.pos["N1"], got.pos["N3"]
    between = [n for n in ("N2",) if min(x1, x3) < got.pos[n][0] < max(x1, x3)]
    # neighbours in a row: a straight line; with a box between them: an arc over it
    assert got.routes[("N1", "N3")].path.count("C") == (1 if between else 0)
    assert got.routes[("W1", "W2")].path.startswith("M")


def test_a_triangle_in_one_row_arcs_over_the_middle_node() -> None:
    from decklint.report.layout import BOX_H, layout

    edges = [("A", "B"), ("B", "C"), ("A", "C")]
    got = layout(["A", "B", "C"], {"A": 0, "B": 0, "C": 0}, edges)
    arcs = [e for e in edges if "C" in got.routes[e].path]
    assert len(arcs) == 1
    (a, _b) = arcs[0]
    top = got.pos[a][1] - BOX_H / 2
    assert f",{top:.0f} C" in got.routes[arcs[0]].path  # leaves from the top of the box
    assert got.pos["A"][1] - BOX_H / 2 > 30  # the arc has room above the row


def test_a_file_merged_twice_keeps_both_sets_of_entities() -> None:
    from decklint.core.lowering import Lowering
    from decklint.core.source import Span
    from decklint.model.topology import Topology

    topo = Topology()
    for name, path in (("A", "x.vtam"), ("B", "y.vtam"), ("C", "x.vtam")):
        low = Lowering(path, "vtam", "vtam:X", topo.settings)
        low.add("application", name, Span(1, 1, 1, 9), {})
        topo.merge(low, ())
    assert [e.name for e in topo.entities_of("x.vtam")] == ["A", "C"]
    assert [(p, [e.name for e in ents]) for p, ents in topo.files()] == [
        ("x.vtam", ["A", "C"]),
        ("y.vtam", ["B"]),
    ]
    assert topo.merged == 3
