"""The run's pipeline: the file phase, scheduling over processes, the per-file cache and
the run memo."""
