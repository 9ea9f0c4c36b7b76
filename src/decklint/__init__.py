"""decklint: a linter and static analyzer for IBM-era network definition decks."""

try:  # written from the git tag when decklint is built or installed (pyproject.toml)
    from decklint._version import __version__
except ImportError:  # a source tree never built nor installed
    __version__ = "0.0.0"

__all__ = ["__version__"]
