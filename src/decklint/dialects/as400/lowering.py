"""Configuration commands -> model entities: lines, controllers, devices and modes."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.entities import Attr
from decklint.core.findings import Severity
from decklint.core.ir import (
    Diagnostic,
    Operand,
    Statement,
    Value,
)
from decklint.core.lowering import Lowering, default
from decklint.knowledge.catalog import Catalog, StatementEntry
from decklint.knowledge.catalog_check import (
    default_note,
    default_of,
    operand_problems,
    positions,
    product_catalog,
)
from decklint.readers.base import (
    ParsedFile,
)

_CATALOG = "as400"  # grammars/catalogs/as400.yaml: commands, parameters, positions, defaults


def _object_names(op: Operand | None) -> Iterator[Value]:
    """The object names a parameter lists (special values such as *NONE left out)."""
    if op is None:
        return
    for v in op.value.items if op.value.is_list else (op.value,):
        if v is not None and v.kind == "word" and not v.text.startswith("*"):
            yield v


def operands_by_name(st: Statement) -> dict[str, Operand]:
    """Keyword operands, with positional ones named by the command's positions."""
    out = dict(st.keywords())
    names = positions(_CATALOG, st.op)
    for i, o in enumerate(p for p in st.operands if p.name is None):
        if i < len(names) and names[i] not in out:
            out[names[i]] = o
    return out


def _attr(op: Operand | None, dflt: tuple[str, str] | None = None, note: str = "") -> Attr:
    """Numbers as ints, special values (*CALC, *LINKTYPE) as upper-case text; not coded, the
    default the catalog gives parameter `dflt` (command, parameter) of the command."""
    if op is None:
        if dflt is None:
            return default(None, note)
        return default(default_of(_CATALOG, *dflt), note or _note(*dflt))
    v = op.value
    text = v.text.upper().strip("'")
    num = v.as_int() if v.kind == "int" else None
    return Attr(num if num is not None else text, op.text, v.span)


def _note(command: str, parameter: str) -> str:
    return default_note(_CATALOG, command, parameter, "AS/400")


def lower(pf: ParsedFile, low: Lowering) -> None:
    cat = product_catalog(_CATALOG)
    for st in pf.statements:
        ops = operands_by_name(st)
        _judge(cat, st, ops, low)
        if st.op in ("CRTMODD", "CHGMODD"):
            _mode(st, ops, low)
        elif st.op.startswith("CRTLIN"):
            name = _name(ops.get("LIND"))
            if name:
                low.define("as400_line", name, ops["LIND"].value.span)
                low.add(
                    "line_desc",
                    name,
                    st.span,
                    {
                        "name": _attr(ops.get("LIND")),
                        "type": default(st.op[6:]),
                        "maxframe": _attr(ops.get("MAXFRAME"), None, "the line type's default"),
                        "linespeed": _attr(ops.get("LINESPEED")),
                        "adptadr": _attr(ops.get("ADPTADR")),
                        "dftpktsize": _attr(ops.get("DFTPKTSIZE")),
                    },
                )
        elif st.op in ("CRTCTLAPPC", "CHGCTLAPPC"):
            name = _name(ops.get("CTLD"))
            if not name:
                continue
            line = ops.get("LINE") or ops.get("SWTLINLST")
            for v in _object_names(line):
                low.reference("as400_line", v.text.upper(), v.span, f"line of controller {name}")
            low.add(
                "controller",
                name,
                st.span,
                {
                    "name": _attr(ops.get("CTLD")),
                    "linktype": _attr(ops.get("LINKTYPE")),
                    "maxframe": _attr(ops.get("MAXFRAME"), ("CRTCTLAPPC", "MAXFRAME")),
                    "line": _attr(line) if line is not None else default(None),
                    "rmtcpname": _attr(ops.get("RMTCPNAME")),
                    "rmtnetid": _attr(ops.get("RMTNETID")),
                    "adptadr": _attr(ops.get("ADPTADR")),
                    "lanmaxout": _attr(ops.get("LANMAXOUT"), ("CRTCTLAPPC", "LANMAXOUT")),
                    "lanackfrq": _attr(ops.get("LANACKFRQ"), ("CRTCTLAPPC", "LANACKFRQ")),
                },
            )
        elif st.op == "CRTDEVAPPC":
            name = _name(ops.get("DEVD"))
            mode = ops.get("MODE")
            for v in _object_names(mode):
                low.reference("as400_mode", v.text.upper(), v.span, f"MODE of device {name}")
            low.add(
                "device",
                name or "(unnamed)",
                st.span,
                {
                    "name": _attr(ops.get("DEVD")),
                    "rmtlocname": _attr(ops.get("RMTLOCNAME")),
                    "ctl": _attr(ops.get("CTL")),
                    "mode": _attr(mode, ("CRTDEVAPPC", "MODE")),
                },
            )
        elif st.op == "CHGSYSVAL":
            name = _name(ops.get("SYSVAL"))
            if name:
                low.add(
                    "system_value",
                    name,
                    st.span,
                    {
                        "name": _attr(ops.get("SYSVAL")),
                        "value": _attr(ops.get("VALUE")),
                    },
                )


def _name(op: Operand | None) -> str:
    return op.value.text.upper().strip("'") if op is not None else ""


def _judge(cat: Catalog, st: Statement, ops: dict[str, Operand], low: Lowering) -> None:
    """PRS002 and PRS003 from the catalog: a command it does not list, a parameter its entry
    does not take, a value outside the entry's range or choices (a system value's VALUE by
    the value's own entry)."""
    entry = cat.statement(st.op)
    if entry is None:
        found = _unknown_command(cat, st)
        if found is not None:
            low.diag(found)
        return
    for d in operand_problems(cat, entry, ops.items(), st.op, ops, by="AS/400"):
        low.diag(d)
    if st.op == "CHGSYSVAL" and "VALUE" in ops:
        sysval = cat.section_operands("system_values").get(_name(ops.get("SYSVAL")))
        if sysval is not None:
            named = StatementEntry(st.op, operands={"VALUE": sysval}, confidence=sysval.confidence)
            for d in operand_problems(
                cat, named, [("VALUE", ops["VALUE"])], _name(ops.get("SYSVAL"))
            ):
                low.diag(d)


def ibm_command(cat: Catalog, name: str) -> bool:
    """Whether a command is IBM i's by its name (`command_names` of the catalog): a program
    command, or a name of IBM's form, a command verb and what it acts on. A qualified name
    (QSYS/CRTLIB) is its command's."""
    names = cat.extra.get("command_names") or {}
    command = name.rpartition("/")[2].upper()
    if command in (names.get("names") or ()):
        return True
    return (
        4 <= len(command) <= 10 and command.isalnum() and command[:3] in (names.get("verbs") or ())
    )


def _unknown_command(cat: Catalog, st: Statement) -> Diagnostic | None:
    """PRS002 for a command the catalog does not model, as information only (a CL program
    runs commands of every kind, and a user's own command (CRTCMD) may be called anything):
    none for an IBM i command's name, unless it is one letter away from a command decklint
    models (CRTMOD for CRTMODD); "not known" for a name of no IBM form."""
    from decklint.knowledge.schema import one_edit, suggest

    guess = suggest(st.op, list(cat.names()))
    if ibm_command(cat, st.op):
        if guess is None or not one_edit(st.op.upper(), guess):
            return None
        message = f"command {st.op} is not one decklint models; did you mean {guess}?"
    else:
        hint = f"; did you mean {guess}?" if guess else ""
        message = (
            f"command {st.op} is not known (no IBM i command is named so; a command of your "
            f"own is kept but not judged){hint}"
        )
    return Diagnostic("PRS002", st.op_span or st.span, message, Severity.INFO)


def _mode(st: Statement, ops: dict[str, Operand], low: Lowering) -> None:
    name = _name(ops.get("MODD"))
    if not name:
        low.diag(Diagnostic("PRS001", st.span, f"{st.op} needs MODD, the mode name"))
        return
    low.define("as400_mode", name, ops["MODD"].value.span)
    ru = _attr(ops.get("MAXLENRU"), ("CRTMODD", "MAXLENRU"))
    ru_num = ru.value if isinstance(ru.value, int) else None
    ru_attr = Attr(ru_num, ru.raw, ru.span, ru.defaulted, ru.note)
    attrs = {
        "name": _attr(ops.get("MODD")),
        "table": default("AS400"),
        "maxlenru": ru,
        "default_ru_size": Attr(ru.value == "*CALC", ru.raw, ru.span, ru.defaulted),
        "ru_max": ru_attr,
        "ru_min": ru_attr,
        "ru_primary": ru_attr,
        "ru_secondary": ru_attr,
        "receive_window": _attr(ops.get("INPACING"), ("CRTMODD", "INPACING")),
        "send_window": _attr(ops.get("OUTPACING"), ("CRTMODD", "OUTPACING")),
        "max_inpacing": _attr(ops.get("MAXINPAC"), ("CRTMODD", "MAXINPAC")),
        "max_sessions": _attr(ops.get("MAXSSN"), ("CRTMODD", "MAXSSN")),
        "max_conversations": _attr(ops.get("MAXCNV"), ("CRTMODD", "MAXCNV")),
        "min_winners": _attr(ops.get("LCLCTLSSN"), ("CRTMODD", "LCLCTLSSN")),
        "preestablished": _attr(ops.get("PREESTSSN"), ("CRTMODD", "PREESTSSN")),
        "cos": _attr(ops.get("COS"), ("CRTMODD", "COS")),
        "appncos": _attr(ops.get("COS")),
        "bulk": default(name in low.settings.bulk_modes),
    }
    low.add("mode", name, st.span, attrs, scope="AS400")
