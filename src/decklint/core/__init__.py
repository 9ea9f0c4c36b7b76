"""The base floor: the records every phase shares. Source text and positions (`source`), the
dialect IR (`ir`), findings (`findings`), the typed records and their one pickling path
(`records`), and the progress a run reports (`progress`). Nothing here imports any other part
of decklint."""
