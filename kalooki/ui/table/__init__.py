"""The table scene and its rooms: layout, painter, frame snapshot, input, keys, motion, buttons,
calls, hint, log, questions, seats and the deal summary."""
