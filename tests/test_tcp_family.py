"""The TCP/IP family's smaller dialects: TCPIP.DATA/FTP.DATA, IVTPRM00, BPXPRMxx, SCF, TSM."""

from __future__ import annotations

from decklint.api import lint_texts
from decklint.dialects.bpxprm.reader import number
from decklint.dialects.scf.lowering import number as scf_number
from decklint.dialects.scf.lowering import seconds
from decklint.pipeline.debug import load


def entities(files: dict[str, str], kind: str) -> dict[str, dict[str, object]]:
    res = lint_texts(files)
    return {e.name: {k: a.value for k, a in e.attrs.items()} for e in res.topology.of(kind)}


# ---------------------------------------------------------------- TCPIP.DATA and FTP.DATA


def test_tcpip_data_system_prefix_and_both_comment_styles() -> None:
    res = lint_texts(
        {"TCPIP.DATA": "S0W1:   HOSTNAME   S0W1 ; comment\nTCPIPJOBNAME TCPIP # too\n"}
    )
    pf = res.parsed["TCPIP.DATA"]
    assert [(s.label, s.op) for s in pf.statements] == [
        ("S0W1", "HOSTNAME"),
        (None, "TCPIPJOBNAME"),
    ]
    full, _low = load("TCPIP.DATA", res.parsed["TCPIP.DATA"].source.text, "tcpdata")
    assert len(full.read.comments) == 2  # the lint result keeps comments only with directives
    (data,) = res.topology.of("tcpip_data")
    assert data.value("hostname") == "S0W1" and data.value("tcpipjobname") == "TCPIP"


def test_role_comes_from_the_keywords() -> None:
    ftp = entities({"MEMBER1": "CHKPTINT 0\nBLKSIZE 27998\nFILETYPE SEQ\n"}, "ftp_data")
    assert ftp["MEMBER1"]["blksize"] == 27998
    res = lint_texts({"MEMBER2": "GLOBALTCPIPDATA('SYS1.TCPPARMS(TCPDATA)')\nCACHESIZE(200M)\n"})
    (data,) = res.topology.of("tcpip_data")
    assert data.value("role") == "resolver"


def test_unknown_ftp_keyword_near_miss() -> None:
    res = lint_texts({"FTP.DATA": "CHKPTINT 0\nBLKSIZ 27998\n"})
    (f,) = [f for f in res.findings if f.code == "PRS002"]
    assert f.severity.label == "error" and "did you mean BLKSIZE" in f.message


# ---------------------------------------------------------------- IVTPRM00


def test_ivtprm_sequence_numbers_and_sizes() -> None:
    text = "FIXED MAX(120M)".ljust(72) + "00040000\nECSA MAX(1024K)".ljust(80) + "\n"
    limits = entities({"IVTPRM00": text}, "csm_limits")["CSM"]
    assert limits["fixed_max"] == 120 * 1024 * 1024
    assert limits["hvcomm_max"] == 2000 * 1024 * 1024  # not coded: the default


def test_ivtprm_ignored_statement_keeps_the_default() -> None:
    res = lint_texts({"IVTPRM00": "FIXED  MAX(10M)\n"})
    (c,) = res.topology.of("csm_limits")
    assert c.get("fixed_max").defaulted  # CSM took the line as a comment
    assert [f.code for f in res.findings] == ["TCP026"]


# ---------------------------------------------------------------- BPXPRMxx


def test_bpxprm_numbers_take_suffixes() -> None:
    assert number("64K") == 65536 and number("2G") == 2 * 1024**3 and number("12") == 12
    assert number("ABC") is None


def test_bpxprm_statements_split_at_keywords_not_inside_parentheses() -> None:
    text = "MAXPROCSYS(900) MAXUIDS (200)\nFILESYSTYPE TYPE(ZFS)\n   ENTRYPOINT(IOEFSCM)\n"
    res = lint_texts({"BPXPRM00": text})
    ops = [s.op for s in res.parsed["BPXPRM00"].statements]
    assert ops == ["MAXPROCSYS", "MAXUIDS", "FILESYSTYPE"]
    fs = res.parsed["BPXPRM00"].statements[2]
    assert {o.name: o.value.text for o in fs.operands} == {"TYPE": "ZFS", "ENTRYPOINT": "IOEFSCM"}


def test_bpxprm_text_past_column_71_is_reported() -> None:
    line = "MAXPROCSYS(900)".ljust(71) + "MAXUIDS"
    res = lint_texts({"BPXPRM00": line + "\n"})
    assert any(f.code == "PRS001" and "columns 72-80" in f.message for f in res.findings)


def test_bpxprm_range_and_unknown_operand() -> None:
    res = lint_texts({"BPXPRM00": "MAXPROCSYS(2)\nNETWORK DOMAINNAME(AF_INET) MAXSOCKET(100)\n"})
    codes = sorted((f.code, f.severity.label) for f in res.findings if f.code.startswith("PRS"))
    assert codes == [("PRS002", "error"), ("PRS003", "error")]


# ---------------------------------------------------------------- SCF


def test_scf_values() -> None:
    assert scf_number("%H600") == 0x600 and scf_number("0004H") == 4 and scf_number("9D") == 9
    assert seconds("0:00:00.05") == 0.05 and seconds("0.001") == 0.001
    assert seconds("INFINITE") == "INFINITE"


def test_scf_assume_expands_subdevice_names_and_continuation_joins() -> None:
    text = "ASSUME PROCESS $ZTC0\nADD SUBNET #SN1, TYPE ETHERNET, &\n  IPADDRESS 10.1.1.1\n"
    subnets = entities({"SYSA/x.scf": text}, "nsk_subnet")
    assert subnets == {
        "$ZTC0.#SN1": {
            "name": "$ZTC0.#SN1",
            "system": "SYSA",
            "device": None,
            "ipaddress": "10.1.1.1",
            "mtu": None,
            "process": "$ZTC0",
            "qio": None,
            "subnetmask": None,
            "type": "ETHERNET",
        }
    }


def test_scf_prompts_and_comments_are_not_commands() -> None:
    res = lint_texts({"x.scf": "== set up\n1-> ASSUME LINE $CHAMA   -- the TLAM line\n"})
    (st,) = res.parsed["x.scf"].statements
    assert st.op == "ASSUME" and [o.text for o in st.operands] == ["LINE", "$CHAMA"]


def test_scf_display_pids_give_primary_and_backup_cpus() -> None:
    text = "TCPIP Status PROCESS \\SYSA.$ZTC0\nPPID.... ( 2, 41) BPID.... ( 0, 0)\n"
    p = entities({"s.scfout": text}, "nsk_process")["$ZTC0"]
    assert p["primary_cpu"] == 2 and p["backup_cpu"] is None and p["role"] == "tcpip"


def test_scf_command_without_object_is_reported() -> None:
    res = lint_texts({"x.scf": "ALTER #IP, DATAFORWARDCOUNT 1\n"})
    assert [f.code for f in res.findings] == ["PRS002"]


# ---------------------------------------------------------------- TSM


def test_tsm_stanzas_and_abbreviations() -> None:
    text = "SErvername A\n  TCPW 31\n  tcpb 31\nSERVERNAME B\n  TCPWindowsize 63\n"
    opts = entities({"dsm.sys": text}, "tsm_options")
    assert opts["A"]["tcpwindowsize"] == 31 and opts["A"]["tcpbuffsize"] == 31
    assert opts["B"]["tcpwindowsize"] == 63 and opts["B"]["tcpbuffsize"] is None


def test_tsm_values_beyond_the_range_are_clamped_with_a_warning() -> None:
    res = lint_texts({"dsm.opt": "TCPWindowsize 4096\n"})
    (f,) = [f for f in res.findings if f.code == "PRS003"]
    assert f.severity.label == "warning" and "nearest limit" in f.message


def test_bpxprm_maxsock_is_maxsockets() -> None:
    res = lint_texts({"SYSA/BPXPRMTC": "NETWORK DOMAINNAME(AF_INET) MAXSOCK(64000) TYPE(INET)\n"})
    (n,) = res.topology.of("bpx_network")
    assert n.value("maxsockets") == 64000
    assert not [f for f in res.findings if f.code == "PRS002"]


def test_bpxprm_comment_end_straddling_column_72_swallows_the_next_statement() -> None:
    text = (
        "MAXPROCSYS(900)  /* a comment whose end falls on columns 71-72".ljust(70)
        + "*/\n"
        + "MAXUIDS(50)      /* swallowed, as the system would */\n"
        + "MAXPTYS(800)\n"
    )
    res = lint_texts({"BPXPRM00": text})
    assert any("straddles columns 71 and 72" in f.message for f in res.findings)
    assert [s.op for s in res.parsed["BPXPRM00"].statements] == ["MAXPROCSYS", "MAXPTYS"]
