"""A TN3270E server's profile (Telnet blocks only) is a node of its own, bound to the stack its
TCPIPJOBNAME names: no stack, so the rules that judge a stack's settings never see it, and the
Telnet rules judge its blocks."""

from __future__ import annotations

from decklint.api import lint_texts
from decklint.model.site import TELNET_SERVER

SERVER = """\
; TN3270E server: its own address space
TelnetGlobals
  TcpipJobName TCPIPB
  TimeMark 600
EndTelnetGlobals
 include sys1.tcpparms(tnports)
"""
PORTS = """\
TelnetParms
  Port 23
  Inactive 5400
EndTelnetParms
BeginVTAM
  Port 23
  ALLOWAPPL *
EndVTAM
"""
BPX = """\
  NETWORK DOMAINNAME(AF_INET) DOMAINNUMBER(2)
          MAXSOCKETS(64000) TYPE(CINET)
          INADDRANYPORT(5000) INADDRANYCOUNT(100)
"""
STACK = """\
TCPCONFIG TCPSENDBFRSIZE 64K TCPRCVBUFRSIZE 64K
SOMAXCONN 1024
PORT 23 TCP TN3270
PORTRANGE 5000 100 TCP OMVS
PORTRANGE 5000 100 UDP OMVS
DEVICE OSA1 MPCIPA
LINK OSAL1 IPAQENET OSA1
HOME 10.1.1.1 OSAL1
"""


def test_a_telnet_server_profile_is_its_own_node_and_no_stack() -> None:
    res = lint_texts({"sys/TN3270": SERVER, "sys/TNPORTS": PORTS, "sys/BPXPRM00": BPX})
    topo = res.topology
    assert not topo.of("tcpip_stack")
    (server,) = topo.of("tcpip_telnet_server")
    assert (server.name, server.value("stack"), server.value("files")) == ("TN3270", "TCPIPB", 2)
    node = next(n for n in topo.of("node") if n.name == "TN3270")
    assert node.value("product") == TELNET_SERVER
    assert node.value("paths") == ("sys/TN3270", "sys/TNPORTS")
    # no stack-wide rule judges it: BPX005 said "stack TN3270 does not reserve ports"
    assert not [f for f in res.findings if f.code in ("BPX005", "TCP001", "TCP006", "TCP008")]
    # its Telnet blocks are judged
    timers = [(f.path, f.span.line) for f in res.findings if f.code == "TCP007"]
    assert ("sys/TN3270", 4) in timers


def test_z_os_unix_is_a_node_of_its_own() -> None:
    """BPXPRMxx members are z/OS UNIX's (OMVS), neither a Telnet server's nor an obeyfile
    member's linted without its profile."""
    res = lint_texts(
        {"sys/TN3270": SERVER, "sys/BPXPRM00": BPX, "sys/IP6ON": "IPCONFIG6 DATAGRAMFWD\n"}
    )
    assert res.topology.site["sys/BPXPRM00"] == "OMVS"
    nodes = {n.name: n.value("product") for n in res.topology.of("node")}
    assert nodes["OMVS"] == "z/OS UNIX" and nodes["TN3270"] == "TN3270E server"


def test_a_stack_beside_it_is_judged_as_a_stack() -> None:
    files = {"sys/TN3270": SERVER, "sys/TNPORTS": PORTS, "sys/BPXPRM00": BPX}
    res = lint_texts({**files, "sys/PROFILE": STACK})
    (stack,) = res.topology.of("tcpip_stack")
    assert stack.name == "SYS" and res.topology.site["sys/BPXPRM00"] == "OMVS"
    assert not [f for f in res.findings if f.code == "BPX005"]
    unreserved = lint_texts({**files, "sys/PROFILE": STACK.replace("PORTRANGE", "; PORTRANGE")})
    (bpx,) = [f for f in unreserved.findings if f.code == "BPX005"]
    assert "stack SYS does not reserve ports 5000-5099" in bpx.message


def test_an_include_the_server_reads_says_so() -> None:
    res = lint_texts({"sys/TN3270": SERVER})
    (inc,) = [f for f in res.findings if f.code == "PRS010"]
    assert "the Telnet server reads it" in inc.message
    stack = lint_texts({"sys/PROFILE": STACK + "INCLUDE SYS1.TCPPARMS(OSADEF)\n"})
    (inc,) = [f for f in stack.findings if f.code == "PRS010"]
    assert "the stack reads it" in inc.message


def test_a_stack_profile_with_telnet_blocks_stays_a_stack() -> None:
    """Before z/OS V1R9 the stack ran Telnet: its profile codes both."""
    res = lint_texts({"sys/PROFILE": STACK + PORTS})
    assert [s.name for s in res.topology.of("tcpip_stack")] == ["SYS"]
    assert not res.topology.of("tcpip_telnet_server")
