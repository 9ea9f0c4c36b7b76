"""What the rules need to know that no deck says: the run's settings from the configuration."""

from typing import Any, NamedTuple

# Modes that carry bulk data unless the configuration says otherwise ("Getting the
# most from APPC", 'Use modes wisely': #BATCH; design: #BATCH and #BATCHSC).
DEFAULT_BULK_MODES = frozenset({"#BATCH", "#BATCHSC", "#BATCHC", "#BATCHCS"})


class Settings(NamedTuple):
    """What the rules need to know that no deck says."""

    bulk_modes: frozenset[str] = DEFAULT_BULK_MODES
    network: str = ""  # "appn" | "subarea" | "" (infer from VTAM NODETYPE)
    # Facts configurations declare per node: (node name, configuration file, facts), each fact
    # (key, value, line).
    declared: tuple[tuple[str, str, tuple[tuple[str, Any, int], ...]], ...] = ()
    # `topology:` of the configurations: node -> file globs, and declared links
    # (node a, node b, facts, configuration file, line)
    node_files: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # system -> file globs (`topology: systems:`): the files of one z/OS, MVS or VM image
    system_files: tuple[tuple[str, tuple[str, ...]], ...] = ()
    links: tuple[tuple[str, str, tuple[tuple[str, Any], ...], str, int], ...] = ()
    # The release each product is judged for (`decklint.model.release.target_of`): the run's,
    # (family, release, who said it: '--target-release' overrides every other), and those of
    # the configurations nearest to the linted files (their folder, (family, release) pairs,
    # who said it).
    target_release: tuple[tuple[str, str, str], ...] = ()
    target_folders: tuple[tuple[str, tuple[tuple[str, str], ...], str], ...] = ()
