"""The replay viewer: what it can open, its cursor over a record, and the scene that draws it with
the table's painter."""
