"""The person's own cards at the table: how they lie, the undoable gestures that arrange them, the
keyboard focus over them, and what the staged melds amount to."""
