"""Computer players: they see only a PlayerView and the legal actions."""
