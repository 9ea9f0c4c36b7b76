"""Views of the model that many rules share: each module answers one question about the
topology (the links of a kind, the frame a mode travels in, an NCP's stations, the TCP/IP
stacks, the NonStop systems, ...) and builds its index once per run (`Topology.memo`)."""
