"""Calls at the table: the person's own call window (:mod:`.own`), the one several people
at one computer share (:mod:`.shared`), and their timing (:mod:`.window`)."""
