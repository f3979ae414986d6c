"""`python -m bench.quality.mutants`: the rule-level mutants (see __init__.py)."""

from . import main

raise SystemExit(main())
