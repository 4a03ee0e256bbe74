"""Tools for the people who make the game (translators, theme authors), behind the ``kalooki``
command but apart from the runtime package."""
