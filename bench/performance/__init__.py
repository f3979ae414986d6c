"""Speed and weight: the engines, one table, one server under load, a crowd on one room, the lobby on the wire."""
