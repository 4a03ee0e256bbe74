"""What the window draws itself rather than with widgets: the cards, the felt, the lights around a
card, the colours, rendered text and the menu's title."""
