"""The links each kind of evidence draws, on decks shaped like real ones (fixtures/links/:
sequence numbers, remarks, continuations, members cut out of jobs): both ends' nodes, a kind,
a status and both ends' file:line; and the nodes as the products are (one VTAM holding every
member its evidence ties to it, one z/OS UNIX per system, profile members one stack)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from decklint.api import Options, lint_paths, lint_texts
from decklint.cli import main
from decklint.core.settings import Settings
from decklint.model.network import kinds

from .conftest import FIXTURES

LINKS = FIXTURES / "links"


def drawn(paths: list[Path], settings: Settings | None = None) -> dict[str, Any]:
    res = lint_paths([str(p) for p in paths], Options(settings=settings or Settings()))
    topo = res.topology
    return {
        "nodes": {n.name: (n.value("product"), n.value("files")) for n in topo.of("node")},
        "links": {
            (e.value("kind"), e.value("node_a"), e.value("node_b")): e for e in topo.of("link")
        },
        "site": topo.site,
        "findings": res.findings,
    }


def end(e: Any, which: str = "a") -> str:
    path, line = (e.path, e.span.line) if which == "a" else (e.value("b_path"), e.value("b_line"))
    return f"{Path(str(path)).resolve().relative_to(LINKS).as_posix()}:{line}"


def test_every_kind_of_evidence_is_a_module_that_registers_itself() -> None:
    names = [k.name for k in kinds()]
    assert names[:3] == ["path", "dlc", "cp"]  # the order the bundled networks were drawn in
    assert {"owner", "inn", "cdrm", "adjsscp", "adjcp", "route", "ctc", "trl"} <= set(names)
    assert {"ee", "mpc", "xca", "cics-appl"} <= set(names)
    assert {k.name for k in kinds() if k.symmetric} == {
        "session",
        "cdrm",
        "adjsscp",
        "adjcp",
        "route",
        "ctc",
        "ee",
        "mpc",
        "xca",
    }
    assert {"telnet", "telnet-lu", "bpxprm", "declared"} <= set(names)
    assert all(k.doc for k in kinds())


def test_a_vtam_owns_its_channel_attached_and_link_attached_ncps() -> None:
    got = drawn([LINKS / "mvs-3705"])
    assert got["nodes"] == {"ATCSTR00": ("VTAM", 3), "NLOC": ("NCP", 1), "NREM": ("NCP", 1)}
    links = got["links"]
    channel = links[("channel", "NLOC", "ATCSTR00")]
    assert channel.value("status") == "matched"
    assert channel.value("via") == "PCCU CUADDR; configuration list ATCCON00"
    assert (end(channel), end(channel, "b")) == (
        "mvs-3705/VTAMLST/NLOC:2",  # CUADDR=664
        "mvs-3705/VTAMLST/ATCCON00:5",  # NLOC, in the configuration list
    )
    owner = links[("owner", "NREM", "ATCSTR00")]
    assert (owner.value("status"), end(owner), end(owner, "b")) == (
        "matched",
        "mvs-3705/VTAMLST/NREM:2",  # RNAME=NLOCP18
        "mvs-3705/VTAMLST/ATCCON00:6",
    )
    inn = links[("inn", "NLOC", "NREM")]
    assert (inn.value("status"), end(inn), end(inn, "b")) == (
        "matched",
        "mvs-3705/VTAMLST/NLOC:13",  # NLOCP18 INNODE ... SUBAREA=18
        "mvs-3705/VTAMLST/NREM:2",
    )
    assert len(links) == 3


def test_ncps_written_by_jobs_belong_to_the_one_vtam_of_their_system() -> None:
    """No start list, no configuration list: the NCPs' members are the system's VTAMLST's,
    and their PCCU statements that VTAM's."""
    got = drawn([LINKS / "emulator"])
    assert got["nodes"] == {"EMULATOR": ("VTAM", 1), "NLOC": ("NCP", 1), "NREM": ("NCP", 1)}
    assert {k: e.value("status") for k, e in got["links"].items()} == {
        ("channel", "NLOC", "EMULATOR"): "matched",
        ("owner", "NREM", "EMULATOR"): "matched",
        ("inn", "NLOC", "NREM"): "matched",
    }
    channel = got["links"][("channel", "NLOC", "EMULATOR")]
    assert channel.value("via") == "PCCU CUADDR; the one VTAM of the NCP's system"


def test_three_hosts_joined_by_cdrm_adjsscp_adjcp_path_and_ctc() -> None:
    """A VM host and the MVS and VSE hosts it reaches over channel-to-channel links: what
    both hosts' decks state (a CDRM for the other, a CTC link station, a route, an adjacent
    CP) is one link, from the node first by name, with both hosts' definitions as its ends;
    what one host alone states (VM's adjacent SSCP table) stays its own. The VSE host's
    VTAMLST has no start list: its CDRM major node names its own SSCP beside VM's."""
    got = drawn([LINKS / "vm-mvs"])
    assert got["nodes"] == {
        "VMHOST": ("VTAM", 7),
        "MVSHOST": ("VTAM", 5),
        "VSEHOST": ("VTAM", 5),  # no start list: its own CDRM names it
    }
    links = got["links"]
    status = {k: (e.value("status"), e.value("ends")) for k, e in links.items()}
    assert status == {
        ("cdrm", "MVSHOST", "VMHOST"): ("matched", "both"),
        ("cdrm", "VMHOST", "VSEHOST"): ("matched", "both"),
        ("adjsscp", "VMHOST", "MVSHOST"): ("matched", "one"),  # MVS has no ADJSSCP table
        ("adjcp", "MVSHOST", "VMHOST"): ("matched", "both"),
        ("route", "MVSHOST", "VMHOST"): ("matched", "both"),
        ("route", "VMHOST", "VSEHOST"): ("matched", "both"),
        ("route", "VMHOST", ""): ("unknown-peer", "one"),  # DESTSA=16: no node has it
        ("ctc", "MVSHOST", "VMHOST"): ("matched", "both"),
        ("ctc", "VMHOST", "VSEHOST"): ("matched", "both"),
    }
    ctc = links[("ctc", "MVSHOST", "VMHOST")]
    assert (end(ctc), end(ctc, "b")) == (
        "vm-mvs/MVSHOST/CTCVM:5",  # VMPU PU PUTYPE=4,TGN=3
        "vm-mvs/VMHOST/CTCA.vtamlst:8",  # MVSPU PU PUTYPE=4,TGN=3
    )
    assert "LINE VML ADDRESS=E40" in ctc.value("note")
    assert "LINE MVSL ADDRESS=E42" in ctc.value("note")
    cdrm = links[("cdrm", "VMHOST", "VSEHOST")]
    assert (end(cdrm), end(cdrm, "b")) == (
        "vm-mvs/VMHOST/CDRM.vtamlst:6",  # VSEHOST CDRM SUBAREA=12
        "vm-mvs/VSEHOST/vtmcdrm.txt:4",  # VMHOST CDRM SUBAREA=1
    )
    assert cdrm.value("via") == "CDRM SUBAREA=12 at VMHOST; CDRM SUBAREA=1 at VSEHOST"
    assert [f.code for f in got["findings"] if f.severity.label == "error"] == []


def test_one_host_alone_states_its_peers_as_external_nodes() -> None:
    got = drawn(sorted((LINKS / "vm-mvs" / "VMHOST").iterdir()))
    assert got["nodes"] == {
        "VMHOST": ("VTAM", 7),
        "MVSHOST": ("VTAM", 0),  # a CDRM of another domain: an external node
        "VSEHOST": ("VTAM", 0),
    }
    status = {k: e.value("status") for k, e in got["links"].items()}
    assert status[("cdrm", "VMHOST", "VSEHOST")] == "external"
    assert status[("ctc", "VMHOST", "MVSHOST")] == "external"
    assert status[("route", "VMHOST", "MVSHOST")] == "external"


def test_a_transmission_group_both_ends_number_differently_is_half_open() -> None:
    host = {
        "A/ATCSTR00": "SSCPNAME=HOSTA,HOSTSA=1,CONFIG=00\n",
        "A/CTC": "CTC      VBUILD TYPE=CA\nG        GROUP LNCTL=CTCA\n"
        "L        LINE  ADDRESS=E40\nPUB      PU    PUTYPE=4,TGN=3\n",
        "A/PATH": "         PATH  DESTSA=2,ER0=(2,3)\n",
        "B/ATCSTR00": "SSCPNAME=HOSTB,HOSTSA=2,CONFIG=00\n",
        "B/CTC": "CTC      VBUILD TYPE=CA\nG        GROUP LNCTL=CTCA\n"
        "L        LINE  ADDRESS=E41\nPUA      PU    PUTYPE=4,TGN=4\n",
        "B/PATH": "         PATH  DESTSA=1,ER0=(1,4)\n",
    }
    res = lint_texts(host, Options(dialect="vtam"))
    (ctc,) = [e for e in res.topology.of("link") if e.value("kind") == "ctc"]
    assert (ctc.value("status"), ctc.value("ends")) == ("half-open", "both")
    assert ctc.value("note") == "TGN 3 at HOSTA, 4 at HOSTB"


def test_vtams_over_enterprise_extender_a_multipath_channel_and_an_xca_lan() -> None:
    """Three APPN hosts: SSCPA and SSCPB over Enterprise Extender (each one's switched PU's
    PATH IPADDR is the other's local address: SSCPA's start option, SSCPB's stack's static
    VIPA) and over a multipath channel (each TRLE reads where the other writes), SSCPA and
    SSCPC over an XCA Ethernet (each PU's CPNAME the other's SSCP name); a branch server
    named by host name and CPNAME only is an external APPN node. Two hosts that give their
    link stations to one partner one name define no name twice."""
    got = drawn([LINKS / "ee-mpc"])
    assert got["nodes"] == {
        "SSCPA": ("VTAM", 8),
        "SSCPB": ("VTAM", 6),
        "SSCPC": ("VTAM", 4),
        "SYSB": ("TCP/IP", 1),  # the stack of SYSB (its profile in SYSB/TCPPARMS)
        "WSEE1": ("APPN node", 0),
    }
    links = {k: e for k, e in got["links"].items() if k[0] in ("ee", "mpc", "xca", "cp")}
    status = {k: (e.value("status"), e.value("ends")) for k, e in links.items()}
    assert status == {
        ("ee", "SSCPA", "SSCPB"): ("matched", "both"),
        ("ee", "SSCPA", "WSEE1"): ("external", "one"),
        ("mpc", "SSCPA", "SSCPB"): ("matched", "both"),
        ("xca", "SSCPA", "SSCPC"): ("matched", "both"),
    }
    ee = links[("ee", "SSCPA", "SSCPB")]
    assert (end(ee), end(ee, "b")) == (
        "ee-mpc/SYSA/VTAMLST/SWEE:5",  # PATH IPADDR=10.2.2.2,GRPNM=EEGRP
        "ee-mpc/SYSB/VTAMLST/SWEEB:3",  # PATH IPADDR=10.1.1.1,GRPNM=EEGRPB
    )
    assert ee.value("note") == ""  # 10.2.2.2 is SSCPB's stack's HOME address
    mpc = links[("mpc", "SSCPA", "SSCPB")]
    assert (end(mpc), end(mpc, "b")) == (
        "ee-mpc/SYSA/VTAMLST/LCLMPC:2",  # MPCBPU PU TRLE=MPCB
        "ee-mpc/SYSB/VTAMLST/LCLB:2",  # MPCAPU PU TRLE=MPCA
    )
    assert "READ=0E40,0E42 WRITE=0E41,0E43" in mpc.value("via")
    xca = links[("xca", "SSCPA", "SSCPC")]
    assert (end(xca), end(xca, "b")) == ("ee-mpc/SYSA/VTAMLST/SWLAN:2", "ee-mpc/SYSC/SWLANC:2")
    assert [f.code for f in got["findings"] if f.severity.label == "error"] == []


def test_an_mpc_channel_whose_far_end_is_not_linted_says_so() -> None:
    res = lint_texts(
        {
            "ATCSTR00": "SSCPNAME=SSCPA,NODETYPE=NN\n",
            "TRL": "TRL      VBUILD TYPE=TRL\nMPCB     TRLE  LNCTL=MPC,READ=E40,WRITE=E41\n",
            "LCL": "LCL      VBUILD TYPE=LOCAL\nMPCBPU   PU    TRLE=MPCB,XID=YES\n",
            "LCL2": "LCL2     VBUILD TYPE=LOCAL\nMPCXPU   PU    TRLE=MPCX,XID=YES\n",
        },
        Options(dialect="vtam"),
    )
    notes = {
        e.value("end_a"): (e.value("status"), e.value("note"))
        for e in res.topology.of("link")
        if e.value("kind") == "mpc"
    }
    assert notes == {
        "PU MPCBPU": (
            "unknown-peer",
            "no linted TRLE of another VTAM reads 0E41 and writes 0E40",
        ),
        "PU MPCXPU": ("unknown-peer", "no linted TRLE MPCX"),
    }


def test_cics_regions_their_appls_and_the_connections_between_them() -> None:
    """Each CICS region is a node named by its SIT's APPLID: the payments region (SIT
    overrides in SYSIN, its CSD job adding its groups to PAYLIST, a list its GRPLIST names),
    the file-owning region (GRPLIST=(DFHLIST,FOR*): its CSD's FORLIST), SYSB's region (a SIT
    alone) and SYSC's (its overrides in-stream in its DFHSIP job). A region opens the VTAM
    APPL of its APPLID (by ACBNAME); an MRO connection both regions define is one link, an
    IPCONN names SYSB's region by its APPLID."""
    got = drawn([LINKS / "cics"])
    assert got["nodes"] == {
        "SYSAVTAM": ("VTAM", 3),
        "CICSPA1": ("CICS", 2),
        "CICSFOR1": ("CICS", 2),
        "CICSPB1": ("CICS", 1),
        "CICSC1": ("CICS", 1),
        "SYSC": ("VTAM", 1),
    }
    links = got["links"]
    status = {k: (e.value("status"), e.value("ends")) for k, e in links.items()}
    assert status == {
        ("cics-appl", "CICSPA1", "SYSAVTAM"): ("matched", "one"),
        ("cics-appl", "CICSFOR1", "SYSAVTAM"): ("matched", "one"),
        ("cics-appl", "CICSC1", "SYSC"): ("matched", "one"),
        ("session", "CICSFOR1", "CICSPA1"): ("matched", "both"),
        ("session", "CICSPA1", "CICSPB1"): ("matched", "one"),
    }
    appl = links[("cics-appl", "CICSFOR1", "SYSAVTAM")]
    assert (end(appl), end(appl, "b")) == (
        "cics/SYSA/SYSIN/DFH$SIPF:2",  # APPLID=CICSFOR1
        "cics/SYSA/VTAMLST/APPLCICS:4",  # FORAPPL APPL ACBNAME=CICSFOR1
    )
    mro = links[("session", "CICSFOR1", "CICSPA1")]
    assert (end(mro), end(mro, "b")) == (
        "cics/SYSA/FOR.csd:2",  # CONNECTION(PA01) NETNAME(CICSPA1)
        "cics/SYSA/CSDPAY.jcl(SYSIN):3",  # CONNECTION(FOR1) NETNAME(CICSFOR1), in the job
    )
    ipic = links[("session", "CICSPA1", "CICSPB1")]
    assert (end(ipic), end(ipic, "b"), ipic.value("via")) == (
        "cics/SYSA/CSDPAY.jcl(SYSIN):7",  # IPCONN(PB1) APPLID(CICSPB1)
        "cics/SYSB/SYSIN/SIPB:1",
        "IPCONN APPLID = APPLID",
    )
    assert [f for f in got["findings"] if f.severity.label in ("error", "warning")] == []


def test_a_region_without_a_sit_is_its_systems_and_an_appl_it_does_not_find_is_said() -> None:
    """CSD files no SIT places, in a system without one, are one region of their system,
    named by it (SYS1/CICS where a VTAM has the system's name); a SIT whose APPLID no APPL
    of its system's VTAM has says so, and VTAM=NO opens none."""
    res = lint_texts(
        {
            "SYS1/VTAMLST/APPLS": "APPLS    VBUILD TYPE=APPL\nCICSX    APPL  AUTH=(ACQ)\n",
            "SYS1/PAY.csd": "DEFINE PROGRAM(PAY01) GROUP(PAY)\n",
            "SYS1/BILL.csd": "DEFINE PROGRAM(BIL01) GROUP(BILL)\n",
            "SYS2/SYSIN/SITA": "APPLID=CICSA,GRPLIST=(DFHLIST,ALIST)\n",
            "SYS2/VTAMLST/APPLS": "APPLS    VBUILD TYPE=APPL\nCICSB    APPL  AUTH=(ACQ)\n",
            "SYS3/SYSIN/SITC": "APPLID=CICSC,VTAM=NO\n",
            "SYS3/VTAMLST/APPLS": "APPLS    VBUILD TYPE=APPL\nOTHER    APPL  AUTH=(ACQ)\n",
        },
        Options(),
    )
    topo = res.topology
    assert {p: n for p, n in topo.site.items() if p.endswith(".csd")} == {
        "SYS1/PAY.csd": "SYS1/CICS",
        "SYS1/BILL.csd": "SYS1/CICS",
    }
    appl = {
        e.value("node_a"): (e.value("status"), e.value("note"))
        for e in topo.of("link")
        if e.value("kind") == "cics-appl"
    }
    assert appl == {"CICSA": ("unknown-peer", "no APPL of SYS2 has ACBNAME CICSA")}


def test_a_shared_csd_goes_with_the_region_whose_grplist_names_its_list() -> None:
    res = lint_texts(
        {
            "SYSA/SYSIN/SITT": "APPLID=CICST1,GRPLIST=(DFHLIST,TEST*)\n",
            "SYSA/SYSIN/SITP": "APPLID=CICSP1,GRPLIST=(DFHLIST,PRODLIST)\n",
            "SYSA/TEST.csd": "DEFINE PROGRAM(T1) GROUP(TG)\nADD GROUP(TG) LIST(TESTLST1)\n",
            "SYSA/PROD.csd": "DEFINE PROGRAM(P1) GROUP(PG)\nADD GROUP(PG) LIST(PRODLIST)\n",
            "SYSA/GONE.csd": "ADD GROUP(XG) LIST(PRODLIST)\nREMOVE GROUP(XG) LIST(PRODLIST)\n",
        },
        Options(),
    )
    site = res.topology.site
    assert (site["SYSA/TEST.csd"], site["SYSA/PROD.csd"]) == ("CICST1", "CICSP1")
    assert site["SYSA/GONE.csd"] == "GONE"  # its ADD taken back: beside two regions, alone


def test_a_z_os_system_its_trl_stack_tn3270e_server_and_z_os_unix() -> None:
    got = drawn([LINKS / "zos"])
    assert got["nodes"] == {
        "SYSA": ("VTAM", 3),
        "TCPIP": ("TCP/IP", 2),  # two members no linted profile includes: one stack
        "TNPROF": ("TN3270E server", 1),
        "OMVS": ("z/OS UNIX", 1),
        "TCPIPB": ("TCP/IP", 0),  # named by BPXPRM00, not linted
    }
    status = {k: e.value("status") for k, e in got["links"].items()}
    assert status == {
        ("trl", "TCPIP", "SYSA"): "matched",
        ("telnet", "TNPROF", "TCPIP"): "matched",
        ("telnet-lu", "TNPROF", "SYSA"): "matched",
        ("bpxprm", "OMVS", "TCPIP"): "matched",
        ("bpxprm", "OMVS", "TCPIPB"): "external",
    }
    trl = [e for e in got["links"].values() if e.value("kind") == "trl"]
    assert len(trl) == 1  # two interfaces, one key: both are drawn in the JSON (below)
    res = lint_paths([str(LINKS / "zos")])
    ports = sorted(
        (end(e), end(e, "b")) for e in res.topology.of("link") if e.value("kind") == "trl"
    )
    assert ports == [
        ("zos/SYSA/TCPPARMS/OSAIFACE:5", "zos/SYSA/VTAMLST/OSATRL:3"),  # PORTNAME OSAPRTA
        ("zos/SYSA/TCPPARMS/OSAV6:4", "zos/SYSA/VTAMLST/OSATRL:6"),  # PORTNAME OSAPRTB
    ]
    lu = got["links"][("telnet-lu", "TNPROF", "SYSA")]
    assert (end(lu), end(lu, "b")) == ("zos/SYSA/TCPPARMS/TNPROF:12", "zos/SYSA/VTAMLST/APTELNET:5")


def test_library_folders_are_one_system() -> None:
    """SYSA/VTAMLST, SYSA/TCPPARMS and SYSA/PARMLIB are the libraries of one system, SYSA:
    its unnamed-in-a-folder members join its nodes, and BPXPRMxx's system is SYSA."""
    res = lint_paths([str(LINKS / "zos")])
    systems = {n.name: n.value("system") for n in res.topology.of("node")}
    assert systems["SYSA"] == systems["TCPIP"] == systems["OMVS"] == "SYSA"
    assert {e.scope for e in res.topology.of("bpx_setting")} == {"SYSA"}


def test_a_folder_of_unrelated_members_does_not_merge() -> None:
    """Two start lists with different SSCPNAMEs in one folder are two VTAMs; what ties to
    neither stands alone, named by its member."""
    res = lint_texts(
        {
            "mixed/hosta--ATCSTR00": "SSCPID=01,SSCPNAME=HOSTA,CONFIG=00\n",
            "mixed/hosta--ATCCON00": "APPLA,\nAPPLB\n",
            "mixed/hosta--APPLA": "APPLA    VBUILD TYPE=APPL\nCICSA    APPL  AUTH=ACQ\n",
            "mixed/hostb--ATCSTR00": "SSCPID=02,SSCPNAME=HOSTB,HOSTSA=2\n",
            "mixed/other--SWNETX": "SWNETX   VBUILD TYPE=SWNET\n",
        },
        Options(dialect="vtam"),
    )
    assert res.topology.site == {
        "mixed/hosta--ATCSTR00": "HOSTA",
        "mixed/hosta--ATCCON00": "HOSTA",
        "mixed/hosta--APPLA": "HOSTA",
        "mixed/hostb--ATCSTR00": "HOSTB",
        "mixed/other--SWNETX": "OTHER--SWNETX",
    }


def test_mode_tables_in_other_folders_join_the_vtam_that_uses_them() -> None:
    res = lint_texts(
        {
            "host/ATCSTR00": "SSCPID=01,SSCPNAME=HOST1\n",
            "host/LCLA": "LCLA     VBUILD TYPE=LOCAL\nP1       PU    CUADDR=0E0,MODETAB=LABMODES\n",
            "tables/LABMODES": (
                "LABMODES MODETAB\nBATCH    MODEENT LOGMODE=BATCH\n         MODEEND\n"
            ),
            "more/OTHERTAB": "OTHERTAB MODETAB\nINTER    MODEENT LOGMODE=INTER\n         MODEEND\n",
        },
    )
    assert set(res.topology.site.values()) == {"HOST1"}  # used, or a table in the one VTAM


def test_a_configured_system_gathers_folders_by_kind() -> None:
    """The configuration's `topology: systems:` where the decks cannot say: a repository
    that keeps a system's files in folders by kind."""
    files = {
        "vtam/OSATRL": "OSATRL   VBUILD TYPE=TRL\nOSATRLA  TRLE  LNCTL=MPC,PORTNAME=OSAPRTA,"
        "MPCLEVEL=QDIO\n",
        "tcpip/OSAIFACE": "INTERFACE OSAA DEFINE IPAQENET PORTNAME OSAPRTA IPADDR 10.1.1.1/24\n",
        "tn/TNPROF": "TELNETGLOBALS\n  TCPIPJOBNAME OSAIFACE\nENDTELNETGLOBALS\n"
        "TELNETPARMS\n  PORT 23\nENDTELNETPARMS\n",
    }
    alone = lint_texts(files).topology
    assert {n.value("system") for n in alone.of("node") if n.value("files")} == {
        "VTAM",
        "TCPIP",
        "TN",
    }
    settings = Settings(system_files=(("SYSB", ("vtam/*", "tcpip/*", "tn/*")),))
    topo = lint_texts(files, Options(settings=settings)).topology
    assert {n.value("system") for n in topo.of("node") if n.value("files")} == {"SYSB"}
    status = {(e.value("kind"), e.value("status")) for e in topo.of("link")}
    assert status == {("trl", "matched"), ("telnet", "matched")}


def test_topology_text_is_a_tree_with_both_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(LINKS)
    res = CliRunner().invoke(main, ["topology", "--format", "text", "mvs-3705"])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0] == "3 nodes, 3 links (3 matched)"
    assert "system MVS-3705" in lines
    assert "    channel -> VTAM ATCSTR00 (matched)" in lines
    at = lines.index("    channel -> VTAM ATCSTR00 (matched)")
    assert lines[at + 1].strip().startswith("from NCP NLOC mvs-3705/VTAMLST/NLOC:2")
    assert lines[at + 2].strip() == "to   mvs-3705/VTAMLST/ATCCON00:5"


def test_json_and_html_carry_systems_external_nodes_and_evidence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import json

    monkeypatch.chdir(LINKS)
    data = json.loads(CliRunner().invoke(main, ["topology", "vm-mvs/VMHOST"]).output)
    nodes = {n["name"]: n for n in data["nodes"]}
    assert nodes["VSEHOST"]["external"] and nodes["VSEHOST"]["files"] == []
    assert nodes["VMHOST"]["system"] == "VMHOST"
    ctc = next(lk for lk in data["links"] if lk["kind"] == "ctc" and lk["b"]["node"] == "MVSHOST")
    assert (ctc["via"], ctc["ends"], ctc["b"]["path"]) == (
        "PU MVSPU TGN=3 = PATH ER",
        "one",
        "vm-mvs/VMHOST/CDRM.vtamlst",  # the CDRM that gives the external host its subarea
    )
    page = CliRunner().invoke(main, ["topology", "--format", "html", "vm-mvs/VMHOST"]).output
    assert 'id="q"' in page and 'class="st" value="external"' in page
    assert "System VMHOST" in page and "Peers named but not linted" in page
    assert '<g class="system" data-system="VMHOST">' in page
    data = json.loads(CliRunner().invoke(main, ["topology", "vm-mvs"]).output)
    ctc = next(lk for lk in data["links"] if lk["kind"] == "ctc" and lk["a"]["node"] == "MVSHOST")
    assert (ctc["ends"], ctc["b"]["path"], ctc["b"]["line"]) == (
        "both",
        "vm-mvs/VMHOST/CTCA.vtamlst",
        8,
    )
    text = CliRunner().invoke(main, ["topology", "--format", "text", "vm-mvs"]).output
    assert "ctc -> VMHOST: PU MVSPU (matched, both ends: LINE VML" in text
    assert "    ctc <- MVSHOST: PU VMPU (matched, both ends; drawn under MVSHOST)" in text


def test_jobs_placed_in_the_file_they_were_cut_from(monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    monkeypatch.chdir(LINKS)
    data = json.loads(CliRunner().invoke(main, ["topology", "emulator"]).output)
    inn = next(lk for lk in data["links"] if lk["kind"] == "inn")
    assert (inn["a"]["path"], inn["a"]["line"]) == ("emulator/ncpjob1.jcl", 20)
    assert (inn["b"]["path"], inn["b"]["line"]) == ("emulator/ncpjob2.jcl", 9)
    nodes = {n["name"]: n for n in data["nodes"]}
    assert nodes["NLOC"]["files"] == ["emulator/ncpjob1.jcl"]
