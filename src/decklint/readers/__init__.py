"""Text into statements, shared by the dialects and beneath them: the card reader (`cards`)
and what pages and editors do to a deck (`damage`, `lost_operands`), the assembler layer
(`assembler`) and its fast path for the common statement (`scan`), free-format text
(`freeform`), decks kept as templates (`templates`), edits applied to text (`patch`), and
what every reader shares (`base`). The readers read the catalogs through
`decklint.knowledge` and no dialect."""
