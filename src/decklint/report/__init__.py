"""Reporters: the only code that formats findings for people and machines."""
