"""Persistence of memory (notebook files, SQLite)."""
