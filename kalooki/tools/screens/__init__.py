"""``kalooki screens DIR``: every screen of the game rendered to PNG, each builder playing the game
to its moment with sample data."""
