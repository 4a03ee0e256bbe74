"""pygame_gui building blocks shared by every screen: generated forms, dialogs, keyboard focus,
fitted labels, framed pages, choice panels, double-clicks and the help overlay."""
