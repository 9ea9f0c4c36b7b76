"""SCF commands and displays -> NonStop model entities.

ASSUME sets the object commands default to (`ASSUME LINE $CHAMA` then `ALTER PORT #IP, ...`
means port $CHAMA.#IP); a display's header names the object its detail lines describe. ADD
and ALTER attributes, RUN options and displayed values all land on one entity per object,
the last value winning as SCF applies them. Which process does what is read from its name
and program (assumed, research/spec-gaps.md 4): $ZTCn or a TCPIP program is a TCP/IP stack;
a name or program with ADSM or REQ is a BackHome!/ADSM requester (BMON and LOGGER are not on
the data path); LINE objects are TLAM (or PAM) lines, each with its controller.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import PurePath

from decklint.core.entities import Attr
from decklint.core.findings import Severity
from decklint.core.ir import Diagnostic, Operand, Statement, Value
from decklint.core.lowering import Lowering, default
from decklint.core.source import Span
from decklint.knowledge.catalog_check import operand_problems, product_catalog
from decklint.readers.base import ParsedFile

# the object types decklint models, and the model kind each becomes
KINDS = {
    "PROCESS": "nsk_process",
    "LINE": "nsk_line",
    "PORT": "nsk_port",
    "SUBNET": "nsk_subnet",
    "PU": "nsk_pu",
}


@functools.cache
def fields(kind: str) -> dict[str, str]:
    """Attribute (normalised) -> model field, for an object kind: the `field:`s of its object
    type's catalog entry (grammars/catalogs/scf.yaml)."""
    typ = next(t for t, k in KINDS.items() if k == kind)
    body = product_catalog("scf").raw.get(typ) or {}
    operands = body.get("operands") or {}
    return {
        norm(str(name)): str(b["field"])
        for name, b in operands.items()
        if isinstance(b, dict) and b.get("field")
    }


_TIME = re.compile(r"(?:([0-9]{1,9}):([0-9]{1,9}):)?([0-9]{0,30}\.?[0-9]{1,30})\Z")
_PID = re.compile(r"\(?\s*([0-9]{1,9})\s*,\s*([0-9]{1,9})\s*\)?\Z")


def norm(name: str) -> str:
    return re.sub(r"[\s_\-*]", "", name).upper()


def number(text: str) -> int | None:
    """%Hhex, %octal, %Bbinary, 0004H, 9D or a plain number."""
    t = text.strip().upper()
    try:
        if t.startswith("%H"):
            return int(t[2:], 16)
        if t.startswith("%B"):
            return int(t[2:], 2)
        if t.startswith("%") and t[1:].isdigit():
            return int(t[1:], 8)
        if t.endswith("H") and re.fullmatch(r"[0-9A-F]+H", t):
            return int(t[:-1], 16)
        if t.endswith("D") and t[:-1].isdigit():
            return int(t[:-1])
        return int(t) if t.isdigit() else None
    except ValueError:
        return None


def seconds(text: str) -> float | str | None:
    """DATAFORWARDTIME: 0.001, 0:00:00.05 or INFINITE."""
    t = text.strip().upper()
    if t == "INFINITE":
        return "INFINITE"
    m = _TIME.fullmatch(t)
    if not m:
        return None
    h = int(m.group(1) or 0)
    mi = int(m.group(2) or 0)
    return round(h * 3600 + mi * 60 + float(m.group(3)), 6)


@functools.cache
def renamed() -> dict[tuple[str, str], str]:
    """(object type, retired attribute) -> the attribute that replaced it (`renamed:` in the
    catalog: SNAX's TR attributes, LN since the G06.03 RVU)."""
    out: dict[tuple[str, str], str] = {}
    for typ in KINDS:
        body = product_catalog("scf").raw.get(typ) or {}
        for name, b in (body.get("operands") or {}).items():
            if isinstance(b, dict) and b.get("renamed"):
                out[(typ, norm(str(name)))] = str(b["renamed"])
    return out


def sapinfo(v: Value) -> tuple[tuple[int, int | None], ...]:
    """SAPINFO (SAP %H04, MAXLS 20, DFT 30.30, DFC 100, DFS 10; SAP %H08, MAXLS 4) as
    ((sap, maxls), ...): a SAP begins a group, MAXLS gives its link stations."""
    words = [w.text.rstrip(";") for w in v.items if w is not None] if v.items else v.text.split()
    groups: list[list[int | None]] = []
    key = ""
    for w in words:
        up = w.upper()
        if up in ("SAP", "MAXLS", "DFC", "DFS", "DFT"):
            key = up
            if up == "SAP":
                groups.append([None, None])
            continue
        if key == "SAP" and groups:
            groups[-1][0] = number(w)
        elif key == "MAXLS" and groups:
            groups[-1][1] = number(w)
        key = ""
    return tuple((g[0], g[1]) for g in groups if g[0] is not None)


@dataclass
class _Obj:
    kind: str
    name: str
    span: Span
    attrs: dict[str, Attr] = field(default_factory=dict)


class _Model:
    def __init__(self, pf: ParsedFile, low: Lowering) -> None:
        self.pf = pf
        self.low = low
        self.folder = (PurePath(pf.source.path).parent.name or "NONSTOP").upper()
        self.system = self.folder
        self.assumed: tuple[str, str] | None = None
        self.objects: dict[tuple[str, str], _Obj] = {}
        self.current: _Obj | None = None  # the object a display's details describe

    def name(self, text: str) -> str:
        t = text.upper()
        if t.startswith("\\") and "." in t:
            sysname, t = t[1:].split(".", 1)
            self.system = sysname
        return t

    def obj(self, typ: str, name: str, span: Span) -> _Obj | None:
        kind = KINDS.get(typ)
        if kind is None:
            return None
        if name.startswith("#") and self.assumed is not None:
            name = f"{self.assumed[1]}.{name}"
        if "*" in name or "?" in name:
            return _Obj(kind, name, span)  # a template: its rows name the objects
        key = (kind, name)
        if key not in self.objects:
            self.objects[key] = _Obj(kind, name, span)
        return self.objects[key]

    def set(self, o: _Obj, attr: str, v: Value, span: Span) -> None:
        fieldname = fields(o.kind).get(norm(attr))
        if fieldname is None:
            return
        text = v.text.strip()
        value: object
        if fieldname in ("primary_cpu", "backup_cpu", "cpu"):
            m = _PID.match(text)
            if m:
                cpu, pin = int(m.group(1)), int(m.group(2))
                value = None if (fieldname == "backup_cpu" and cpu == 0 and pin == 0) else cpu
            else:
                value = number(text) if number(text) is not None else text.upper()
                if str(value).upper() in ("NOTSPECIFIED", "NOT SPECIFIED"):
                    value = None
        elif fieldname == "dataforwardtime":
            value = seconds(text)
            if value is None:
                self.low.diag(
                    Diagnostic(
                        "PRS003",
                        v.span,
                        f"DATAFORWARDTIME {text}: a time such as 0.01, 0:00:00.05 or INFINITE",
                    )
                )
                return
            if text.startswith("."):
                self.low.diag(
                    Diagnostic(
                        "PRS001",
                        v.span,
                        f"DATAFORWARDTIME {text}: SCF needs a zero before the decimal point "
                        f"(0{text})",
                    )
                )
        elif fieldname in ("qiomode", "rfc1323", "delayacks", "qio"):
            value = text.upper() in ("ON", "YES", "TRUE")
        elif fieldname == "sapinfo":
            value = sapinfo(v)
        elif fieldname == "lnt2":
            value = seconds(text)
        elif fieldname in ("remote_address", "station", "type", "program", "device"):
            value = text.upper()
        else:
            n = number(text)
            value = n if n is not None else text.upper()
        o.attrs[fieldname] = Attr(value, text, v.span)

    def run(self) -> None:
        for st in self.pf.statements:
            if st.kind == "command":
                self.command(st)
            elif st.kind == "header":
                ops = {o.name: o for o in st.operands}
                typ = ops["TYPE"].value.text.upper()
                name = ops["NAME"].value.text if "NAME" in ops else "*"
                self.current = self.obj(typ, self.name(name), st.span)
            elif st.kind in ("detail", "colon", "row") and self.current is not None:
                self.details(st, self.current)
        self.finish()

    def details(self, st: Statement, o: _Obj) -> None:
        row_name = next((op for op in st.operands if op.name == "NAME"), None)
        if st.kind == "row" and row_name is not None:
            typ = next((t for t, k in KINDS.items() if k == o.kind), "")
            base = o.name.rstrip("*").rstrip(".")
            nm = self.name(row_name.value.text)
            if not nm.startswith("$") and base:
                nm = f"{base}.{nm}" if nm.startswith("#") else nm
            target = self.obj(typ, nm, st.span)
            if target is None:
                return
            o = target
        for op in st.operands:
            self.set(o, op.name or "", op.value, op.span)

    def command(self, st: Statement) -> None:
        pos = [o for o in st.operands if o.name is None]
        attrs = [o for o in st.operands if o.name is not None]
        if st.op == "RUN":
            self.run_line(st, pos)
            return
        typ = pos[0].value.text.upper() if pos and pos[0].value.text.upper() in KINDS else None
        rest = pos[1:] if typ else pos
        if typ is None and self.assumed is not None:
            typ = self.assumed[0]
        name_v = rest[0].value if rest else None
        if st.op == "ASSUME":
            if typ and name_v is not None:
                self.assumed = (typ, self.name(name_v.text))
            return
        if typ is None:
            if st.op not in ("INFO", "STATUS", "STATS", "OBEY", "ENV", "SYSTEM", "VERSION"):
                self.low.diag(
                    Diagnostic(
                        "PRS002",
                        st.op_span or st.span,
                        f"{st.op} without an object type and no ASSUME before it: decklint "
                        "cannot tell what it applies to",
                    )
                )
            return
        if name_v is None:
            name = self.assumed[1] if self.assumed and self.assumed[0] == typ else ""
        else:
            name = self.name(name_v.text)
        if not name or "*" in name:
            return
        self.judge(st, typ, attrs)
        o = self.obj(typ, name, st.span)
        if o is None:
            return
        if st.op == "ADD" and typ == "PROCESS":
            real = next((a for a in attrs if norm(a.name or "") == "NAME"), None)
            if real is not None:
                key = (o.kind, name)
                self.objects.pop(key, None)
                o = self.obj(typ, self.name(real.value.text), st.span) or o
        for a in attrs:
            self.set(o, a.name or "", a.value, a.span)

    def judge(self, st: Statement, typ: str, attrs: list[Operand]) -> None:
        """PRS002 and PRS003 for the attributes an ADD or ALTER codes, from the object type's
        catalog entry (warnings at most: the catalog is assumed)."""
        cat = product_catalog("scf")
        entry = cat.statement(typ) if st.op in ("ADD", "ALTER") else None
        if entry is None or not entry.operands:
            return
        named = [(norm(a.name or ""), _decimal(a)) for a in attrs]
        what = f"{st.op} {typ}"
        coded = [n for n, _ in named]
        for d in operand_problems(cat, entry, named, what, coded, "SCF", "attribute", (" ", "")):
            self.low.diag(d)
        for key, a in named:
            new = renamed().get((typ, key))
            if new is not None:
                self.low.diag(
                    Diagnostic(
                        "NSK011",
                        a.span,
                        f"{a.name_text or key} is the retired name of {new}: SCF still takes it, "
                        f"and INFO {typ} displays {new}; code {new}",
                        Severity.INFO,
                    )
                )

    def run_line(self, st: Statement, pos: list[Operand]) -> None:
        program = next((o.value for o in pos if o.value.kind != "runopts"), None)
        opts = next((o.value for o in pos if o.value.kind == "runopts"), None)
        if opts is None:
            return
        inner = opts.text.strip("/")
        fields: dict[str, tuple[str, int]] = {}
        at = 1
        for part in inner.split(","):
            words = part.split(None, 1)
            if words:
                fields[words[0].upper()] = (words[1].strip() if len(words) > 1 else "", at)
            at += len(part) + 1
        if "NAME" not in fields:
            return
        name, _ = fields["NAME"]
        o = self.obj("PROCESS", self.name(name), st.span)
        if o is None:
            return
        if program is not None:
            o.attrs["program"] = Attr(program.text.upper(), program.text, program.span)
        for key in ("CPU", "PRI"):
            if key in fields:
                text, off = fields[key]
                part = inner[off - 1 :]
                col = opts.span.col + off + part.find(text)
                span = Span(opts.span.line, col, opts.span.line, col + len(text))
                self.set(o, key, Value("word", text, span), span)

    def default(self, kind: str, field_name: str) -> Attr:
        """A PU attribute not coded: the SNAX default the catalog gives (the other objects'
        defaults are left to the rules, which say what a default means for them)."""
        if kind != "nsk_pu":
            return default(None)
        found = pu_defaults().get(field_name)
        return default(found, "SNAX default") if found is not None else default(None)

    def finish(self) -> None:
        for o in self.objects.values():
            attrs = {"name": Attr(o.name), "system": default(self.system)}
            for f in sorted(set(fields(o.kind).values())):
                attrs[f] = o.attrs.get(f) or self.default(o.kind, f)
            if o.kind == "nsk_process":
                attrs["role"] = default(role(o.name, str(attrs["program"].value or "")))
            if o.kind in ("nsk_port", "nsk_pu"):
                attrs["line"] = default(o.name.split(".#")[0] if ".#" in o.name else None)
            if o.kind == "nsk_pu":
                attrs["remote_mac"] = _remote_mac(attrs["remote_address"])
            if o.kind == "nsk_subnet":
                attrs["process"] = default(o.name.split(".#")[0] if ".#" in o.name else None)
            self.low.add(o.kind, o.name, o.span, attrs, scope=self.folder)


def _remote_mac(addr: Attr) -> Attr:
    """The MAC address in LNRMTADDR (its SAP, then the MAC: 14 hexadecimal digits)."""
    text = str(addr.value or "")
    if not re.fullmatch(r"[0-9A-F]{14}", text):
        return default(None)
    return Attr(text[2:], addr.raw, addr.span)


def _decimal(a: Operand) -> Operand:
    """An attribute whose value is an SCF number (%H04, %B101, %17) as the catalog judges it:
    by its value, written in decimal."""
    v = a.value
    if len(v.text) > 24 or v.text.strip().isdigit():  # a number of more digits is judged as written
        return a
    n = number(v.text)
    if n is None:
        return a
    return a._replace(value=v._replace(text=str(n)))


@functools.cache
def pu_defaults() -> dict[str, object]:
    """Model field -> the catalog's default for a SNAX PU attribute (LNMAXOUT 127, ...)."""
    body = product_catalog("scf").raw.get("PU") or {}
    out: dict[str, object] = {}
    for b in (body.get("operands") or {}).values():
        if isinstance(b, dict) and b.get("field") and b.get("default") is not None:
            value = b["default"]
            out.setdefault(str(b["field"]), seconds(value) if b["field"] == "lnt2" else value)
    return out


def role(name: str, program: str) -> str:
    both = f"{name} {program}".upper()
    if re.match(r"\$ZTC|\$ZB", name.upper()) or "TCPIP" in program.upper():
        return "tcpip"
    if "BMON" in both or "LOGGER" in both:
        return "monitor"
    if "ADSM" in both or "REQ" in both:
        return "requester"
    return "application"


def lower(pf: ParsedFile, low: Lowering) -> None:
    _Model(pf, low).run()
