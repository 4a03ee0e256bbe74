"""A small version of the mixed-level soak (bench/ai.py): no exception, no
illegal move, on every preset and table size."""

from bench.ai import soak


def test_small_mixed_level_soak_is_clean():
    deals, illegal, errors, times = soak(deals_per_table=1, think=0.02)
    assert (illegal, errors) == (0, 0)
    assert deals >= 12
    assert all(times[level] for level in ("easy", "medium", "hard"))
