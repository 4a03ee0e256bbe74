"""Disk: settings, saved games and statistics that survive quits, crashes and full disks.

Every file is versioned JSON written atomically with the previous copy kept; a damaged file
is set aside and reported, never fatal. One module per job: ``paths`` (where),
``atomic`` (how), ``fields`` (checking records), ``settings``, ``stats``.
"""
