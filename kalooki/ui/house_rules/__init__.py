"""The house-rules editor: the rule set being drafted, its generated rows, the presets page and the
editor scene."""
