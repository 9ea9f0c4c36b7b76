"""What decklint knows of the products: their catalogs (`grammars/catalogs/`) and what reads
them. Beneath the readers and the dialects, which read facts only through here; it reads no
dialect and no record of the registry."""
