"""Limits the tuning documents want high or optimally set are judged against the product
default: the messages say whether a value was coded as the default, coded below it, or not coded."""

from __future__ import annotations

from pathlib import Path

import pytest

from decklint import api

from .helpers import options_for


def messages(files: dict[str, str], code: str, opts: api.Options | None = None) -> list[str]:
    res = api.lint_texts(files, opts) if opts is not None else api.lint_texts(files)
    return [f.message for f in res.findings if f.code == code]


def findings(files: dict[str, str], code: str, opts: api.Options | None = None) -> list[str]:
    res = api.lint_texts(files, opts) if opts is not None else api.lint_texts(files)
    return [f"{f.severity.label} {f.message}" for f in res.findings if f.code == code]


def test_bpx001_a_limit_coded_at_or_below_a_confirmed_default_is_information() -> None:
    got = findings(
        {
            "SYSA/BPXPRM00": "MAXPROCSYS(900) MAXUIDS(100) MAXPROCUSER(20)\n",
            "SYSA/BPXPRM01": "MAXFILEPROC(128000) MAXPTYS(1200)\n"
            "MAXTHREADTASKS(5000) MAXTHREADS(10000)\n",
        },
        "BPX001",
    )
    assert got == [
        "info system SYSA: MAXPROCSYS(900) is coded as its default 900, the limit it has "
        "uncoded; estimate the users, processes and threads and set it above the default if "
        "the installation needs more",
        "info system SYSA: MAXPROCUSER(20) is coded below its default 25; estimate the users, "
        "processes and threads and set it above the default if the installation needs more",
    ]


def test_bpx001_an_assumed_default_is_never_held_against_a_coded_value() -> None:
    """MAXUIDS(100) is below the 200 decklint assumes, MAXPTYS(800) and MAXTHREADTASKS(1000)
    are at the defaults it assumes: no manual read confirms those, and IBM warns against an
    arbitrarily high MAXPTYS, so the values are the installation's own estimate."""
    got = findings(
        {
            "SYSA/BPXPRM00": "MAXPROCSYS(2000) MAXUIDS(100) MAXPROCUSER(256)\n"
            "MAXFILEPROC(128000) MAXPTYS(800) MAXTHREADTASKS(1000) MAXTHREADS(10000)\n",
        },
        "BPX001",
    )
    assert got == []


def test_bpx001_an_uncoded_limit_names_its_default_and_says_when_it_is_assumed() -> None:
    got = findings({"SYSA/BPXPRM00": "MAXPROCSYS(2000) MAXPROCUSER(256)\n"}, "BPX001")
    assert (
        "warning system SYSA: MAXUIDS is not set in its BPXPRMxx members; the default 200 "
        "(assumed: not confirmed in the manual) applies; estimate the users, processes and "
        "threads and set it" in got
    )
    assert (
        "warning system SYSA: MAXTHREADS is not set in its BPXPRMxx members; the default 200 "
        "applies; estimate the users, processes and threads and set it" in got
    )


def test_bpx001_judges_the_declared_load_instead_of_the_defaults(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = {
        "SYSA/BPXPRM00": "MAXPROCSYS(900) MAXUIDS(200) MAXPROCUSER(256) MAXFILEPROC(128000)\n"
        "MAXPTYS(800) MAXTHREADTASKS(5000)\n"
    }
    nodes = {"SYSA": {"product": "zos", "unix-users": 500, "unix-threads": 400}}
    got = findings(files, "BPX001", options_for(tmp_path, monkeypatch, config={"nodes": nodes}))
    assert got == [
        "warning system SYSA: MAXTHREADS is not set in its BPXPRMxx members; the default 200 "
        "applies, below 400; SYSA plans 400 threads in its busiest z/OS UNIX process; set it",
        "warning system SYSA: MAXPROCSYS(900) is below 1500; SYSA plans 500 z/OS UNIX users, "
        "and each needs 3; raise it",
        "warning system SYSA: MAXUIDS(200) is below 500; SYSA plans 500 z/OS UNIX users; raise it",
        "warning system SYSA: MAXPTYS(800) is below 1000; SYSA plans 500 z/OS UNIX users, "
        "and each needs 2; raise it",
    ]


def test_bpx002_names_the_default_coded_or_not_and_says_it_is_assumed() -> None:
    got = findings(
        {
            "SYSA/BPXPRMTC": "NETWORK DOMAINNAME(AF_INET) DOMAINNUMBER(2) MAXSOCKETS(100)\n",
            "SYSB/BPXPRMTC": "NETWORK DOMAINNAME(AF_INET) DOMAINNUMBER(2) TYPE(INET)\n",
        },
        "BPX002",
    )
    assert got == [
        "info NETWORK AF_INET: MAXSOCKETS(100) is coded as its default 100 (assumed: not "
        "confirmed in the manual), the limit it has uncoded; set it high (one socket per Telnet "
        "and per FTP session)",
        "warning NETWORK AF_INET: MAXSOCKETS is not coded, so the default 100 (assumed: not "
        "confirmed in the manual) applies; set it high (one socket per Telnet and per FTP "
        "session)",
    ]


def test_tcp006_says_how_a_coded_value_stands_to_the_release_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = {"OLD/PROFILE.TCPIP": "SOMAXCONN 10\n", "NEW/PROFILE.TCPIP": "SOMAXCONN 512\n"}
    nodes = {
        "OLD": {"product": "zos", "release": "V1R13"},
        "NEW": {"product": "zos", "release": "V2R1"},
    }
    got = messages(files, "TCP006", options_for(tmp_path, monkeypatch, config={"nodes": nodes}))
    assert got == [
        "stack NEW: SOMAXCONN 512 (coded below the z/OS V2R1 default, 1024); "
        "code SOMAXCONN 1024 or more",
        "stack OLD: SOMAXCONN 10 (coded as the z/OS V1R13 default, 10: that is not the large "
        "value asked for); code SOMAXCONN 1024 or more",
    ]
    assert messages({"X/PROFILE.TCPIP": "SOMAXCONN 10\n"}, "TCP006") == [
        "stack X: SOMAXCONN 10 (coded as the default before z/OS V2R1, 10: that is not "
        "the large value asked for); code SOMAXCONN 1024 or more"
    ]
