"""Kalooki, the Caribbean contract rummy, and its cousins.

The package also answers what it is and where the files it ships are, here at the bottom
of the layers so that every layer asks the same way: :func:`version` (the one version,
written in ``pyproject.toml`` only), :data:`APP_ID` (its name to the desktop) and
:func:`asset_path` (fonts, theme, catalogs under ``kalooki/assets/``).
"""

import functools
from importlib.resources import files
from pathlib import Path

DISTRIBUTION = "kalooki"
APP_ID = "io.github.kalooki.Kalooki"
"""The desktop's name for the game (reverse-DNS, as AppStream wants): the desktop entry's
and the metainfo's file name, the icon's name, the Wayland app id (kalooki.ui)."""
UNKNOWN_VERSION = "0+unknown"
"""What a copy reports when neither its pyproject nor its installed metadata is found."""


@functools.cache
def version() -> str:
    """``project.version`` of the checkout's ``pyproject.toml`` when this package sits in
    one (what runs is then the checkout, whatever was installed); else the installed
    distribution's metadata, which a wheel, pipx and a PyInstaller bundle (the spec copies
    it) carry. Read when first asked, not at import: the readers' imports would cost a
    launch 60 ms before its first frame."""
    import tomllib

    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    try:
        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        project = {}
    if project.get("name") == DISTRIBUTION and isinstance(project.get("version"), str):
        return str(project["version"])
    from importlib import metadata

    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return UNKNOWN_VERSION


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
