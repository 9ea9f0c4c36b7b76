"""ADSM / TSM client options files (dsm.opt, dsm.sys)."""

from __future__ import annotations

from decklint.dialects.base import Dialect, NodeRule

DIALECT = Dialect(
    name="tsm",
    module="decklint.dialects.tsm.spec",
    language="tsm-options",
    # dsm.sys_stanza, dsm.opt.local: fragments and copies; InclExcl: the include-exclude list
    # INCLEXCL names (its lines are INCLUDE and EXCLUDE options)
    globs=("dsm.opt*", "dsm.sys*", "dsm*.opt", "dsm*.sys", "DSMSYS", "DSMOPT", "inclexcl*"),
    product="ADSM",
    node=NodeRule("folder"),
    rank=10,
    catalog="tsm",
    assign=None,
    outline="blocks",
    family=None,
)
