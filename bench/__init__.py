"""Benchmarks: scripts that print their figures (``make bench``). Never timed tests."""
