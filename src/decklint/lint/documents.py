"""The tuning documents rules cite, read from `rules/documents.yaml`.

A shipped rule names a document by its key (`citation: {document: appc, section: ...}`); a
finding shows the document's title, publisher and date with the section. A site rule may give a
document of its own by title or address instead of a key: it is shown as written.
"""

import functools
from typing import NamedTuple

from decklint.platform.resources import rules_root


class Document(NamedTuple):
    key: str
    title: str
    publisher: str
    date: str

    def cited(self) -> str:
        """How a finding names it: "Title" (publisher, date)."""
        who = ", ".join(p for p in (self.publisher, self.date) if p)
        return f'"{self.title}" ({who})' if who else f'"{self.title}"'


@functools.cache
def documents() -> dict[str, Document]:
    from decklint.platform import yamlsafe

    raw = yamlsafe.load((rules_root() / "documents.yaml").read_text(encoding="utf-8")) or {}
    return {
        str(k): Document(str(k), str(v["title"]), str(v.get("publisher", "")), str(v["date"]))
        for k, v in raw.items()
    }


def cited(name: str) -> str:
    """A document key's citation text; anything else (a site rule's own title) as written."""
    doc = documents().get(name)
    return doc.cited() if doc is not None else name
