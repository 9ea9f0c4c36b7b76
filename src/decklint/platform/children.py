"""Every process decklint starts, started so that nothing in the folder it runs in is run.

decklint runs in its users' repositories, and the language server in whatever folder an editor
opens. Python puts the current folder first on the import path of `python -m ...` and `python
-c ...`, and a command looked up on a PATH holding `.` or an empty entry (or, on Windows, in
the current folder first) runs a program of the repository: a `decklint.py`, a `decklint/`
folder, a `multiprocessing/` folder or a `git` file there would run with the user's rights.

So decklint starts a process only through this module (a test finds every other process start):

* `decklint_command` runs decklint in a new interpreter whose import path holds absolute
  folders only, the current folder taken out before anything is imported;
* `program` finds a program such as git on the PATH's absolute folders only;
* `pool_context` gives worker processes that are forked from this one (nothing imported
  again), or, where only spawning is possible, spawned with the safe path set for them;
* `spawn_context` gives processes spawned so, for a process with threads of its own (the
  language server), which a fork could copy in the middle of holding a lock.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import multiprocessing.context
    import subprocess

# subprocess and multiprocessing are imported when a process starts: importing them is a
# noticeable share of a small run's start-up, and most runs start none.

# Run by `python -c`: the interpreter has imported only what it needs to start (`sys` and `os`
# are among them: nothing is looked up on the path for them), then every relative entry of
# the import path (the current folder, as '', first) goes before decklint is imported.
_BOOT = (
    "import os, sys; "
    "sys.path[:] = [p for p in sys.path if p and os.path.isabs(p)]; "
    "sys.argv[:1] = ['decklint']; "
    "from decklint._entry import main; main()"
)


def decklint_command(*args: str, background: bool = False) -> list[str]:
    """The command line that runs `decklint ARGS...` in a new process with this interpreter,
    safe in any working folder. `background`: at a lower scheduling priority (where the
    system has one), it and the workers it forks, so that it takes only the time nothing
    else wants (the language server's filling of the cache beside an opened deck's lint)."""
    boot = f"import os; hasattr(os, 'nice') and os.nice({BACKGROUND_NICE}); {_BOOT}"
    return [sys.executable, "-c", boot if background else _BOOT, *args]


BACKGROUND_NICE = 10  # added to a background process's niceness (POSIX; nothing elsewhere)


def program(name: str) -> str | None:
    """`name` found on the PATH's absolute folders (never the current one), or None."""
    import shutil

    folders = [p for p in os.environ.get("PATH", "").split(os.pathsep) if p and os.path.isabs(p)]
    if not folders:
        return None
    return shutil.which(name, path=os.pathsep.join(folders))


def run(cmd: Sequence[str], **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
    """`subprocess.run` of a command made by `decklint_command` or found by `program`."""
    import subprocess

    if not os.path.isabs(cmd[0]):
        raise OSError(f"{cmd[0]}: a process is started by its absolute path only")
    return subprocess.run(list(cmd), **kwargs)


def pool_context() -> multiprocessing.context.BaseContext | None:
    """How worker processes start: forked (they share the loaded grammars and rules, and
    import nothing), else spawned with `PYTHONSAFEPATH` set so that their start-up does not
    look in the current folder (Python 3.11 and later). None: no safe way, work in this
    process."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods:
        return multiprocessing.get_context("fork")
    if sys.version_info < (3, 11):
        return None
    os.environ["PYTHONSAFEPATH"] = "1"  # read by the spawned interpreters as they start
    return multiprocessing.get_context("spawn")


def spawn_context() -> multiprocessing.context.BaseContext | None:
    """How a process with threads of its own starts a worker: spawned (never forked: the
    copy of a lock another thread held would never be released in it), with `PYTHONSAFEPATH`
    set so that its start-up does not look in the current folder (Python 3.11 and later).
    None: no safe way, work in this process."""
    if sys.version_info < (3, 11):
        return None
    import multiprocessing

    os.environ["PYTHONSAFEPATH"] = "1"
    return multiprocessing.get_context("spawn")
