"""Twin It!: a real-time visual matching game with double-sided cards (rules/twin-it.md)."""
