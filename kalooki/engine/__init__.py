"""The rules engine: pure Python, no pygame, no files, no clock, no global random."""
