"""Fixes: the edits rules offer, applying them to a deck's text, and the fix loop."""
