"""The built-in presets' names and one-line summaries in words; a custom preset is
called by its own name, which its owner typed."""

from __future__ import annotations

from kalooki.words.catalog import FALLBACK, has, tr


def _key(name: str, part: str) -> str:
    return f"preset.{name.replace('-', '_')}.{part}"


def preset_title(name: str, locale: str | None = None) -> str:
    """``caribbean`` is "Caribbean Kalooki" ("Kalooki caribéen"); an unknown name is itself.
    ``locale``: a language other than the one the game speaks now."""
    key = _key(name, "title")
    return tr(key, locale=locale) if has(key, FALLBACK) else name


def preset_summary(name: str) -> str:
    """One line on what sets the preset apart, short enough for the setup panel; "" for
    a preset the catalogs do not know."""
    key = _key(name, "summary")
    return tr(key) if has(key, FALLBACK) else ""
