"""Limits the seeds want high or optimally set are judged against the product default: the
messages say whether a value was coded as the default, coded below it, or not coded."""

from __future__ import annotations

from pathlib import Path

import pytest

from decklint import api

from .helpers import options_for


def messages(files: dict[str, str], code: str, opts: api.Options | None = None) -> list[str]:
    res = api.lint_texts(files, opts) if opts is not None else api.lint_texts(files)
    return [f.message for f in res.findings if f.code == code]


def test_bpx001_names_a_coded_default_and_a_value_below_it() -> None:
    got = messages(
        {
            "SYSA/BPXPRM00": "MAXPROCSYS(900) MAXUIDS(100) MAXPROCUSER(256)\n",
            "SYSA/BPXPRM01": "MAXFILEPROC(128000) MAXPTYS(1200)\n"
            "MAXTHREADTASKS(5000) MAXTHREADS(10000)\n",
        },
        "BPX001",
    )
    assert got == [
        "system SYSA: MAXPROCSYS(900) is coded as its default 900, the limit it has uncoded; "
        "estimate the users, processes and threads and set it above the default",
        "system SYSA: MAXUIDS(100) is coded below its default 200; "
        "estimate the users, processes and threads and set it above the default",
    ]


def test_bpx002_names_the_default_coded_or_not() -> None:
    got = messages(
        {
            "SYSA/BPXPRMTC": "NETWORK DOMAINNAME(AF_INET) DOMAINNUMBER(2) MAXSOCKETS(100)\n",
            "SYSB/BPXPRMTC": "NETWORK DOMAINNAME(AF_INET) DOMAINNUMBER(2) TYPE(INET)\n",
        },
        "BPX002",
    )
    assert got == [
        "NETWORK AF_INET: MAXSOCKETS(100) is coded as its default 100, the limit it has "
        "uncoded; set it high (one socket per Telnet and per FTP session)",
        "NETWORK AF_INET: MAXSOCKETS is not coded, so the default 100 applies; set it high "
        "(one socket per Telnet and per FTP session)",
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
