"""Facts the layers above the engine share without knowing each other: who may sit in a
seat (:mod:`.seats`), so that the store names the computer players' levels without them."""
