"""The rule engine: manifests, the expression language, the runner."""
