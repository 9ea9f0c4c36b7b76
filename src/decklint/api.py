"""The library entry points: lint files or text (`lint_paths`, `lint_texts`, `lint_inputs`),
with the inputs gathered as the command line gathers them, and the model built. Never prints.

The run itself, and its order, is the pipeline's (`decklint.pipeline.run`); this module is
the face the library shows its users, and what the command line and the language server
call.
"""

from __future__ import annotations

from decklint.inputs.gather import Input as Input
from decklint.inputs.gather import decode as decode
from decklint.inputs.gather import expand as expand
from decklint.inputs.gather import gather as gather
from decklint.inputs.gather import may_hold_decks as may_hold_decks
from decklint.inputs.gather import read_input as read_input
from decklint.pipeline.run import LintResult as LintResult
from decklint.pipeline.run import Options as Options
from decklint.pipeline.run import apply_baseline as apply_baseline
from decklint.pipeline.run import file_units as file_units
from decklint.pipeline.run import lint_inputs as lint_inputs
from decklint.pipeline.run import lint_model as lint_model
from decklint.pipeline.run import lint_paths as lint_paths
from decklint.pipeline.run import lint_texts as lint_texts
from decklint.pipeline.run import manifests as manifests
from decklint.pipeline.run import write_baseline as write_baseline
