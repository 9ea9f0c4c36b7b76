"""Model entities: one small, typed shape for every element, with provenance per value.

The records themselves live in `decklint.records` with the other shared records."""

from __future__ import annotations

from decklint.records import MISSING as MISSING
from decklint.records import Attr as Attr
from decklint.records import Attrs as Attrs
from decklint.records import Entity as Entity
from decklint.records import packed_attrs as packed_attrs
