"""decklint as a language server, for editors: findings as diagnostics while a deck is typed,
fixes and suppressions as code actions, and the editor features of `decklint.ide`.

The only part of decklint that imports pygls and lsprotocol (the `server` extra)."""
