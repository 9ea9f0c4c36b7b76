-- Decks get the file type `decklint` by their content, as `decklint lint` tells them.
require("decklint").filetype()
