"""The game's sounds: made by code from recipes, cached on disk, chosen per moment, played through
a mixer."""
