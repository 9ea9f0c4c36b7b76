"""Inputs: the files to lint, decks embedded in JCL and markdown, and their encodings."""
