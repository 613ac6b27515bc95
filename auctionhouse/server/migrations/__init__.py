"""Alembic migrations of the server's schema, run in-process at start-up (storage.upgrade)."""
