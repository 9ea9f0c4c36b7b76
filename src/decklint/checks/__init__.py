"""Python checks, one module per rule (see rules/ for what each one does)."""
