"""The live side: one actor per table, clocks, bots, and the sockets watching each table."""
