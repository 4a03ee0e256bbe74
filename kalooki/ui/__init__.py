"""The pygame-ce window: scenes, pygame_gui widgets and card art drawn in code.

Importing the package prepares what pygame reads when it is first imported: its banner is
hidden (a game launched from a terminal should not print one) and the program is named
Kalooki to the desktop (pygame otherwise names the X11 window class after the script it
ran, ``__main__.py``, which taskbars show). A value the player's desktop already set wins.
"""

import os

PROGRAM_NAME = "Kalooki"
PYGAME_ENVIRONMENT = {
    "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    "SDL_VIDEO_X11_WMCLASS": PROGRAM_NAME,
    "SDL_VIDEO_WAYLAND_WMCLASS": PROGRAM_NAME,
    "SDL_APP_NAME": PROGRAM_NAME,
}

for _name, _value in PYGAME_ENVIRONMENT.items():
    os.environ.setdefault(_name, _value)
