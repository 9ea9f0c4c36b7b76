"""decklint: a linter and static analyzer for IBM-era network definition decks."""

__version__ = "0.1.0"

__all__ = ["__version__"]
