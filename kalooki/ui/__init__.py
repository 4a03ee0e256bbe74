"""The pygame-ce window: scenes, pygame_gui widgets and card art drawn in code.

Importing the package prepares what pygame reads when it is first imported: its banner is
hidden (a game launched from a terminal should not print one) and the program is named
Kalooki to the desktop (pygame otherwise names the X11 window class after the script it
ran, ``__main__.py``, which taskbars show). A value the player's desktop already set wins.

The names match the desktop entry (``kalooki desktop``): its ``StartupWMClass`` is the X11
class, and on Wayland the window's app id is :data:`kalooki.APP_ID`, the entry's own name, so the
shell shows the entry's icon and name for the window.
"""

import os

from kalooki import APP_ID

PROGRAM_NAME = "Kalooki"
PYGAME_ENVIRONMENT = {
    "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    "SDL_VIDEO_X11_WMCLASS": PROGRAM_NAME,
    "SDL_VIDEO_WAYLAND_WMCLASS": APP_ID,
    "SDL_APP_NAME": PROGRAM_NAME,
}

for _name, _value in PYGAME_ENVIRONMENT.items():
    os.environ.setdefault(_name, _value)
