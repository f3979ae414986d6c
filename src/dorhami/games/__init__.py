"""One package per game (components, state, rules, view, strategy); dorhami/catalogue.py lists them."""
