"""decklint on the machine it runs on: the processes it starts (`children`), its cache folder
(`store`) and the Lark parsers kept there (`larkcache`), files written whole (`fileio`), and
its own data, found (`resources`) and read safely (`yamlsafe`). Nothing here imports any other
part of decklint."""
