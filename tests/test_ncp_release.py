"""What an NCP's release changes in how VTAM reads its buffers (NCP003, VTM005), and the
largest PIU an NCP deck shows through its stations (NCP002, NCP003)."""

from __future__ import annotations

from pathlib import Path

import pytest

from decklint.api import Options, lint_texts
from decklint.core.findings import Finding
from decklint.model.views.ncp import Release, largest_frame, lines_by_path, release_of
from decklint.model.views.stations import stations_of

from .helpers import options_for


def _ncp(build: str = "", unitsz: int = 4096, head: str = "") -> str:
    return (
        f"{head}PCCU5    PCCU  CUADDR=0A0\n"
        f"BUILD5   BUILD NEWNAME=N5,SUBAREA=5{build}\n"
        f"H5       HOST  UNITSZ={unitsz},MAXBFRU=2\n"
    )


START = "IOBUF=(200,4000,,,100,50)\n"


def _findings(code: str, files: dict[str, str], opts: Options | None = None) -> list[Finding]:
    return [f for f in lint_texts(files, opts).findings if f.code == code]


@pytest.mark.parametrize(
    ("deck", "want"),
    [
        (_ncp(",VERSION=V5R2.1"), Release((5, 2), (5, 2), "NCP V5R2.1 (BUILD VERSION)")),
        (_ncp(",VERSION=V7R8F"), Release((7, 8), (7, 8), "NCP V7R8F (BUILD VERSION)")),
        (_ncp(head="         OPTIONS NEWDEFN=(YES,ECHO)\n"), Release((4, 2), None, "")),
        (_ncp(head="         OPTIONS NEWDEFN=NO\n"), Release(None, None, "")),
        (_ncp(), Release(None, None, "")),
    ],
)
def test_the_release_is_what_the_deck_tells(deck: str, want: Release) -> None:
    topo = lint_texts({"n5.ncp": deck}).topology
    got = release_of(topo, "n5.ncp", "N5")
    assert (got.low, got.high) == (want.low, want.high)
    assert got.said.startswith(want.said)


def test_a_declared_release_is_the_release(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = {"nodes": {"N5": {"product": "ncp", "release": "V4R1"}}}
    opts = options_for(tmp_path, monkeypatch, config=config)
    topo = lint_texts({"n5.ncp": _ncp()}, opts).topology
    rel = release_of(topo, "n5.ncp", "N5")
    assert (rel.low, rel.since((4, 2))) == ((4, 1), False)
    assert rel.said == "NCP V4R1 (declared)"


def test_vtm005_says_how_much_a_difference_matters_for_the_release(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (old,) = _findings(
        "VTM005",
        {"ATCSTR00": START, "n5.ncp": _ncp()},
        options_for(tmp_path, monkeypatch, config={"nodes": {"N5": {"release": "V3R1"}}}),
    )
    assert old.severity.label == "warning" and "the two must agree" in old.message
    (new,) = _findings("VTM005", {"ATCSTR00": START, "n5.ncp": _ncp(",VERSION=V5R4")})
    assert new.severity.label == "info" and "VTAM ignores UNITSZ for NCP V5R4" in new.message
    (unknown,) = _findings("VTM005", {"ATCSTR00": START, "n5.ncp": _ncp()})
    assert unknown.severity.label == "info" and "release is not known" in unknown.message


def test_vtm005_takes_iobuf_equal_to_unitsz_above_4000_as_right() -> None:
    files = {"ATCSTR00": "IOBUF=(50,4016,40,F)\n", "n5.ncp": _ncp(unitsz=4016)}
    assert _findings("VTM005", files) == []
    assert _findings("VTM005", {"ATCSTR00": "IOBUF=(50,4016,40,F)\n"}) == []
    (alone,) = _findings("VTM005", {"ATCSTR00": "IOBUF=(50,128,40,F)\n"})
    assert alone.severity.label == "info"
    assert alone.message.startswith("IOBUF buffer size is 128, below 4000")
    assert "code IOBUF=(50,4000,40,F)" in alone.message
    assert "No channel-attached NCP this VTAM owns is linted" in alone.message


def test_ncp003_names_the_buffers_vtam_uses_for_the_release() -> None:
    deck = _ncp(",VERSION=V5R4", unitsz=4000).replace("MAXBFRU=2", "MAXBFRU=20")
    maxdata, limit = _findings("NCP003", {"ATCSTR00": START, "n5.ncp": deck})
    assert maxdata.message.startswith("MAXDATA 65535 is not above MAXBFRU x IOBUF size = 20 x")
    assert limit.message.startswith("MAXBFRU x IOBUF size = 20 x 4000 = 80000 is not below 65535")
    assert "as it does for NCP V5R4 (BUILD VERSION)" in limit.message
    assert [r.message for r in limit.related] == ["IOBUF buffer size of VTAM ATCSTR00"]


def _largest(files: dict[str, str]) -> int | None:
    topo = lint_texts(files).topology
    (ncp,) = topo.of("ncp_host")
    return largest_frame(ncp, lines_by_path(topo), stations_of(topo))[0]


SWITCHED = (
    "P1       PCCU  MAXDATA=3780\n"
    "B1       BUILD NEWNAME=NSW,SUBAREA=8\n"
    "H1       HOST  MAXBFRU=2,UNITSZ=4016\n"
    "G1       GROUP DIAL=YES,LNCTL=SDLC\n"
    "L1       LINE\n"
    "P2       PU    MAXLU=1\n"
)


def test_the_stations_that_dial_in_on_a_switched_line_are_its_largest_piu() -> None:
    swnet = (
        "SW       VBUILD TYPE=SWNET\nS1       PU    ADDR=C1,IDBLK=017,IDNUM=00017,MAXDATA=3780\n"
    )
    assert _largest({"nsw.ncp": SWITCHED, "sw.vtam": swnet}) == 3780
    # the NCP's own PU on the switched line says nothing of the station that dials in
    assert _largest({"nsw.ncp": SWITCHED}) is None


def test_a_leased_type_2_pu_without_maxdata_shows_its_default() -> None:
    leased = SWITCHED.replace("DIAL=YES", "DIAL=NO")
    assert _largest({"nls.ncp": leased}) == 265
    assert _largest({"nls.ncp": leased.replace("MAXLU=1", "PUTYPE=4")}) is None
