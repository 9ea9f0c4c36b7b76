"""TCPIP.DATA, resolver setup and FTP.DATA statements -> model entities."""

from __future__ import annotations

import re
from pathlib import PurePath

from decklint.core.entities import Attr
from decklint.core.findings import Severity
from decklint.core.ir import (
    Diagnostic,
    Value,
)
from decklint.core.lowering import Lowering, default
from decklint.dialects.tcpdata.reader import known, role
from decklint.dialects.tcpip.reader import placeholder
from decklint.readers.base import (
    ParsedFile,
    unknown_name,
)

_FTP_FIELDS = ("CHKPTINT", "BLKSIZE", "BLOCKSIZE", "BUFNO", "EXTRATASKS", "NCP", "RECFM", "LRECL")
_DATA_FIELDS = ("TCPIPJOBNAME", "HOSTNAME", "DATASETPREFIX", "DOMAINORIGIN", "RESOLVERTIMEOUT")


def lower(pf: ParsedFile, low: Lowering) -> None:
    r = role(pf.source, [s.op for s in pf.statements])
    names = known(r)
    name = PurePath(pf.source.path).name
    fields: dict[str, Attr] = {}
    block = _banner_block(pf, low) if r == "ftpdata" else set()
    for st in pf.statements:
        if st.index in block:
            continue  # the banner's text: said once, on its BANNER
        for o in st.operands:
            if _PLACEHOLDER.match(o.value.text):
                low.diag(Diagnostic("PRS001", o.span, placeholder(o.value.text)))
        if st.op not in names and st.op_span is not None:
            low.diag(unknown_name(st.op_span, f"{_TITLES[r]} statement {st.op}", names))
            continue
        v = st.operands[0].value if st.operands else None
        if st.op == "DATASETPREFIX" and v is not None:
            _dataset_prefix(v, low)
        wanted = _FTP_FIELDS if r == "ftpdata" else _DATA_FIELDS
        if st.op in wanted:
            key = "blksize" if st.op == "BLOCKSIZE" else st.op.lower()
            if v is None:
                fields[key] = Attr("", st.op, st.op_span)
            else:
                n = v.as_int()
                fields[key] = Attr(n if n is not None else v.text.upper(), v.text, v.span)
    first = pf.statements[0].span if pf.statements else None
    if first is None:
        return
    if r == "ftpdata":
        attrs = {"name": Attr(name)}
        for f in ("chkptint", "blksize", "bufno", "extratasks", "ncp", "recfm", "lrecl"):
            attrs[f] = fields.get(f, default(None))
        low.add("ftp_data", name, first, attrs)
    else:
        attrs = {"name": Attr(name), "role": default(r)}
        for f in ("tcpipjobname", "hostname", "datasetprefix", "domainorigin", "resolvertimeout"):
            attrs[f] = fields.get(f, default(None))
        low.add("tcpip_data", name, first, attrs)


def _banner_block(pf: ParsedFile, low: Lowering) -> set[int]:
    """A BANNER coded with no file and followed by the banner's text up to an ENDBANNER (as
    other FTP servers' configurations write it): one warning, on the BANNER, and the indexes
    of the statements that are the block's text and its end. z/OS FTP.DATA's BANNER names the
    file that holds the text (IP Configuration Reference, "BANNER (FTP server) statement")."""
    sts = list(pf.statements)
    out: set[int] = set()
    for i, st in enumerate(sts):
        if st.op != "BANNER" or st.operands or st.index in out:
            continue
        end = next((j for j in range(i + 1, len(sts)) if sts[j].op == "ENDBANNER"), None)
        if end is None:
            continue
        out.update(s.index for s in sts[i + 1 : end + 1])
        last = sts[end].span.line
        low.diag(
            Diagnostic(
                "PRS001",
                st.op_span or st.span,
                f"BANNER names the file that holds the banner text (BANNER /etc/ftpd.banner, or "
                f"a data set in quotes); the z/OS FTP server reads no BANNER ... ENDBANNER "
                f"block, so lines {st.span.line + 1}-{last} are no FTP.DATA statements: keep "
                "the text in a file and name it",
                Severity.WARNING,
            )
        )
    return out


_PLACEHOLDER = re.compile(r"<[^<>\s]+>\Z")
_TITLES = {"tcpipdata": "TCPIP.DATA", "resolver": "resolver setup", "ftpdata": "FTP.DATA"}


def _dataset_prefix(v: Value, low: Lowering) -> None:
    text = v.text.strip("'\"")
    if len(text) > 26 or text.endswith("."):
        low.diag(
            Diagnostic(
                "PRS003",
                v.span,
                f"DATASETPREFIX {text}: at most 26 characters and no trailing period",
            )
        )
