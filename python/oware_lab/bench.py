"""Env steps per second from Python, next to Java's ``oware bench env`` in the same run.

    python3 -m oware_lab.bench [--seconds 3] [--envs 256] [--backends jpype,subprocess]

Prints, for each backend, the single env (``OwareEnv(opponent=None)``: one ``step`` per call, random
legal actions drawn in numpy) and the vector env (``OwareVectorEnv(N)``: ``N`` sub-env steps per
call), then runs ``oware bench env --envs N --seconds S`` (OWARE_CMD or ``./oware``) and prints its
figures, so the ratios compare one machine at one time. Figures are wall-clock steps per second.
"""
import argparse
import subprocess
import time

import numpy as np

from . import backends
from .gym_env import OwareEnv
from .vector import OwareVectorEnv


def single(backend, seconds, seed=1):
    env = OwareEnv(opponent=None, backend=backend)
    rng = np.random.default_rng(seed)
    steps, episode = 0, seed
    obs, info = env.reset(seed=episode)
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while time.perf_counter() < deadline:
        for _ in range(64):
            obs, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info['action_mask']))))
            steps += 1
            if term or trunc:
                episode += 1
                obs, info = env.reset(seed=episode)
    dt = time.perf_counter() - t0
    env.close()
    return steps / dt


def vector(backend, n, seconds, seed=1):
    vec = OwareVectorEnv(n, backend=backend)
    rng = np.random.default_rng(seed)
    obs, info = vec.reset(seed)
    steps = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while time.perf_counter() < deadline:
        # Random keys for 64 steps in one draw; a random legal action per sub-env is the argmax of the
        # keys over its legal actions (vectorised, as Java's bench draws a random legal action).
        keys = rng.random((64,) + info['action_mask'].shape, dtype=np.float32)
        for k in range(64):
            actions = np.argmax(keys[k] * info['action_mask'], axis=1)
            obs, r, term, trunc, info = vec.step(actions)
        steps += 64 * n
    dt = time.perf_counter() - t0
    vec.close()
    return steps / dt


def java(n, seconds):
    cmd = backends.command() + ['bench', 'env', '--envs', str(n), '--seconds', str(seconds)]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    figures = {}
    for line in r.stdout.splitlines():
        if line.startswith(('env steps/s:', 'vector-env steps/s:')):
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
    j = java(a.envs, a.seconds)
    rows.append(('java oware bench env, single env', j['env steps/s']))
    rows.append((f'java oware bench env, vector env N={a.envs}', j['vector-env steps/s']))
    jv = j['vector-env steps/s']
    print(f'{"what":<44} {"steps/s":>12} {"java vector / this":>18}')
    for name, v in rows:
        print(f'{name:<44} {v:>12.0f} {jv / v:>18.1f}')


if __name__ == '__main__':
    main()
