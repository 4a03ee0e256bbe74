"""Facts the layers above the engine share without knowing each other: who may sit in a
seat (:mod:`.seats`), so that the store names the computer players' levels without them;
how a field of a record describes itself (:mod:`.fields`), so that a house rule and a
setting are each declared once and drawn by one form builder."""
