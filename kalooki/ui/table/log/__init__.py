"""The table's log: the sentence each event is told in, as its viewer may know it
(:mod:`.narrate`, pure), and the log itself, its page on screen and how far back the person
has scrolled (:mod:`.book`); the replay viewer tells a match with both."""
