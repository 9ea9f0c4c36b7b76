"""Reviewing a change: a repository linted at two revisions read from git (`revisions`), their
models compared (`changes`) and their findings (`findings`), put together by `run`."""
