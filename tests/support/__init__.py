"""What the tests share: helpers and fakes here, fixtures in ``tests/conftest.py``.

A test module imports from here, never from another test module (checked by
``tests/test_import_layers.py``)."""
