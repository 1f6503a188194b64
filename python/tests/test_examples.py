"""The examples in python/examples run, shortened, and do what they say."""
import importlib.util
import pathlib

import pytest

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / 'examples'


def load(name):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f'{name}.py')
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_masked_reinforce_learns_to_beat_random(capsys):
    pytest.importorskip('torch', reason='torch is not installed (python/venv.sh installs it)')
    pytest.importorskip('gymnasium', reason='gymnasium is not installed (python/venv.sh installs it)')
    example = load('reinforce_masked')
    # Seeded throughout (torch, training and evaluation episodes): the same figures at every run on
    # the default backend. 200 evaluation games each side of 320 training episodes; the untrained
    # argmax policy already wins some games against random, the trained one must win 20 more.
    r = example.main(['--episodes', '320', '--eval-games', '200', '--opponents', 'random', '--seed', '1'])
    before, after = r['random']['before'], r['random']['after']
    assert after >= before + 0.10, f'win rate against random: {before:.3f} before training, {after:.3f} after'
    out = capsys.readouterr().out
    assert '[random] win rate before' in out and out.strip().splitlines()[-1].startswith('result {')
