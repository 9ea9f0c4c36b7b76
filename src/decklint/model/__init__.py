"""The unified topology model: entities with provenance, a symbol table, the topology."""
