"""Variable symbols: SET symbols (global and local, scalar and dimensioned), macro operands with
their sublists, and the system variable symbols (HLASM Language Reference, "SET symbols",
"Symbolic parameters", "Sublists in operands", "System variable symbols").

* GBLA/GBLB/GBLC symbols live in one table (`Globals`) for the whole file: every scope that
  declares one sees the same value, so a macro's globals persist from one call to the next.
  LCLx symbols, and symbols a SETx sets without a declaration, are local to the invocation (or
  to open code). Initial values: 0, 0 and the null string.
* A SET symbol whose value decklint lost (set by a call it did not expand) is `unknown`: using
  it makes the next call "not expanded" too, with the reason.
* A macro operand is an `Operand`: its text (and pieces) and its sublist when it has one:
  `&P(2)`, `&P(2,1)`, `N'&P`; `&SYSLIST(0)` is the name field.
* System variables have fixed, documented values (`FIXED`) so that results do not change from
  run to run: &SYSDATE 01/01/00, &SYSDATC 20000101, &SYSTIME 00.00, &SYSPARM null.
"""

from __future__ import annotations

from typing import NamedTuple

from decklint.readers.assembler.evaluation import Value, as_text, type_of
from decklint.readers.assembler.syntax import NotExpanded, closing, split_top
from decklint.readers.assembler.text import EMPTY, Text, cut

INITIAL: dict[str, Value] = {"A": 0, "B": False, "C": EMPTY}
MAX_SUBLIST_DEPTH = 20

# System variables with a fixed value (open code and macros).
FIXED: dict[str, Value] = {
    "SYSDATE": Text("01/01/00"),
    "SYSDATC": Text("20000101"),
    "SYSTIME": Text("00.00"),
    "SYSCLOCK": Text("2000-01-01 00:00:00.000000"),
    "SYSPARM": EMPTY,
    "SYSASM": Text("HIGH LEVEL ASSEMBLER"),
    "SYSVER": Text("1.6.0"),
}
NUMERIC_SYSTEM = frozenset({"SYSNDX", "SYSNEST"})


class Unknown(NamedTuple):
    """A system variable whose value decklint lost; `reason` says why."""

    reason: str


class SetSymbol:
    """A SET symbol: its kind (A, B, C), scalar value or dimensioned items."""

    __slots__ = ("array", "assigned", "dim", "items", "kind", "name", "scope", "unknown", "value")

    def __init__(self, name: str, kind: str, scope: str, dim: int | None, array: bool) -> None:
        self.name = name
        self.kind = kind
        self.scope = scope  # "GBL" or "LCL"
        self.dim = dim
        self.array = array
        self.value: Value = INITIAL[kind]
        self.items: dict[int, Value] = {}
        self.assigned = False
        self.unknown = ""

    def declared(self) -> str:
        return f"{self.scope}{self.kind}"


class Globals:
    """The global SET symbols of a file; `written` collects the names a call sets."""

    def __init__(self) -> None:
        self.symbols: dict[str, SetSymbol] = {}
        self.written: set[str] = set()

    def lose(self, names: set[str], reason: str) -> None:
        for name in names:
            self.symbols[name].unknown = reason


class Operand:
    """A macro instruction operand (or keyword default): its text and, once read, its
    sublist entries."""

    __slots__ = ("_items", "depth", "text")

    def __init__(self, text: Text, depth: int = 0) -> None:
        self.text = text
        self.depth = depth
        self._items: list[Operand] | bool | None = False  # False: not read yet

    def items(self) -> list[Operand] | None:
        """The sublist entries, or None when the operand is no sublist."""
        if self._items is False:
            self._items = self._read()
        assert self._items is not True
        return self._items

    def _read(self) -> list[Operand] | None:
        value = self.text.value
        if len(value) < 2 or value[0] != "(" or value[-1] != ")":
            return None
        if closing(value, 0) != len(value) - 1:
            return None
        if self.depth >= MAX_SUBLIST_DEPTH:
            raise NotExpanded(f"sublists are nested more than {MAX_SUBLIST_DEPTH} deep")
        return [
            Operand(cut(self.text, a, b), self.depth + 1)
            for a, b in split_top(value, 1, len(value) - 1)
        ]

    def entry(self, subs: tuple[int, ...]) -> Operand:
        """The sublist entry `subs` (1-based, one subscript a level); an operand that is no
        sublist is its own first entry."""
        cur = self
        for k in subs:
            if k < 1:
                raise NotExpanded(f"the sublist subscript {k} is less than 1")
            items = cur.items()
            if items is None:
                cur = cur if k == 1 else _OMITTED
            else:
                cur = items[k - 1] if k <= len(items) else _OMITTED
        return cur

    def number(self) -> int:
        items = self.items()
        if items is None:
            return 1 if self.text.value else 0
        return len(items)


_OMITTED = Operand(EMPTY)


class Frame:
    """The variable symbols one macro invocation (or open code) sees: `Scope` for the
    evaluator, declarations and SETx for the interpreter."""

    def __init__(
        self,
        globals_: Globals,
        *,
        params: dict[str, Operand] | None = None,
        syslist: list[Operand] | None = None,
        system: dict[str, Value | Unknown] | None = None,
    ) -> None:
        self.globals = globals_
        self.params = params or {}
        self.syslist = syslist
        self.system: dict[str, Value | Unknown] = {**FIXED, **(system or {})}
        self.locals: dict[str, SetSymbol] = {}
        self.seen: dict[str, SetSymbol] = {}

    # ------------------------------------------------------------------ reading

    def knows(self, name: str) -> bool:
        """Whether `&name` means something here."""
        return (
            name in self.params
            or name in self.locals
            or name in self.seen
            or name in self.system
            or (name == "SYSLIST" and self.syslist is not None)
        )

    def lookup(self, name: str, subs: tuple[int, ...]) -> Value:
        operand = self._operand(name, subs)
        if operand is not None:
            return operand.text
        sym = self.locals.get(name) or self.seen.get(name)
        if sym is not None:
            return _read(sym, subs)
        if name in self.system:
            value = self.system[name]
            if isinstance(value, Unknown):
                raise NotExpanded(value.reason)
            if subs:
                raise NotExpanded(f"&{name} takes no subscript")
            return value
        raise _undeclared(name)

    def attribute(self, letter: str, name: str, subs: tuple[int, ...]) -> Value:
        if name == "SYSLIST" and not subs and letter == "N" and self.syslist is not None:
            return len(self.syslist) - 1
        operand = self._operand(name, subs)
        if operand is not None:
            if letter == "K":
                return len(operand.text.value)
            if letter == "N":
                return operand.number()
            return type_of(operand.text, f"T'&{name}" + (f"{subs}" if subs else ""))
        sym = self.locals.get(name) or self.seen.get(name)
        if sym is not None:
            if letter == "N":
                if sym.unknown:
                    raise NotExpanded(sym.unknown)
                if sym.array:
                    return max(sym.items, default=0)
                return 1 if sym.assigned else 0
            value = _read(sym, subs)
            if letter == "K":
                return len(as_text(value).value)
            if sym.kind != "C":
                return Text("N")
            assert isinstance(value, Text)
            return type_of(value, f"T'&{name}")
        value = self.lookup(name, subs)
        if letter == "K":
            return len(as_text(value).value)
        if letter == "N":
            return 1
        return Text("N" if name in NUMERIC_SYSTEM else "U")

    def _operand(self, name: str, subs: tuple[int, ...]) -> Operand | None:
        if name == "SYSLIST" and self.syslist is not None:
            if not subs:
                raise NotExpanded("&SYSLIST needs a subscript")
            first = subs[0]
            if first < 0:
                raise NotExpanded(f"&SYSLIST({first}) has a negative subscript")
            base = self.syslist[first] if first < len(self.syslist) else _OMITTED
            return base.entry(subs[1:])
        operand = self.params.get(name)
        if operand is None:
            return None
        return operand.entry(subs) if subs else operand

    # ------------------------------------------------------------------ declaring, setting

    def declare(self, kind: str, scope: str, name: str, dim: int | None) -> None:
        if name in self.params or name in self.system or name == "SYSLIST":
            raise NotExpanded(f"{scope}{kind} &{name} names a parameter or system variable")
        if dim is not None and dim < 1:
            raise NotExpanded(f"{scope}{kind} &{name}({dim}) has a dimension less than 1")
        if scope == "GBL":
            if name in self.locals:
                raise NotExpanded(f"&{name} is declared both local and global")
            sym = self.globals.symbols.get(name)
            if sym is None:
                sym = SetSymbol(name, kind, "GBL", dim, dim is not None)
                self.globals.symbols[name] = sym
            elif sym.kind != kind or sym.array != (dim is not None):
                raise NotExpanded(f"GBL{kind} &{name} was declared {sym.declared()} before")
            self.seen[name] = sym
            return
        if name in self.seen:
            raise NotExpanded(f"&{name} is declared both global and local")
        old = self.locals.get(name)
        if old is not None and (old.kind != kind or old.array != (dim is not None)):
            raise NotExpanded(f"LCL{kind} &{name} was declared {old.declared()} before")
        if old is None:
            self.locals[name] = SetSymbol(name, kind, "LCL", dim, dim is not None)

    def lose(self, kind: str, name: str, array: bool, reason: str) -> None:
        """A SET symbol whose value decklint does not know from now on."""
        sym = self.locals.get(name) or self.seen.get(name)
        if sym is None:
            sym = SetSymbol(name, kind, "LCL", None, array)
            self.locals[name] = sym
        sym.unknown = reason

    def assign(self, kind: str, name: str, sub: int | None, values: list[Value | None]) -> None:
        """SETx: `values` from `sub` on (None: an operand left out keeps its element)."""
        if name in self.params or name in self.system or name == "SYSLIST":
            raise NotExpanded(f"SET{kind} cannot set &{name}, a parameter or system variable")
        sym = self.locals.get(name) or self.seen.get(name)
        if sym is None:
            sym = SetSymbol(name, kind, "LCL", None, sub is not None)
            self.locals[name] = sym
        if sym.kind != kind:
            raise NotExpanded(f"SET{kind} on &{name}, which is {sym.declared()}")
        if sym.array != (sub is not None):
            raise NotExpanded(
                f"&{name} is dimensioned: it needs a subscript"
                if sym.array
                else f"&{name} is not dimensioned: it takes no subscript"
            )
        if sub is None:
            if len(values) != 1 or values[0] is None:
                raise NotExpanded(f"SET{kind} gives &{name} other than one value")
            sym.value = values[0]
            sym.unknown = ""
        else:
            last = sub + len(values) - 1
            if sub < 1 or (sym.dim is not None and last > sym.dim):
                raise NotExpanded(f"&{name}({sub if sub < 1 else last}) is outside its dimension")
            for k, value in enumerate(values):
                if value is not None:
                    sym.items[sub + k] = value
        sym.assigned = True
        if sym.scope == "GBL":
            self.globals.written.add(name)


def _read(sym: SetSymbol, subs: tuple[int, ...]) -> Value:
    if sym.unknown:
        raise NotExpanded(sym.unknown)
    if not sym.array:
        if subs:
            raise NotExpanded(f"&{sym.name} is not dimensioned: it takes no subscript")
        return sym.value
    if len(subs) != 1:
        raise NotExpanded(f"&{sym.name} is dimensioned: it needs one subscript")
    (sub,) = subs
    if sub < 1 or (sym.dim is not None and sub > sym.dim):
        raise NotExpanded(f"&{sym.name}({sub}) is outside its dimension")
    return sym.items.get(sub, INITIAL[sym.kind])


def _undeclared(name: str) -> NotExpanded:
    if name.startswith("SYS"):
        return NotExpanded(f"the system variable symbol &{name}, which decklint does not know")
    return NotExpanded(f"&{name} is neither a parameter nor a declared SET symbol")
