"""Model entities: one small, typed shape for every element, with provenance per value.

The records themselves live in `decklint.core.records` with the other shared records."""

from __future__ import annotations

from decklint.core.records import MISSING as MISSING
from decklint.core.records import Attr as Attr
from decklint.core.records import Attrs as Attrs
from decklint.core.records import Entity as Entity
from decklint.core.records import packed_attrs as packed_attrs
