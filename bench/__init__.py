"""Benchmarks, run as modules from the repository root (bench/README.md): .venv/bin/python -m bench.<group>.<name>."""
