"""`python -m dorhami ...` is the `dorhami` command (cli.py)."""

from .cli import main

if __name__ == "__main__":
    main()
