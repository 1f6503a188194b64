"""Minimal stand-ins for ``gymnasium.spaces.Box`` and ``Discrete`` (same attributes and methods used
by learners: ``shape``, ``dtype``, ``low``/``high``, ``n``, ``sample``, ``contains``, ``seed``), used when
gymnasium is not importable. With gymnasium installed the envs use its own spaces."""
import numpy as np

try:  # pragma: no cover - depends on the machine
    from gymnasium import spaces as _gym_spaces
except ImportError:
    _gym_spaces = None


class Dict(dict):
    """A dict of named spaces; ``sample``, ``contains`` and ``seed`` act on each."""

    def seed(self, seed=None):
        for k, s in self.items():
            s.seed(None if seed is None else seed + sorted(self).index(k))
        return [seed]

    def sample(self):
        return {k: s.sample() for k, s in self.items()}

    def contains(self, x):
        return isinstance(x, dict) and set(x) == set(self) and all(s.contains(x[k]) for k, s in self.items())

    __contains__ = contains

    @property
    def spaces(self):
        return dict(self)


class Box:
    """A box of floats ``low <= x <= high`` of a given shape."""

    def __init__(self, low, high, shape, dtype=np.float32):
        self.shape = tuple(shape)
        self.dtype = np.dtype(dtype)
        self.low = np.full(self.shape, low, dtype=self.dtype)
        self.high = np.full(self.shape, high, dtype=self.dtype)
        self.np_random = np.random.default_rng()

    def seed(self, seed=None):
        self.np_random = np.random.default_rng(seed)
        return [seed]

    def sample(self):
        if np.issubdtype(self.dtype, np.integer):
            return self.np_random.integers(self.low, self.high, self.shape, endpoint=True).astype(self.dtype)
        return self.np_random.uniform(self.low, self.high, self.shape).astype(self.dtype)

    def contains(self, x):
        x = np.asarray(x)
        return x.shape == self.shape and np.can_cast(x.dtype, self.dtype) and bool(
            np.all(x >= self.low) and np.all(x <= self.high))

    __contains__ = contains

    def __repr__(self):
        return f'Box({self.low.min()}, {self.high.max()}, {self.shape}, {self.dtype})'


class Discrete:
    """The integers ``0 .. n-1``; ``sample(mask)`` draws among the actions whose mask entry is 1."""

    def __init__(self, n):
        self.n = int(n)
        self.shape = ()
        self.dtype = np.dtype(np.int64)
        self.start = 0
        self.np_random = np.random.default_rng()

    def seed(self, seed=None):
        self.np_random = np.random.default_rng(seed)
        return [seed]

    def sample(self, mask=None):
        if mask is None:
            return int(self.np_random.integers(self.n))
        legal = np.flatnonzero(np.asarray(mask))
        return int(self.np_random.choice(legal)) if len(legal) else 0

    def contains(self, x):
        try:
            return int(x) == x and 0 <= int(x) < self.n
        except (TypeError, ValueError):
            return False

    __contains__ = contains

    def __repr__(self):
        return f'Discrete({self.n})'


def box(low, high, shape, dtype=np.float32):
    """gymnasium's Box when importable, else this module's."""
    if _gym_spaces is not None:  # pragma: no cover
        return _gym_spaces.Box(low, high, shape, dtype)
    return Box(low, high, shape, dtype)


def dict_space(**spaces):
    """gymnasium's Dict of the named spaces (in the given order) when importable, else this module's."""
    if _gym_spaces is not None:  # pragma: no cover
        return _gym_spaces.Dict(spaces)
    return Dict(spaces)


def discrete(n):
    """gymnasium's Discrete when importable, else this module's."""
    if _gym_spaces is not None:  # pragma: no cover
        return _gym_spaces.Discrete(n)
    return Discrete(n)
