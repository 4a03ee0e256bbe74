"""Wiring between screens and the store: starting or resuming a match, opening the house-rules
editor and settings, watching and autoplay."""
