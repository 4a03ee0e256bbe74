"""Kalooki, the Caribbean contract rummy, and its cousins."""

__version__ = "0.1.0"
