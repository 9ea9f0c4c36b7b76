"""The base floor: the records every phase shares. Source text and positions (`source`), the
dialect IR (`ir`), findings (`findings`), the typed records and their one pickling path
(`records`), the progress a run reports (`progress`); and what a dialect lowers a file into:
entities (`entities`) of declared kinds (`kinds`), definitions and references (`symbols`),
collected by a `Lowering` (`lowering`) under the run's settings (`settings`). Nothing here
imports any other part of decklint."""
