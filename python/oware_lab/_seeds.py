"""Seed derivation shared with the Java side: SplitMix64's finaliser (``org.owarelab.util.SplitMix``)
and the child-seed rule of ``org.owarelab.env.SeedStream``, on signed 64-bit integers. The vector env
of the subprocess backend needs them to follow the same episodes as Java's ``VectorEnv``; a test
checks them against the Java implementation through JPype."""

GOLDEN = 0x9E3779B97F4A7C15
MASK64 = (1 << 64) - 1
LONG_MAX = (1 << 63) - 1


def _signed(z):
    z &= MASK64
    return z - (1 << 64) if z >> 63 else z


def mix64(z):
    """SplitMix64's finaliser (Stafford's variant 13) on a Java long."""
    z &= MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return _signed(z ^ (z >> 31))


def child(seed, index):
    """Child seed number ``index`` of ``seed`` (``SeedStream.child``): a Java long."""
    return mix64(mix64(seed) ^ (((index + 1) * GOLDEN) & MASK64))


def non_negative(seed):
    """A seed as the JSON-lines protocol accepts it (0..Long.MAX_VALUE)."""
    return seed & LONG_MAX


def check_seed(seed, what='seed'):
    """Returns ``seed`` as an int in 0..2^63-1, or raises ValueError naming it."""
    import numbers
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or not 0 <= int(seed) <= LONG_MAX:
        raise ValueError(f'{what} {seed!r}: expected a whole number 0..{LONG_MAX}')
    return int(seed)
