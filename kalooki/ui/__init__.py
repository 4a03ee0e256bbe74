"""The pygame-ce window: scenes, pygame_gui widgets and card art drawn in code."""
