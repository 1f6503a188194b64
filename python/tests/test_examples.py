"""The examples in python/examples run, shortened, and do what they say."""
import importlib.util
import json
import os
import pathlib
import subprocess
import sys

import pytest

PYTHON = pathlib.Path(__file__).resolve().parents[1]


def test_masked_reinforce_learns_to_beat_random():
    for name in ('torch', 'gymnasium'):  # found, not imported: torch must not load into this process
        if importlib.util.find_spec(name) is None:
            pytest.skip(f'{name} is not installed (python/venv.sh installs it)')
    # In its own interpreter, as a user runs it: pip's torch and the lab's DJL PyTorch engine (the
    # `strong` player, in-process through JPype) cannot both load their libtorch into one process.
    # Seeded throughout (torch, training and evaluation episodes): the same figures at every run on
    # the default backend. 200 evaluation games each side of 320 training episodes; the untrained
    # argmax policy already wins some games against random, the trained one must win 20 more.
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(PYTHON), os.environ.get('PYTHONPATH')])))
    r = subprocess.run([sys.executable, str(PYTHON / 'examples' / 'reinforce_masked.py'), '--episodes', '320',
                        '--eval-games', '200', '--opponents', 'random', '--seed', '1'],
                       capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.strip().splitlines()
    assert lines[0].startswith('[random] win rate before') and lines[-1].startswith('result {'), r.stdout
    result = json.loads(lines[-1][len('result '):])['random']
    before, after = result['before'], result['after']
    assert after >= before + 0.10, f'win rate against random: {before:.3f} before training, {after:.3f} after'
