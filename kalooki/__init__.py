"""Kalooki, the Caribbean contract rummy, and its cousins.

The package also answers where the files it ships are: :func:`asset_path` (fonts, theme,
catalogs under ``kalooki/assets/``), here at the bottom of the layers so that the words and
the UI find them the same way.
"""

from importlib.resources import files
from pathlib import Path

__version__ = "0.1.0"


def asset_path(*parts: str) -> Path:
    """A file or folder the game ships, e.g. ``asset_path("fonts", "DejaVuSans.ttf")``.

    Found through :mod:`importlib.resources` beside this package, so it is the same from a
    source checkout, an installed wheel (``pip``, ``pipx``) and a PyInstaller bundle (which
    keeps the package's data under ``kalooki/assets/``), and never relative to the working
    directory."""
    found = files(__name__).joinpath("assets")
    for part in parts:
        found = found.joinpath(part)
    if not isinstance(found, Path):  # a zipped install: pygame and python-i18n need files
        raise RuntimeError(f"kalooki's assets are not on the file system: {found}")
    return found
