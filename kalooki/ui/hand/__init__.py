"""The person's own cards at the table: how they lie, the undoable gestures that arrange them
and what the staged melds amount to (the keyboard's focus over them and the table's places
is the table's: :mod:`kalooki.ui.table.keys`)."""
