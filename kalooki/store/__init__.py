"""Disk: settings, saved games and statistics that survive quits, crashes and full disks.

Every file is versioned JSON written atomically with the previous copy kept; a damaged file
is set aside and reported, never fatal; every read is bounded. What the store tells a
player is a fact (a code and its parameters, ``engine.facts.said``), worded at the edges:
the store imports neither the words nor the computer players. One module per job:
``paths`` (where), ``atomic`` (how), ``bounded`` (reading), ``fields`` (checking
records), ``notices`` (facts and refusals), ``settings``, ``stats``, ``saves``.
"""
