"""Env steps per second from Python, next to Java's ``oware bench env`` in the same run.

    python3 -m oware_lab.bench [--seconds 3] [--envs 256] [--backends jpype,subprocess]

Prints, for each backend, the single env (``OwareEnv(opponent=None)``: one ``step`` per call, random
legal actions drawn in numpy) and the vector env (``OwareVectorEnv(N)``: ``N`` sub-env steps per
call), with ``copy=True`` (the default: the arrays returned are the caller's own) and, on JPype,
``copy=False`` too (views of the env's buffers, no copy per step), then runs ``oware bench env --envs N --seconds S`` (OWARE_CMD or ``./oware``) and prints its
figures, so the ratios compare one machine at one time. Both sides draw a uniformly random legal
action per sub-env inside the timed loop (Python: :class:`LegalDraw`, a table look-up by a random
number and the mask's bits, a few numpy calls per batch; Java: a xorshift and the k-th set bit of
the mask), so Python's figure includes a numpy draw that a policy of its own would replace. Each run is preceded by a warm-up of up to
1 s (as Java's bench does), so that the JIT has compiled the Java side. Figures are steps per
second of wall clock, and per second of CPU: Python's process CPU (the in-process JVM's threads
included) and Java's bench thread's CPU, a steadier comparison on a machine shared with other work.
"""
import argparse
import math
import subprocess
import sys
import time

import numpy as np

from . import backends
from .gym_env import OwareEnv
from .vector import OwareVectorEnv


def _timed(run, seconds):
    """(steps per wall second, steps per process-CPU second) of ``run(deadline) -> steps``."""
    run(time.perf_counter() + min(1.0, seconds))  # warm-up
    t0, c0 = time.perf_counter(), time.process_time()
    steps = run(t0 + seconds)
    return steps / (time.perf_counter() - t0), steps / (time.process_time() - c0)


def single(backend, seconds, seed=1):
    env = OwareEnv(opponent=None, backend=backend)
    rng = np.random.default_rng(seed)
    state = {'episode': seed}
    state['info'] = env.reset(seed=seed)[1]

    def run(deadline):
        steps, info = 0, state['info']
        while time.perf_counter() < deadline:
            for _ in range(64):
                obs, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info['action_mask']))))
                steps += 1
                if term or trunc:
                    state['episode'] += 1
                    obs, info = env.reset(seed=state['episode'])
        state['info'] = info
        return steps
    try:
        return _timed(run, seconds)
    finally:
        env.close()


class LegalDraw:
    """A uniformly random legal action per row of ``(N, n)`` 0/1 int8 masks (``n <= 8`` houses), exactly
    uniform and in a few numpy calls: ``u`` uniform in ``[0, L)``, ``L = lcm(1..n)`` (60 for 6 houses:
    a multiple of every legal count), and the ``(u mod c)``-th of a row's ``c`` legal actions, read from
    a table by ``(u, the row's mask as 8 bits)``; the bits come from the row's bytes read as one
    little-endian uint64 times 0x0102040810204080 (byte ``i`` to bit ``56 + i``). The ``u`` of 64
    calls are drawn at once. Where the machine is big-endian or ``n > 8``: the argmax of random keys
    over the legal mask, which the bench used before (several times the cost; ties at 1 in 2^24)."""
    _MAGIC, _SHIFT = np.uint64(0x0102040810204080), np.uint64(56)

    def __init__(self, rng, count, n, batch=64):
        self.rng, self.count, self.n, self.batch = rng, count, n, batch
        self.fast = n <= 8 and sys.byteorder == 'little'
        self.span = math.lcm(*range(1, n + 1))
        self.left = 0
        if self.fast:
            # table[u * 256 + m]: the (u mod popcount(m))-th set bit of m (0 for m = 0, never legal)
            legal = [[a for a in range(8) if m >> a & 1] for m in range(256)]
            self.table = np.array([legal[m][u % len(legal[m])] if legal[m] else 0
                                   for u in range(self.span) for m in range(256)], dtype=np.int64)
            self.rows = np.zeros((count, 8), dtype=np.int8)  # a row's mask bytes, padded to 8
            self.words = self.rows.view(np.uint64).reshape(count)
            self.index = np.empty(count, dtype=np.uint64)

    def mask_bits(self, masks):
        """Each row's mask as an int (bit ``a`` for action ``a``), the fast path's first half."""
        self.rows[:, :self.n] = masks
        np.multiply(self.words, self._MAGIC, out=self.index)
        self.index >>= self._SHIFT
        return self.index

    def __call__(self, masks):
        if self.left == 0:
            self.left = self.batch
            if self.fast:
                self.us = self.rng.integers(0, self.span, (self.batch, self.count), dtype=np.uint64) * np.uint64(256)
            else:
                self.us = self.rng.random((self.batch, self.count, self.n), dtype=np.float32)
        self.left -= 1
        u = self.us[self.left]
        if not self.fast:
            return np.argmax(u * masks, axis=1)
        index = self.mask_bits(masks)
        index += u
        return self.table.take(index.view(np.int64))


def vector(backend, n, seconds, seed=1, copy=True):
    vec = OwareVectorEnv(n, backend=backend, copy=copy)
    rng = np.random.default_rng(seed)
    state = {'info': vec.reset(seed)[1]}
    draw = LegalDraw(rng, n, vec.action_count)

    def run(deadline):
        steps, info = 0, state['info']
        while time.perf_counter() < deadline:
            for k in range(64):  # a random legal action per sub-env, as Java's bench draws
                obs, r, term, trunc, info = vec.step(draw(info['action_mask']))
            steps += 64 * n
        state['info'] = info
        return steps
    try:
        return _timed(run, seconds)
    finally:
        vec.close()


def java(n, seconds):
    cmd = backends.command() + ['bench', 'env', '--envs', str(n), '--seconds', str(seconds)]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    figures = {}
    for line in r.stdout.splitlines():
        if line.startswith(('env steps/s:', 'vector-env steps/s:', 'env steps/cpu-s:', 'vector-env steps/cpu-s:')):
            k, v = line.split(':')
            figures[k] = float(v)
    if not figures:
        raise RuntimeError(f'oware bench env printed no figures (exit {r.returncode}): {r.stderr.strip()[-500:]}')
    return figures


def main(argv=None):
    p = argparse.ArgumentParser(prog='python3 -m oware_lab.bench', description=__doc__.split('\n\n')[0])
    p.add_argument('--seconds', type=float, default=3.0, help='measured time of each run (default 3)')
    p.add_argument('--envs', type=int, default=256, help='sub-envs of the vector env (default 256)')
    p.add_argument('--backends', default='jpype,subprocess', help='comma-separated (default jpype,subprocess)')
    a = p.parse_args(argv)
    if a.seconds <= 0 or a.envs < 1:
        p.error('expected --seconds > 0 and --envs >= 1')
    rows = []
    for b in a.backends.split(','):
        rows.append((f'python {b}, single env', single(b, a.seconds)))
        rows.append((f'python {b}, vector env N={a.envs}', vector(b, a.envs, a.seconds)))
        if b == 'jpype':  # the subprocess backend makes fresh arrays either way
            rows.append((f'python {b}, vector env N={a.envs} copy=False', vector(b, a.envs, a.seconds, copy=False)))
    j = java(a.envs, a.seconds)
    rows.append(('java oware bench env, single env', (j['env steps/s'], j['env steps/cpu-s'])))
    rows.append((f'java oware bench env, vector env N={a.envs}', (j['vector-env steps/s'],
                                                                   j['vector-env steps/cpu-s'])))
    jv, jc = rows[-1][1]
    print(f'{"what":<44} {"steps/s":>12} {"java vector / this":>18} {"steps/cpu-s":>12} {"java / this (cpu)":>18}')
    for name, (v, c) in rows:
        print(f'{name:<44} {v:>12.0f} {jv / v:>18.2f} {c:>12.0f} {jc / c:>18.2f}')


if __name__ == '__main__':
    main()
