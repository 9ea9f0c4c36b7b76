"""TCPIP.DATA, resolver setup and FTP.DATA statements -> model entities."""

from __future__ import annotations

import re
from pathlib import PurePath

from decklint.dialects.base import (
    ParsedFile,
    unknown_name,
)
from decklint.dialects.tcpdata.reader import known, role
from decklint.dialects.tcpip.reader import placeholder
from decklint.ir import (
    Diagnostic,
    Value,
)
from decklint.model.entities import Attr
from decklint.model.lowering import Lowering, default

_FTP_FIELDS = ("CHKPTINT", "BLKSIZE", "BLOCKSIZE", "BUFNO", "EXTRATASKS", "NCP", "RECFM", "LRECL")
_DATA_FIELDS = ("TCPIPJOBNAME", "HOSTNAME", "DATASETPREFIX", "DOMAINORIGIN", "RESOLVERTIMEOUT")


def lower(pf: ParsedFile, low: Lowering) -> None:
    r = role(pf.source, [s.op for s in pf.statements])
    names = known(r)
    name = PurePath(pf.source.path).name
    fields: dict[str, Attr] = {}
    for st in pf.statements:
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
