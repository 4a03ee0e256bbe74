"""The pygame-ce window: scenes, pygame_gui widgets and card art drawn in code."""

import os

# pygame prints a banner on import; a game launched from a terminal should not.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
