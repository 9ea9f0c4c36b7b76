"""What a dialect is, as its package declares it: the `Dialect` record the registry reads at
start-up (file names, product, node rule, catalog, editor language, ...) and the `DialectSpec`
its spec module gives, imported when a file of the dialect is first read (how it is parsed,
lowered, laid out)."""

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from decklint.core.ir import Operand, Statement
    from decklint.core.lowering import Lowering
    from decklint.core.source import SourceFile
    from decklint.knowledge.schema import Rejecter
    from decklint.readers.base import ParsedFile
    from decklint.readers.damage import Indent


class NodeRule(NamedTuple):
    """How a dialect's files find the node they belong to (model/site.py applies it).

    `by` is one of:
      "named":  the node the file's definitions name (an NCP's NEWNAME, a CP name);
      "vtam":   the VTAM evidence ties the deck to (model/systems.py: start and configuration
                lists, the tables a deck uses, one job's members, the system's one VTAM);
      "system": one node of the product per system (model/systems.py), named `field` (z/OS
                UNIX: OMVS), qualified by the system where several systems have one;
      "host":   the node of the system's VTAM, else the folder's name;
      "region": the CICS region evidence ties the file to (model/regions.py: a SIT's APPLID,
                the lists a CSD adds its groups to against a SIT's GRPLIST, the one region
                of its system), else one region of the system's CSD files;
      "anchor": the first entity of `kinds` in the file's system (its folder, unless the
                configuration's `topology: systems:` says) gives it: its `field`, or its
                name for "name", or the node it names for "node" (a folder's default node
                does not count); with `when`, only an entity for which that field is true
                (a stack with a main profile, not an obeyfile member linted without it);
      "folder": the folder's name;
      "file":   the file's name up to its first dot.
    Without a node, a file belongs to its folder's name."""

    by: str
    kinds: tuple[str, ...] = ()
    field: str = ""
    when: str = ""  # "anchor": a field the entity must have true (a stack's "main")


class Dialect(NamedTuple):
    """A dialect as the registry knows it, without importing its reader: the `DIALECT` record
    of its package (dialects/<name>/__init__.py), which every table about the dialect reads."""

    name: str  # the package's name: dialects/<name>/
    module: str  # the module whose SPEC parses and lowers its files
    globs: tuple[str, ...]  # file names that say the dialect
    product: str  # the product a node made of its files is drawn as
    node: NodeRule
    rank: int | None  # which product a node several dialects make is drawn as (lowest wins)
    # The product's own statement of its syntax (document, section): what a syntax error or
    # an unknown name cites. None where no such section has been confirmed: those findings
    # then cite nothing, never a tuning section unrelated to them.
    syntax: tuple[str, str] | None = None
    catalog: str | None = None  # the product catalog (grammars/catalogs/<name>.yaml) it reads
    # Its language id in editors (the VS Code extension's, which a language server is told in
    # didOpen); "" for the dialect's own name.
    language: str = ""
    # What follows an operand's name when completion inserts it ("=" or "("); None where the
    # dialect's operands are not keyword operands completion inserts.
    assign: str | None = None
    # How its outline is drawn (ide/outline.py): "nested" by `levels`, "groups" (a CSD's
    # DEFINEs by GROUP), "blocks" (statements with the entries of each block) or "flat".
    outline: str = "flat"
    levels: Mapping[str, tuple[int, str]] | None = None  # "nested": statement -> (depth, kind)
    # The release family its decks are written for (model/release.py FAMILIES); None when
    # decklint reads no release of its product, or when it is another file's (a TCP/IP
    # profile's is its stack's product).
    family: str | None = None


class AttributeTable(NamedTuple):
    """The attributes a statement may code, where they depend on what it defines (a CSD
    DEFINE's resource type) rather than on its verb: PRS002 checks `operands` against them."""

    what: str  # e.g. "DEFINE CONNECTION"
    known: tuple[str, ...]
    operands: "tuple[Operand, ...]"
    closed_by: "Rejecter | None" = None  # the product whose catalog lists every attribute


def _never_joined(before: "Statement", st: "Statement") -> bool:
    return False


class FreeLayout(NamedTuple):
    """How `decklint format` may lay out a free-format dialect's files when the configuration
    asks (`fmt.free`, docs/format.md): the last column the product reads (no line is made to
    reach past it), each parsed statement's level (blocks), and whether a statement stays on
    the line of the one before it (the first entry of a list beside its head)."""

    last_column: int
    levels: "Callable[[Sequence[Statement]], list[int]]"
    joined: "Callable[[Statement, Statement], bool]" = _never_joined


def flat(statements: "Sequence[Statement]") -> list[int]:
    """No blocks: every statement at the first level."""
    return [0] * len(statements)


class DialectSpec(NamedTuple):
    name: str
    title: str
    globs: tuple[str, ...]
    sniff: "Callable[[SourceFile], float]"
    parse: "Callable[[SourceFile], ParsedFile]"
    lower: "Callable[[ParsedFile, Lowering], None]"
    comment_prefixes: tuple[str, ...]
    card_image: bool
    documents: tuple[str, ...] = ()  # the tuning documents its rules cite (rules/documents.yaml)
    starts: tuple[str, ...] = ("statement", "operand")  # grammar start rules (`debug tree`)
    # a statement's attribute table, for dialects whose statements take a resource's attributes
    attributes: "Callable[[Statement], AttributeTable | None] | None" = None
    # free-format files: how `decklint format` may lay them out (None: never changed)
    free_layout: FreeLayout | None = None
    # How its parse reads a deck with the card reader (`cards.read_assembler`): the indentation
    # it gives the reader for this deck (`asm.card_indent`), or None for a deck it reads
    # otherwise (a VTAM start list). None: it reads no deck with the card reader (DFHCSDUP
    # input, free-format files). `decklint format` lays out only decks read so, and knows it
    # from here without parsing them.
    card_reading: "Callable[[SourceFile], Indent | None] | None" = None
