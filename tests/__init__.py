"""The test suite: a package, so ``tests.support`` imports the same way under ``pytest``
and ``python -m pytest`` and each test module has one name."""
