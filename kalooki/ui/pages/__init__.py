"""The screens around the table: the main menu and its new-game panel, settings, statistics, saved
games and the rules text."""
