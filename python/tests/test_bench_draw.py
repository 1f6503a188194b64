"""The bench's random legal action draw: always legal, and exactly uniform over the legal actions."""
import math

import numpy as np
import pytest

from oware_lab.bench import LegalDraw


@pytest.mark.parametrize('n', [4, 6, 8])
def test_every_mask_s_legal_actions_are_equally_likely_over_the_whole_range_of_u(n):
    # u runs over [0, L) with L = lcm(1..n): each legal action of every non-zero mask is read exactly
    # L / c times (c legal actions), an illegal one never; the bits from the bytes are the mask's.
    draw = LegalDraw(np.random.default_rng(0), 2 ** n - 1, n)
    assert draw.fast and draw.span == math.lcm(*range(1, n + 1))
    masks = ((np.arange(1, 2 ** n)[:, None] >> np.arange(n)) & 1).astype(np.int8)
    assert np.array_equal(draw.mask_bits(masks), np.arange(1, 2 ** n))
    counts = np.zeros((2 ** n - 1, 8), dtype=np.int64)
    for u in range(draw.span):
        a = draw.table[u * 256 + np.arange(1, 2 ** n)]
        counts[np.arange(2 ** n - 1), a] += 1
    c = masks.sum(axis=1)
    assert np.array_equal(counts[:, :n], masks * (draw.span // c)[:, None])
    assert not counts[:, n:].any()


@pytest.mark.parametrize('fast', [True, False])
def test_draws_are_legal_and_spread_over_every_legal_action(fast):
    rng = np.random.default_rng(1)
    draw = LegalDraw(rng, 512, 6)
    draw.fast = draw.fast and fast
    seen = np.zeros((512, 6), dtype=np.int64)
    masks = (rng.random((512, 6)) < 0.5).astype(np.int8)
    masks[np.arange(512), rng.integers(0, 6, 512)] = 1
    for _ in range(200):  # past several refills of the 64-call batch
        a = draw(masks)
        assert a.shape == (512,) and masks[np.arange(512), a].all()
        seen[np.arange(512), a] += 1
    # every legal action turns up in 200 draws (a fixed action would leave most at 0), none illegal;
    # the frequencies are near 1/c: at most 6 standard deviations off
    assert np.array_equal(seen > 0, masks == 1)
    p = 1 / masks.sum(axis=1, keepdims=True)
    assert (np.abs(seen / 200 - p) <= 6 * np.sqrt(p * (1 - p) / 200) + 1e-9)[masks == 1].all()
