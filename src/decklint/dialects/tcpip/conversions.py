"""The conversions IBM documents for a profile before an upgrade, as edits of one file:

- DEVICE, LINK and HOME of an OSA-Express QDIO (MPCIPA, LINK IPAQENET) or HiperSockets
  (LINK IPAQIDIO) interface to one `INTERFACE ... DEFINE IPAQENET|IPAQIDIO` (z/OS
  Communications Server: IP Configuration Guide, "Use the INTERFACE statement to configure
  IPv4 definitions for OSA-Express QDIO" and "... for HiperSockets"): the interface takes the
  LINK's name (routes, OMPROUTE, PKTTRACE and PRIMARYINTERFACE keep naming it), DEFINE and the
  LINK's parameters, IPADDR from the HOME entry with the prefix length of the link's subnet
  mask, PORTNAME from the DEVICE (HiperSockets: CHPID from its name IUTIQDxx), the DEVICE's
  router role; the HOME entry and the link's BSDROUTINGPARMS entry go; START and STOP of the
  device name the interface. SOURCEVIPAINTERFACE keeps the source VIPA the HOME order gave,
  and PRIMARYINTERFACE the primary interface, where the HOME entry that goes decided them.
- GATEWAY to BEGINROUTES ... ROUTE ... ENDROUTES (IP Configuration Reference, GATEWAY
  statement: TCPIPCS PROFILE presents GATEWAY routes as a BEGINROUTES block): each entry the
  route it makes (destination with its prefix length, first hop, link, MTU).
- The temporary Network Express form, INTERFACE ... DEFINE IPAQENET|IPAQENET6 with DEVNUM, to
  `DEFINE EQENET|EQENET6` without the parameters of IPAQENET only (IBM Washington Systems
  Center, z/OS Communications Server use of Network Express Feature: Migration).

Each gives its edits, or why it cannot be made (a phrase the finding shows). `checked` then
parses the converted text again and compares what the stack would do (`meaning.py`): a
conversion that reads with an error, or means anything else, is not offered. Edits replace
whole lines where the statements own their lines; a remark (`; ...`) on a line that goes is
kept on a line of its own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from decklint.core.findings import Edit
from decklint.core.ir import Statement
from decklint.core.source import SourceFile, Span
from decklint.dialects.tcpip import meaning as mean
from decklint.dialects.tcpip.reader import comment_at, parse

_EOL = re.compile(r"\r\n|\r|\n")


class Conversion(NamedTuple):
    edits: tuple[Edit, ...]
    title: str
    z17: bool = False  # compared as an IBM z17 starts the profile


class _Text(NamedTuple):
    """A file's lines (without their ends), its line end, and which statements own each."""

    lines: list[str]
    eol: str
    owners: dict[int, set[int]]  # line -> indexes of the statements on it
    ends_with_eol: bool


def _text(text: str, statements: Sequence[Statement]) -> _Text:
    lines = _EOL.split(text)
    ends = _EOL.findall(text)
    eol = max(set(ends), key=ends.count) if ends else "\n"
    owners: dict[int, set[int]] = {}
    for i, st in enumerate(statements):
        for n in range(st.span.line, st.span.end_line + 1):
            owners.setdefault(n, set()).add(i)
    trailing = text.endswith(("\n", "\r"))
    if trailing:
        lines = lines[:-1]
    return _Text(lines, eol, owners, trailing)


def _indent(line: str) -> str:
    return line[: len(line) - len(line.lstrip())]


def _remark(line: str) -> str:
    cut = comment_at(line)
    return line[cut:].rstrip() if cut is not None else ""


def _whole_lines(t: _Text, group: set[int], first: int, last: int) -> bool:
    """Whether lines first..last hold statements of `group` only."""
    return all(t.owners.get(n, set()) <= group for n in range(first, last + 1))


def _lines_edit(t: _Text, first: int, last: int, new: list[str]) -> Edit:
    """Replace lines first..last with `new` (each without its end), keeping their remarks."""
    kept = [
        f"{_indent(t.lines[n - 1])}{r}"
        for n in range(first, last + 1)
        if (r := _remark(t.lines[n - 1]))
    ]
    body = [*new, *kept]
    at_end = last >= len(t.lines)
    text = "".join(f"{ln}{t.eol}" for ln in body)
    if at_end and not t.ends_with_eol and text:
        text = text[: -len(t.eol)]
    end = Span(last + 1, 1, last + 1, 1)
    if at_end and not t.ends_with_eol:
        end = Span(last, len(t.lines[last - 1]) + 1, last, len(t.lines[last - 1]) + 1)
    return Edit(Span(first, 1, end.line, end.col), text)


def _removal(t: _Text, statements: Sequence[Statement], index: int, group: set[int]) -> Edit | None:
    """An edit that removes statement `index` (its whole lines where `group` owns them,
    else its words), or None when it cannot be cut out cleanly."""
    st = statements[index]
    if _whole_lines(t, group, st.span.line, st.span.end_line):
        return _lines_edit(t, st.span.line, st.span.end_line, [])
    if st.span.line != st.span.end_line:
        return None
    line = t.lines[st.span.line - 1]
    end = st.span.end_col
    while end <= len(line) and line[end - 1 : end] == " ":
        end += 1
    return Edit(Span(st.span.line, st.span.col, st.span.line, end), "")


# --------------------------------------------------------------------------- DEVICE/LINK/HOME


def to_interface(
    text: str, statements: Sequence[Statement], device: str, catalog_operands: frozenset[str]
) -> Conversion | str:
    """DEVICE `device` (MPCIPA), its LINK and HOME entry as one INTERFACE statement, or why
    not. `catalog_operands`: the parameters the INTERFACE of the LINK's type takes."""
    r = mean.read(statements)
    dev = r.devices.get(device)
    if dev is None or mean._w(dev, 1) != "MPCIPA":
        return f"no DEVICE {device} MPCIPA in this member"
    links = [(n, st) for n, st in r.links.items() if mean._w(st, 2) == device]
    if len(links) != 1:
        return (
            f"DEVICE {device} has {len(links)} LINK statements in this member; IBM's "
            "conversion takes one"
        )
    name, link = links[0]
    ltype = mean._w(link, 1)
    if ltype not in ("IPAQENET", "IPAQIDIO"):
        return f"LINK {name} is {ltype}: IBM documents the conversion for IPAQENET and IPAQIDIO"
    homes = [h for h in r.homes if mean._w(h, 1) == name]
    if len(homes) != 1:
        where = "no HOME entry" if not homes else f"{len(homes)} HOME entries"
        return f"LINK {name} has {where} in this member; the INTERFACE needs its one address"
    home = homes[0]
    address = mean._w(home, 0)
    prefix = mean._prefix(r, name, address)
    if prefix is None:
        return (
            f"the subnet mask of LINK {name} is not known (no BSDROUTINGPARMS entry, no direct "
            f"route over it that holds {address}): IPADDR needs it as /n"
        )
    bsd = r.bsd.get(name)
    if bsd is not None and mean._w(bsd, 1).isdigit() and not _routed(r, name):
        return (
            f"BSDROUTINGPARMS gives LINK {name} MTU {mean._w(bsd, 1)} and no route over it "
            "says its MTU: IBM's conversion does not carry it to the INTERFACE"
        )
    if (
        bsd is not None
        and len(bsd.operands) > 4
        and (mean._w(bsd, 2) != "0" or mean._w(bsd, 4) != "0")
    ):
        return f"the BSDROUTINGPARMS entry of LINK {name} codes a cost or a destination address"
    if ltype == "IPAQENET":
        if len(device) > 8:
            return f"DEVICE {device} is longer than a PORTNAME (8 characters)"
        port = f"PORTNAME {device}"
    else:
        m = re.fullmatch(r"IUTIQD([0-9A-F]{2})", device)
        if m is None:
            return f"HiperSockets DEVICE {device} is not named IUTIQDxx (xx its CHPID)"
        port = f"CHPID {m.group(1)}"
    extra = []
    for w in mean._words(dev)[2:]:
        if w in mean.ROUTERS:
            extra.append(w)
        elif w != "NOAUTORESTART":
            return (
                f"DEVICE {device} codes {w}, which the INTERFACE statement does not take "
                "in decklint's catalog"
            )
    params = _link_parameters(link)
    for param in params:
        if param[0] not in catalog_operands:
            return (
                f"LINK {name} codes {param[0]}, which INTERFACE ... DEFINE {ltype} does not "
                "take in decklint's catalog"
            )
    others = [
        st for st in statements if st.op == "DELETE" and {device, name} & set(mean._words(st))
    ]
    if others:
        return f"a DELETE statement names {device} or {name}"
    t = _text(text, statements)
    index = {id(st): i for i, st in enumerate(statements)}
    indent = _indent(t.lines[link.span.line - 1])
    step = indent + "  "
    body = [f"{indent}INTERFACE {name}", f"{step}DEFINE {ltype}"]
    body += [f"{step}{' '.join(g)}" for g in params]
    body += [f"{step}IPADDR {address}/{prefix}", f"{step}{port}"]
    body += [f"{step}{w}" for w in extra]
    homes_in_order = [(mean._w(h, 0), mean._w(h, 1)) for h in r.homes]
    vipas = {n for n, st in r.links.items() if mean._w(st, 1) == "VIRTUAL"}
    vipas |= {n for n, st in r.interfaces.items() if mean._w(st, 2) == "VIRTUAL"}
    vipa = mean._vipa_before(homes_in_order, name, vipas) if r.sourcevipa else ""
    if vipa:
        body.append(f"{step}SOURCEVIPAINTERFACE {vipa}")
    if r.primary is None and homes_in_order and homes_in_order[0][1] == name:
        # it was the primary interface as the first HOME entry: it stays so by itself only
        # where no HOME entry is left and no IPv4 INTERFACE comes before it
        earlier = any(
            st.op == "INTERFACE"
            and mean._w(st, 2) in mean.IPV4_INTERFACES
            and st.span.line < link.span.line
            for st in r.interfaces.values()
        )
        if len(homes_in_order) > 1 or earlier:
            body.append(f"{indent}PRIMARYINTERFACE {name}")
    edits: list[Edit] = []
    group = {index[id(dev)], index[id(link)]}
    li = index[id(link)]
    if not _whole_lines(t, {li}, link.span.line, link.span.end_line):
        return f"LINK {name} shares its lines with other statements"
    edits.append(_lines_edit(t, link.span.line, link.span.end_line, body))
    gone = _removal(t, statements, index[id(dev)], group)
    if gone is None:
        return f"DEVICE {device} shares its lines with other statements"
    edits.append(gone)
    header = _header_of(statements, index[id(home)])
    entries = _entries_of(statements, header) if header is not None else []
    hi = index[id(home)]
    if header is not None and entries == [hi]:  # its only entry: the HOME statement goes
        both = {header, hi}
        for i in sorted(both):
            cut = _removal(t, statements, i, both)
            if cut is None:
                return "the HOME statement shares its lines with other statements"
            edits.append(cut)
    else:
        cut = _removal(t, statements, hi, {hi})
        if cut is None:
            return "the HOME entry shares its lines with other statements"
        edits.append(cut)
    if bsd is not None:
        cut = _removal(t, statements, index[id(bsd)], {index[id(bsd)]})
        if cut is None:
            return f"the BSDROUTINGPARMS entry of {name} shares its lines with other statements"
        edits.append(cut)
    for st in (*r.starts, *r.stops):
        if st.operands and mean._w(st, 0) == device:
            edits.append(Edit(st.operands[0].value.span, name))
    title = f"define {name} with INTERFACE ... DEFINE {ltype} (DEVICE, LINK and HOME go)"
    return Conversion(_merged(edits), title)


def _link_parameters(link: Statement) -> list[tuple[str, ...]]:
    """The LINK's parameters after its device name, as written, grouped as a keyword and its
    values (INBPERF DYNAMIC WORKLOADQ)."""
    words = [o.value.text for o in link.operands[3:]]
    ups = [w.upper() for w in words]
    out: list[tuple[str, ...]] = []
    i = 0
    while i < len(words):
        n = 1
        if ups[i] in mean.VALUED and i + 1 < len(words):
            n = 2
            if (
                ups[i] == "INBPERF"
                and i + 2 < len(words)
                and ups[i + 2] in ("WORKLOADQ", "NOWORKLOADQ")
            ):
                n = 3
            if ups[i] == "VMAC" and i + 2 < len(words) and ups[i + 2] in ("ROUTEALL", "ROUTELCL"):
                n = 3
        out.append(tuple(words[i : i + n]))
        i += n
    return [tuple([g[0].upper(), *g[1:]]) for g in out]


def _routed(r: mean.Reading, link: str) -> bool:
    return any(rt.link == link for rt in mean._routes(r))


def _header_of(statements: Sequence[Statement], index: int) -> int | None:
    """The list statement (HOME, GATEWAY) an entry belongs to: the last one before it."""
    op = statements[index].op
    for i in range(index - 1, -1, -1):
        st = statements[i]
        if st.op == op and st.label is None:
            return i
        if st.label != op:
            return None
    return None


def _entries_of(statements: Sequence[Statement], header: int) -> list[int]:
    op = statements[header].op
    out = []
    for i in range(header + 1, len(statements)):
        if statements[i].label != op or statements[i].op != op:
            break
        out.append(i)
    return out


def _merged(edits: list[Edit]) -> tuple[Edit, ...]:
    """The edits in place order, two that remove the same lines made one."""
    seen: dict[tuple[int, int, int, int], Edit] = {}
    for e in edits:
        key = (e.span.line, e.span.col, e.span.end_line, e.span.end_col)
        seen.setdefault(key, e)
    return tuple(sorted(seen.values(), key=lambda e: (e.span.line, e.span.col)))


# --------------------------------------------------------------------------- GATEWAY


def to_routes(text: str, statements: Sequence[Statement], header: int) -> Conversion | str:
    """The GATEWAY statement at `header` with its entries as a BEGINROUTES block, or why not."""
    if any(st.op == "BEGINROUTES" for st in statements):
        return (
            "the member has BEGINROUTES too: the first GATEWAY replaces the routes before it, "
            "so which routes hold must be decided by hand"
        )
    entries = _entries_of(statements, header)
    if not entries:
        return "the GATEWAY statement has no entries"
    t = _text(text, statements)
    group = {header, *entries}
    first = statements[header].span.line
    last = max(statements[i].span.end_line for i in entries)
    if not _whole_lines(t, group, first, last):
        return "the GATEWAY entries share their lines with other statements"
    indent = _indent(t.lines[first - 1])
    by_line: dict[int, list[int]] = {}
    for i in entries:
        by_line.setdefault(statements[i].span.line, []).append(i)
    head = _remark(t.lines[first - 1]) if first not in by_line else ""
    new: list[str] = [f"{indent}BEGINROUTES" + (f" {head}" if head else "")]
    for n in range(first, last + 1):
        line = t.lines[n - 1]
        here = by_line.get(n)
        if not here:
            if n != first:
                new.append(line.rstrip())  # a remark or a blank line between the entries
            continue
        for i in here:
            got = _route_text(statements[i])
            if not got.startswith("ROUTE "):
                return f"GATEWAY entry on line {statements[i].span.line}: {got}"
            step = _indent(line) if n != first else indent + "  "
            remark = _remark(line)
            new.append(f"{step}{got}" + (f" {remark}" if remark else ""))
    new.append(f"{indent}ENDROUTES")
    edit = _lines_edit(t._replace(lines=[_without_remark(ln) for ln in t.lines]), first, last, new)
    return Conversion((edit,), "define the routes in BEGINROUTES (GATEWAY goes)")


def _without_remark(line: str) -> str:
    cut = comment_at(line)
    return line if cut is None else line[:cut].rstrip()


_ROUTE_OPTIONS = frozenset(
    {
        "DELAYACKS",
        "NODELAYACKS",
        "MAXIMUMRETRANSMITTIME",
        "MINIMUMRETRANSMITTIME",
        "ROUNDTRIPGAIN",
        "VARIANCEGAIN",
        "VARIANCEMULTIPLIER",
    }
)


def _route_text(st: Statement) -> str:
    """The ROUTE an entry makes, or why it cannot be written for sure."""
    got = mean.gateway_entry(st)
    if isinstance(got, str):
        return got
    words = [o.value.text for o in st.operands]
    ups = [w.upper() for w in words]
    tail = ups[4:]
    skip = 0
    if tail and tail[0] in ("0", "HOST"):
        skip = 1
    elif tail and re.fullmatch(r"[0-9.]+", tail[0]):
        skip = 2
    options = words[4 + skip :]
    for w in options:
        if not re.fullmatch(r"[0-9.]+", w) and w.upper() not in _ROUTE_OPTIONS:
            return f"{w} has no ROUTE form decklint knows"
    if got.destination == "DEFAULT":
        dest = "DEFAULT"
    elif tail and tail[0] == "HOST":
        dest = f"{got.destination.split('/')[0]} HOST"
    else:
        dest = got.destination
    size = words[3]
    return " ".join(["ROUTE", dest, words[1], words[2], "MTU", size, *options])


# --------------------------------------------------------------------------- Network Express


def to_eqenet(text: str, statements: Sequence[Statement], index: int) -> Conversion | str:
    """The temporary Network Express INTERFACE at `index` in its final EQENET form."""
    st = statements[index]
    words = mean._words(st)
    if len(words) < 3 or words[2] not in ("IPAQENET", "IPAQENET6") or "DEVNUM" not in words:
        return "it is not an IPAQENET or IPAQENET6 INTERFACE with DEVNUM"
    v6 = words[2] == "IPAQENET6"
    if not v6:
        ip = next((words[i + 1] for i, w in enumerate(words[:-1]) if w == "IPADDR"), "")
        if "/" not in ip:
            return "EQENET needs IPADDR with its prefix length (a.b.c.d/n)"
    t = _text(text, statements)
    if not _whole_lines(t, {index}, st.span.line, st.span.end_line):
        return "the INTERFACE shares its lines with other statements"
    drop: list[Span] = []
    ops = st.operands
    i = 3
    while i < len(ops):
        w = ops[i].value.text.upper()
        if w in mean.IPAQENET_ONLY:
            n = 2 if w in mean.VALUED and i + 1 < len(ops) else 1
            if (
                w == "INBPERF"
                and i + 2 < len(ops)
                and ops[i + 2].value.text.upper() in ("WORKLOADQ", "NOWORKLOADQ")
            ):
                n = 3
            drop += [o.span for o in ops[i : i + n]]
            i += n
            continue
        i += 1
    typed = ops[2].span
    new: list[str] = []
    for n in range(st.span.line, st.span.end_line + 1):
        line = _without_remark(t.lines[n - 1])
        cuts = sorted((s.col, s.end_col) for s in drop if s.line == n)
        if typed.line == n:
            cuts.append((typed.col, typed.end_col))
            cuts.sort()
        out = line
        for a, b in reversed(cuts):
            repl = ("EQENET6" if v6 else "EQENET") if (a, b) == (typed.col, typed.end_col) else ""
            out = out[: a - 1] + repl + out[b - 1 :]
        out = re.sub(r"(?<=\S)  +(?=\S)", " ", out) if out.strip() != line.strip() else out
        remark = _remark(t.lines[n - 1])
        if out.strip():
            new.append(out.rstrip() + (f" {remark}" if remark else ""))
        elif remark:
            new.append(f"{_indent(t.lines[n - 1])}{remark}")
    edit = _lines_edit(
        t._replace(lines=[_without_remark(ln) for ln in t.lines]),
        st.span.line,
        st.span.end_line,
        new,
    )
    kind = "EQENET6" if v6 else "EQENET"
    return Conversion(
        (edit,), f"define it as {kind} (the parameters of IPAQENET only go)", z17=True
    )


# --------------------------------------------------------------------------- checking


def checked(path: str, text: str, statements: Sequence[Statement], conv: Conversion) -> str:
    """'' when the converted text reads without error and makes the stack do what the
    profile did; else why not."""
    from decklint.readers import patch

    out = patch.apply(text, conv.edits, card_image=False)
    if out.skipped:
        return "its edits overlap"
    pf = parse(SourceFile.from_text(path, out.text))
    was = parse(SourceFile.from_text(path, text))
    errors = [d for d in pf.diagnostics if d.code == "PRS001"]
    if len(errors) > len([d for d in was.diagnostics if d.code == "PRS001"]):
        return f"the converted profile does not read: {errors[-1].message}"
    before = mean.meaning(statements, conv.z17)
    after = mean.meaning(list(pf.statements), conv.z17)
    if before != after:
        return (
            "the converted profile would not make the stack do the same ("
            + _differs(before, after)
            + ")"
        )
    return ""


def _differs(a: mean.Meaning, b: mean.Meaning) -> str:
    for name in a._fields:
        if getattr(a, name) != getattr(b, name):
            return f"its {name} differ"
    return "it differs"
