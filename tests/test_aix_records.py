"""Communications Server for AIX's node configuration records ([define_*] of sna_node.cfg) and
the SNA Services/6000 exportsna form: read as the manuals show them, judged by the catalog
(errors where a fact was read in HP-UX SNAplus2's manual of the same command set, warnings where it
is assumed), and joined to the network like the other workstations."""

from __future__ import annotations

from decklint import api
from decklint.core.findings import Severity
from decklint.pipeline.debug import load

from .helpers import case_options


def _lint(files: dict[str, str], tmp_path, monkeypatch) -> list[tuple[str, str, Severity, str]]:  # type: ignore[no-untyped-def]
    res = api.lint_texts(files, case_options({"files": files}, tmp_path, monkeypatch))
    return [(f.code, f"{f.span.line}:{f.span.col}", f.severity, f.message) for f in res.findings]


def test_a_record_parameter_outside_a_range_the_related_manual_gives_is_a_warning(
    tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    cfg = "[define_mode]\nmode_name = #BATCH\nreceive_pacing_win = 64\n"
    ((code, at, sev, msg),) = [
        f for f in _lint({"sna_node.cfg": cfg}, tmp_path, monkeypatch) if f[0] == "PRS003"
    ]
    # CS/AIX's own page was not read: the finding names the sister manual and is a warning
    assert (code, at, sev) == ("PRS003", "3:22", Severity.WARNING)
    assert msg == (
        "receive_pacing_win = 64 on [define_mode]: outside the allowed range 1-63 (as HP-UX "
        "SNAplus2 R7 Administration Command Reference documents it for the same command set)"
    )


def test_a_record_parameter_outside_an_assumed_range_is_a_warning(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    cfg = "[define_tr_ls]\nls_name = L1\nmax_ifrm_rcvd = 128\n"
    ((code, at, sev, msg),) = [
        f for f in _lint({"sna_node.cfg": cfg}, tmp_path, monkeypatch) if f[0] == "PRS003"
    ]
    assert (code, at, sev) == ("PRS003", "3:17", Severity.WARNING)
    assert msg.startswith(
        "max_ifrm_rcvd = 128 on [define_tr_ls]: outside the allowed range 0-127 (assumed"
    )


def test_a_lower_ru_bound_is_256_or_more_or_none(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    base = "[define_mode]\nmode_name = #BATCH\ndefault_ru_size = NO\nmax_ru_size_upp = 4096\n"
    for low, bad in (("0", False), ("256", False), ("100", True)):
        cfg = base + f"max_ru_size_low = {low}\n"
        found = [f for f in _lint({"sna_node.cfg": cfg}, tmp_path, monkeypatch) if f[0] == "PRS003"]
        assert bool(found) is bad, (low, found)


def test_the_ru_bounds_are_judged_only_where_default_ru_size_is_no(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    base = "[define_mode]\nmode_name = #BATCH\nmax_ru_size_upp = 100\n"
    assert not [f for f in _lint({"sna_node.cfg": base}, tmp_path, monkeypatch) if f[0] == "PRS003"]
    no = base + "default_ru_size = NO\n"
    found = [f for f in _lint({"sna_node.cfg": no}, tmp_path, monkeypatch) if f[0] == "PRS003"]
    assert [(f[1], "256-61440" in f[3]) for f in found] == [("3:19", True)]


def test_a_near_miss_is_named_and_an_unlisted_record_or_parameter_is_kept(
    tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    cfg = (
        "[define_mdoe]\nmode_name = X\n"
        "[define_mode]\nmode_name = Y\nrecieve_pacing_win = 4\nmax_ru_size_low = 0\n"
        "[define_cpic_side_info]\nsym_dest_name = SIDE1\n"
        "[define_tr_ls]\nls_name = L1\nxid_timeout = 8\nt1_timeout = 2\nt2_timeout = 1\n"
    )
    got = [(f[0], f[1], f[2], f[3]) for f in _lint({"sna_node.cfg": cfg}, tmp_path, monkeypatch)]
    assert [(c, at) for c, at, *_ in got] == [("PRS002", "1:2"), ("PRS002", "5:1")]
    assert all(sev is Severity.ERROR and "(assumed" not in msg for _c, _a, sev, msg in got)
    assert "did you mean [define_mode]?" in got[0][3]
    assert "did you mean receive_pacing_win?" in got[1][3]


def test_comments_and_values_that_begin_with_a_hash(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    cfg = (
        "# the lab node\n[define_mode]   # bulk\n"
        "mode_name = #BATCH # the SNA mode\ncos_name = #BATCH\n"
    )
    pf, low = load("sna_node.cfg", cfg, "aix")
    assert not pf.diagnostics
    (mode,) = low.entities
    assert (mode.name, mode.value("cos")) == ("#BATCH", "#BATCH")
    assert [c.text for c in pf.read.comments] == ["# the lab node", "# bulk", "# the SNA mode"]


def test_a_value_of_no_and_an_attribute_named_like_the_no_command() -> None:
    text = "batch_MODE:\n  type = MODE\n  node_verification = no\n  notify = no\n"
    pf, _low = load("services.exportsna", text, "aix")
    assert not pf.diagnostics
    assert [o.value.text for s in pf.statements for o in s.operands] == ["MODE", "no", "no"]


def test_a_cs_aix_link_station_takes_its_ports_window_and_joins_the_ncp_line(
    tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    files = {
        "LAB45.ncp": (
            "LAB45    BUILD SUBAREA=4,NEWNAME=LAB45\n"
            "TRPG     GROUP ECLTYPE=(PHYSICAL,PERIPHERAL)\n"
            "TRPL     LINE  ADDRESS=(1088,FULL),LOCADD=400000001088,MAXTSL=4060\n"
        ),
        "rs6k/sna_node.cfg": (
            "[define_node]\nfqcp_name = RTPNET.RS6KCP\nnode_type = END_NODE\n"
            "[define_tr_port]\nport_name = P1\nmax_ifrm_rcvd = 16\n"
            "[define_tr_ls]\nls_name = NCP45\nport_name = P1\nmac_address = <400000001088>\n"
            "max_send_btu_size = 4060\nmax_ifrm_rcvd = 0\n"
        ),
    }
    res = api.lint_texts(files, case_options({"files": files}, tmp_path, monkeypatch))
    assert res.topology is not None
    (dlc,) = res.topology.of("aix_dlc")
    assert (dlc.value("frame"), dlc.value("receive_window"), dlc.node) == (4060, 16, "aix:RS6KCP")
    links = [lk for lk in res.topology.of("link") if lk.value("kind") == "dlc"]
    assert [(lk.value("status"), lk.value("end_b")) for lk in links] == [("matched", "LINE TRPL")]
    (ws,) = res.topology.of("workstation")
    assert (ws.name, ws.value("node_type")) == ("RS6KCP", "EN")


def test_the_tuning_guides_sna_services_rules_leave_cs_aix_alone(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    cfg = (
        "[define_tr_ls]\nls_name = L1\nmax_send_btu_size = 2048\nmax_ifrm_rcvd = 4\n"
        "[define_mode]\nmode_name = #BATCH\ndefault_ru_size = NO\nmax_ru_size_upp = 8192\n"
    )
    codes = {f[0] for f in _lint({"sna_node.cfg": cfg}, tmp_path, monkeypatch)}
    assert not codes & {"AIX001", "AIX002", "AIX004"}
