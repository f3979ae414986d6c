"""Thin FastAPI routers: parse, one call into the hub, serialise."""
