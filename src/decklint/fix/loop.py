"""Apply the rules' fixes until nothing more applies: the `--fix` loop, without any output.

Each pass lints the current texts, applies the fixes the caller allows (safe; unsafe too with
`unsafe`) to files that parsed cleanly, and lints again. The loop stops when a pass applies
nothing (converged), when a text comes back to an earlier state (fixes that undo each other),
or after `MAX_PASSES`. Texts are changed in memory only: writing them is the caller's choice.
Every place of a cause is linted (its fixes are each place's); the result reported groups
them as asked.
"""

from __future__ import annotations

import copy
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from decklint.core.findings import Applicability, Edit, Finding, Severity
from decklint.inputs.gather import Input
from decklint.lint.edits import card_image
from decklint.pipeline.run import LintResult, Options, grouped, lint_inputs
from decklint.readers import patch

MAX_PASSES = 10
# A file with one of these is not fixed: its statements were not all read.
BROKEN = frozenset({"PRS001", "PRS009"})


@dataclass
class FixRun:
    result: LintResult  # the lint of the final texts
    texts: dict[str, str]  # path -> fixed text, for files that changed
    applied: dict[str, int] = field(default_factory=dict)  # path -> fixes applied
    not_applied: list[tuple[Finding, str]] = field(default_factory=list)  # and why
    passes: int = 0
    converged: bool = True
    why: str = ""


def _allowed(f: Finding, unsafe: bool) -> bool:
    if f.fix is None:
        return False
    return f.fix.applicability is Applicability.SAFE or (
        unsafe and f.fix.applicability is Applicability.UNSAFE
    )


def run(inputs: Sequence[Input], opts: Options, unsafe: bool = False) -> FixRun:
    shown = opts
    opts = copy.copy(opts)
    opts.show_all = True  # every place's fix, not only a cause's first
    current = list(inputs)
    original: dict[str, str] = {i.path: i.text for i in inputs if i.text is not None}
    seen: set[tuple[tuple[str, str], ...]] = set()
    applied: dict[str, int] = defaultdict(int)
    not_applied: list[tuple[Finding, str]] = []
    result = lint_inputs(current, opts)
    for n in range(1, MAX_PASSES + 1):
        dialects = dict(result.files)
        broken = {
            f.path for f in result.findings if f.code in BROKEN and f.severity >= Severity.WARNING
        }
        by_path: dict[str, list[Finding]] = defaultdict(list)
        cut_out = {i.path for i in current if i.container}
        for f in result.findings:
            if not _allowed(f, unsafe):
                continue
            if f.path in broken:
                not_applied.append((f, "the file has parse errors: fix them first"))
            elif f.path in cut_out:
                not_applied.append((f, "the deck is inside another file: edit it there"))
            else:
                by_path[f.path].append(f)
        changed = False
        texts = {i.path: i.text for i in current if i.text is not None}
        for path, found in by_path.items():
            fixes: list[tuple[Edit, ...]] = [f.fix.edits for f in found]  # type: ignore[union-attr]
            text, done = patch.apply_fixes(texts[path], fixes, card_image(dialects.get(path)))
            for i, f in enumerate(found):
                if i in done:
                    applied[path] += 1
                else:
                    why = "it does not fit the card layout, or another fix edits the same place"
                    not_applied.append((f, why))
            if done:
                texts[path] = text
                changed = True
        if not changed:
            return _done(result, original, texts, applied, not_applied, n, True, "", shown)
        state = tuple(sorted(texts.items()))
        if state in seen:
            why = "fixes undo each other"
            return _done(result, original, texts, applied, not_applied, n, False, why, shown)
        seen.add(state)
        current = [i.replace(text=texts[i.path]) if i.path in texts else i for i in current]
        result = lint_inputs(current, opts)
    texts = {i.path: i.text for i in current if i.text is not None}
    why = f"still finding fixes after {MAX_PASSES} passes"
    return _done(result, original, texts, applied, not_applied, MAX_PASSES, False, why, shown)


def _done(
    result: LintResult,
    original: dict[str, str],
    texts: dict[str, str],
    applied: dict[str, int],
    not_applied: list[tuple[Finding, str]],
    passes: int,
    converged: bool,
    why: str,
    opts: Options,
) -> FixRun:
    changed = {p: t for p, t in texts.items() if original.get(p) != t}
    # a finding still reported with a fix that was not applied: say why once
    left = [(f, w) for f, w in not_applied if f in set(result.findings)]
    return FixRun(grouped(result, opts), changed, dict(applied), left, passes, converged, why)
