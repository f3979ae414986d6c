"""Camel Up Cards: secret card picks move five camels; players bet on winners and losers (rules: camel-up-cards.md)."""
