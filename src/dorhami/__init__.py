"""Dorhami: a multiplayer web game server for five board and card games."""

__version__ = "0.1.0"
