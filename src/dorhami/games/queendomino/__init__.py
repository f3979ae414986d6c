"""Queendomino: draft dominoes onto a 5×5 board, buy red, yellow and blue buildings (rules/queendomino.md)."""
