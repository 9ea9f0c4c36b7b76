"""Communications Server for AIX node configuration records -> model entities.

/etc/sna/sna_node.cfg (and a `snaadmin -i` input file) is a series of `[define_*]` records of
`name = value` lines. The records decklint models:

- [define_node]: the workstation (its CP name, node type and node ID) and the file's node, and
  its intermediate session routing limits (`aix_node`);
- [define_tr_ls], [define_ethernet_ls], [define_fddi_ls]: a link station toward the adjacent
  station's MAC address (a `dlc_link`, which the network joins to the NCP line whose LOCADD
  it is) and its DLC frame and receive window (an `aix_dlc`), the port's where the link
  station leaves them to it ([define_*_port]);
- [define_tr_port], _ethernet_, _fddi_: a port and its link activation limits (`aix_port`);
- [define_mode]: a mode.

Every record and parameter the catalog lists is judged against it (PRS003; PRS002 for a
parameter one letter away from a listed one). The product has many more record types than the
catalog lists (3270 emulation, TN server, CPI-C side information, ...): a record it does not
list is kept unjudged, unless its name is one letter away from a listed one.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import PurePath
from typing import NamedTuple

from decklint.core.entities import Attr
from decklint.core.findings import Severity
from decklint.core.ir import Diagnostic, Operand, Statement
from decklint.core.lowering import Lowering, coded, default
from decklint.knowledge.catalog import Catalog, OperandEntry, StatementEntry
from decklint.knowledge.catalog_check import (
    assumed,
    default_note,
    default_of,
    operand_problems,
    spelt,
)
from decklint.knowledge.schema import ONE_EDIT_FROM, one_edit

PRODUCT = "CS/AIX"  # the `product` of the entities these records make
_CATALOG = "aix"
_LAN = ("TR", "ETHERNET", "FDDI")
# The adjacent node types of a link station as the `dlc_link` kind names them.
_ADJACENT = {
    "LEARN_NODE": "LEARN",
    "NETWORK_NODE": "NN",
    "END_NODE": "EN",
    "APPN_NODE": "LEARN",
    "BACK_LEVEL_LEN_NODE": "LEN",
    "LEN_NODE": "LEN",
}
_NODE_TYPE = {
    "NETWORK_NODE": "NN",
    "BRANCH_NETWORK_NODE": "NN",
    "END_NODE": "EN",
    "LEN_NODE": "LEN",
}


class Record(NamedTuple):
    """A `[define_*]` record: its header line and its own parameters (a subrecord's are
    apart, in `subrecords`)."""

    head: Statement
    params: tuple[Operand, ...]
    subrecords: tuple[tuple[Statement, tuple[Operand, ...]], ...]

    @property
    def name(self) -> str:
        return self.head.op

    def get(self, param: str) -> Operand | None:
        """The parameter as coded (the last of two, as the product reads a file)."""
        found = None
        for o in self.params:
            if o.name == param:
                found = o
        return found


def records(statements: Iterable[Statement]) -> list[Record]:
    """The file's records, each with the attribute lines that follow its header up to the
    next record or stanza."""
    out: list[Record] = []
    head: Statement | None = None
    params: list[Operand] = []
    subs: list[tuple[Statement, list[Operand]]] = []

    def close() -> None:
        if head is not None:
            out.append(Record(head, tuple(params), tuple((s, tuple(ops)) for s, ops in subs)))

    for st in statements:
        if st.kind in ("record", "stanza"):
            close()
            head, params, subs = (st, [], []) if st.kind == "record" else (None, [], [])
        elif head is not None and st.kind == "subrecord":
            subs.append((st, []))
        elif head is not None and st.kind == "attribute":
            (subs[-1][1] if subs else params).extend(st.operands)
    close()
    return out


def _near(name: str, pool: Iterable[str]) -> str | None:
    """A listed name one letter away (changed, added, dropped or two swapped), or None: the
    catalog lists some of the product's parameters only, so a name merely like a listed one
    is not reported."""
    if len(name) < ONE_EDIT_FROM:
        return None
    return next((c for c in sorted(pool) if len(c) >= ONE_EDIT_FROM and one_edit(name, c)), None)


def _why(cat: Catalog, st: StatementEntry | None) -> str:
    if not assumed(cat, st):
        return ""
    note = (st.note if st is not None else "") or str(cat.extra.get("note", ""))
    return f" (assumed: {note.rstrip('.')})" if note else " (assumed)"


def _holds(entry: StatementEntry, rec: Record, operand: str, values: tuple[str, ...]) -> bool:
    """Whether a parameter of the record (coded, else its catalog default) is one of values."""
    o = rec.get(operand.lower())
    if o is not None:
        v = o.value.text.strip("\"'").upper()
    else:
        own = entry.operands.get(operand.upper())
        v = str(own.default).upper() if own is not None and own.default is not None else ""
    return v in values


def _effective(entry: StatementEntry, rec: Record) -> StatementEntry:
    """The entry as it holds for this record: an operand's range that holds only in a case
    (max_ru_size_upp when default_ru_size=NO) where the case holds."""
    changed: dict[str, OperandEntry] = {}
    for key, op in entry.operands.items():
        for case in op.judged_cases:
            if case.when.statement or not _holds(entry, rec, case.when.operand, case.when.values):
                continue
            changed[key] = op._replace(
                range=case.range or op.range, values=case.values or op.values, cases=()
            )
    return entry._replace(operands={**entry.operands, **changed}) if changed else entry


def judge(cat: Catalog, rec: Record) -> Iterator[Diagnostic]:
    """PRS002 and PRS003 for a record against its catalog entry."""
    entry = cat.statement(rec.name)
    where = rec.head.op_span or rec.head.span
    label = rec.head.label or rec.name.lower()
    if entry is None:
        guess = _near(rec.name, (n for n in cat.names() if n.startswith("DEFINE_")))
        if guess is not None:
            yield Diagnostic(
                "PRS002",
                where,
                f"record [{label}] is not known; did you mean [{guess.lower()}]?"
                + _why(cat, cat.statement(guess)),
                Severity.ERROR if not assumed(cat, cat.statement(guess)) else Severity.WARNING,
            )
        return
    listed: list[tuple[str, Operand]] = []
    for o in rec.params:
        key = (o.name or "").upper()
        if key in entry.operands:
            listed.append((key, o))
            continue
        guess = _near(key, (k for k in entry.operands if k not in {n for n, _ in listed}))
        if guess is not None:
            sure = not assumed(cat, entry, entry.operands[guess])
            yield Diagnostic(
                "PRS002",
                o.span,
                f"parameter {o.name_text or o.name} of [{label}] is not known; did you mean "
                f"{spelt(cat, entry.name, guess)}?" + ("" if sure else _why(cat, entry)),
                Severity.ERROR if sure else Severity.WARNING,
            )
    yield from operand_problems(
        cat, _effective(entry, rec), listed, f"[{label}]", by="CS/AIX", written=(" = ", "")
    )


# ----------------------------------------------------------------------------- the model


def node_name(recs: Iterable[Record], path: str) -> str:
    """The file's node: the CP name its [define_node] gives, else the file's name up to its
    first dot (as the other AIX files are named by theirs)."""
    for rec in recs:
        if rec.name == "DEFINE_NODE":
            cp = _short(rec.get("fqcp_name")) or _short(rec.get("cp_alias"))
            if cp:
                return cp
    return PurePath(path).name.split(".")[0].upper()


def _plain(op: Operand | None) -> str:
    """A name as coded, upper case, quotes dropped."""
    return "" if op is None else op.value.text.strip("\"'").upper()


def _short(op: Operand | None) -> str:
    """The name part of a fully qualified NETID.NAME."""
    return _plain(op).rsplit(".", 1)[-1]


def _mac(op: Operand | None) -> Attr:
    """A MAC address as its 12 hexadecimal digits (written <hex> or 0xhex)."""
    if op is None:
        return default(None)
    text = op.value.text.strip("\"'<>").upper()
    return coded(op, text[2:] if text.startswith("0X") else text)


def _text(op: Operand | None) -> Attr:
    return coded(op, op.value.text.strip("\"'").upper()) if op is not None else default(None)


def _dflt(record: str, param: str) -> Attr:
    return default(
        default_of(_CATALOG, record, param), default_note(_CATALOG, record, param, "CS/AIX")
    )


def _or_default(rec: Record, param: str) -> Attr:
    o = rec.get(param)
    return coded(o) if o is not None else _dflt(rec.name, param)


def _mapped(op: Operand | None, table: dict[str, str], fallback: Attr) -> Attr:
    if op is None:
        return fallback
    text = op.value.text.strip("\"'").upper()
    return coded(op, table.get(text, text))


def lower(recs: list[Record], low: Lowering, cp: str) -> None:
    """The entities of the file's records (`cp`: the node's CP name, or the file's name)."""
    ports: dict[str, Record] = {}
    for rec in recs:
        kind = rec.name.removeprefix("DEFINE_")
        if rec.name == "DEFINE_NODE":
            adj = rec.get("node_type")
            low.add(
                "workstation",
                cp,
                rec.head.span,
                {
                    "name": coded(rec.get("fqcp_name")),
                    "product": default("AIX"),
                    "node_type": _mapped(adj, _NODE_TYPE, default(None)),
                    "node_id": _text(rec.get("node_id")),
                },
            )
            low.add(
                "aix_node",
                cp,
                rec.head.span,
                {
                    "name": coded(rec.get("fqcp_name")),
                    "node_type": _text(adj),
                    "isr_max": coded(rec.get("max_isr_sessions")),
                    "isr_upper": coded(rec.get("isr_sessions_upper_threshold")),
                    "isr_lower": coded(rec.get("isr_sessions_lower_threshold")),
                },
            )
        elif kind.endswith("_PORT") and kind.removesuffix("_PORT") in _LAN:
            name = _plain(rec.get("port_name"))
            if name:
                ports[name] = rec
            _port(rec, low, name)
        elif kind.endswith("_LS") and kind.removesuffix("_LS") in _LAN:
            _link_station(rec, ports, low, cp)
        elif rec.name == "DEFINE_MODE":
            _mode(rec, low, cp)


def _link_station(rec: Record, ports: dict[str, Record], low: Lowering, cp: str) -> None:
    name_op = rec.get("ls_name")
    name = _plain(name_op) or "(unnamed)"
    port = ports.get(_plain(rec.get("port_name")))
    low.add(
        "dlc_link",
        name,
        rec.head.span,
        {
            "name": coded(name_op),
            "dlc_name": default(rec.name.removeprefix("DEFINE_").removesuffix("_LS")),
            "adapter_number": default(None),
            "destination_address": _mac(rec.get("mac_address")),
            "adjacent_cp": _text(rec.get("adj_cp_name")),
            "adjacent_node_type": _mapped(
                rec.get("adj_cp_type"),
                _ADJACENT,
                _adjacent_default(rec.name),
            ),
        },
        scope=cp,
    )
    frame = rec.get("max_send_btu_size")
    window = rec.get("max_ifrm_rcvd")
    if (window is None or window.value.as_int() == 0) and port is not None:
        window = port.get("max_ifrm_rcvd") or window  # 0 (or none): the port's window
    low.add(
        "aix_dlc",
        name,
        rec.head.span,
        {
            "name": coded(name_op, name) if name_op is not None else default(name),
            "product": default(PRODUCT),
            "frame": coded(frame) if frame is not None else default(None, "not coded"),
            "send_window": default(None, "learned from the partner's XID"),
            "receive_window": coded(window)
            if window is not None and window.value.as_int()
            else default(None, "not coded"),
            "auto_activate": _yes(rec, "auto_act_supp"),
            "cp_cp_sessions": _yes(rec, "cp_cp_sess_support"),
        },
    )


def _yes(rec: Record, param: str) -> Attr:
    """A YES/NO parameter as a truth value (coded, else its catalog default)."""
    o = rec.get(param)
    if o is not None:
        return coded(o, o.value.text.strip("\"'").upper() == "YES")
    d = _dflt(rec.name, param)
    return default(str(d.value).upper() == "YES", d.note)


def _port(rec: Record, low: Lowering, name: str) -> None:
    """A LAN port's link activation limits (the catalog's defaults where not coded)."""
    low.add(
        "aix_port",
        name or "(unnamed)",
        rec.head.span,
        {
            "name": coded(rec.get("port_name")),
            "total_limit": coded(rec.get("tot_link_act_lim")),
            "inbound_limit": coded(rec.get("inb_link_act_lim")),
            "outbound_limit": coded(rec.get("out_link_act_lim")),
        },
    )


def _adjacent_default(record: str) -> Attr:
    d = _dflt(record, "adj_cp_type")
    return default(_ADJACENT.get(str(d.value), d.value), d.note)


def _mode(rec: Record, low: Lowering, cp: str) -> None:
    mn = rec.get("mode_name")
    name = _plain(mn)
    if name == "<>":  # not a mode: the COS of mode names the node does not know
        return
    if not name:
        low.diag(Diagnostic("PRS001", rec.head.span, "[define_mode] needs mode_name"))
        return
    dflt = rec.get("default_ru_size")
    coded_yes = dflt.value.text.upper() if dflt is not None else ""
    yes = (coded_yes or str(default_of(_CATALOG, rec.name, "default_ru_size"))) == "YES"
    ru = _or_default(rec, "max_ru_size_upp")
    attrs = {
        "name": Attr(name, mn.text, mn.value.span),  # type: ignore[union-attr]
        "table": default(cp),
        "product": default(PRODUCT),
        "default_ru_size": Attr(yes, dflt.text, dflt.span)
        if dflt is not None
        else Attr(yes, None, None, True, _dflt(rec.name, "default_ru_size").note),
        "ru_max": ru,
        "ru_min": ru,
        "ru_primary": ru,
        "ru_secondary": ru,
        "ru_lower": _or_default(rec, "max_ru_size_low"),
        "receive_window": _or_default(rec, "receive_pacing_win"),
        "cos": _or_default(rec, "cos_name"),
        "appncos": coded(rec.get("cos_name")),
        "max_sessions": _or_default(rec, "max_neg_sess_lim"),
        "session_limit": _or_default(rec, "plu_mode_session_limit"),
        "min_winners": _or_default(rec, "min_conwin_src"),
        "min_losers": _or_default(rec, "min_conloser_src"),
        "bulk": default(name in low.settings.bulk_modes),
    }
    low.add("mode", name, rec.head.span, attrs, scope=f"CSAIX:{cp}")
