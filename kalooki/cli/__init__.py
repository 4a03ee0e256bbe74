"""The ``kalooki`` command: its arguments, the window's launch, and the scripting subcommands
(rules, saves, replay, simulate, screens)."""
