"""Jekyll vs. Hyde: a two-player asymmetric trick-taking game (rules: jekyll-vs-hyde.md)."""
