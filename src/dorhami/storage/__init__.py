"""Persistence: SQLAlchemy records, the schema migrations and a small repository API."""
