"""The RNG lives in the game state: same seed, same sequence; state is one int."""

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from tabletop.core.rng import Rng


@given(st.integers(min_value=-(2**70), max_value=2**70))
def test_same_seed_same_sequence(seed: int) -> None:
    a, b = Rng.from_seed(seed), Rng.from_seed(seed)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]


def test_copy_continues_identically_and_independently() -> None:
    rng = Rng.from_seed(7)
    rng.next64()
    twin = rng.copy()
    first = [rng.below(10) for _ in range(20)]
    assert [twin.below(10) for _ in range(20)] == first
    assert rng.state == twin.state


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=1000))
def test_below_stays_in_range(seed: int, bound: int) -> None:
    rng = Rng.from_seed(seed)
    assert all(0 <= rng.below(bound) < bound for _ in range(20))


def test_below_is_roughly_uniform() -> None:
    rng = Rng.from_seed(2026)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_400 < n < 10_600 for n in counts.values()), counts


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_shuffle_is_a_permutation(seed: int) -> None:
    items = list(range(30))
    Rng.from_seed(seed).shuffle(items)
    assert sorted(items) == list(range(30))


def test_shuffle_moves_every_position_over_many_seeds() -> None:
    first_cards = {_shuffled(seed)[0] for seed in range(400)}
    assert first_cards == set(range(10))


def test_uniform_and_randint_bounds() -> None:
    rng = Rng.from_seed(3)
    floats = [rng.uniform(15.0, 20.0) for _ in range(2000)]
    assert all(15.0 <= x < 20.0 for x in floats)
    assert min(floats) < 15.1 and max(floats) > 19.9
    ints = {rng.randint(1, 3) for _ in range(200)}
    assert ints == {1, 2, 3}


def _shuffled(seed: int) -> list[int]:
    items = list(range(10))
    Rng.from_seed(seed).shuffle(items)
    return items
