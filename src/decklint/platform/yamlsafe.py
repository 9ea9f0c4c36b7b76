"""decklint's own YAML files (rule manifests, product catalogs, the tuning documents) read
safely, with libyaml's C loader where pyyaml was built with it.

`yaml.CSafeLoader` is the same safe loader as `yaml.SafeLoader` (plain data only, no tags
that build objects), scanning in C: the 141 rule manifests read in about a tenth of the
time. A pyyaml without libyaml (a source build, some platforms' wheels) has no CSafeLoader,
and the pure-Python loader reads the same data. A user's configuration file is read with the
pure-Python loader still (`decklint.project.config`): its error messages are the ones users see.
"""

from __future__ import annotations

from typing import Any


def loader() -> Any:
    """The safe loader class: libyaml's when present, else pyyaml's own."""
    import yaml

    return getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader


def load(text: str | bytes) -> Any:
    """The plain data of one YAML document. Raises yaml.YAMLError."""
    import yaml

    return yaml.load(text, Loader=loader())
