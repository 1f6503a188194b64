"""A network of one's own in the lab's search: a PyTorch module exported with ``torch.onnx.export`` plays
as ``puct:onnx=FILE,encoder=TAG`` on both backends; a file that does not fit is refused with the lab's
one-line reason; and python/examples/train_from_selfplay.py trains on a tiny run's records and brings
the network back. Skipped where torch or onnx is missing (python/venv.sh installs them)."""
import importlib.util
import pathlib
import re
import subprocess
import sys

import numpy as np
import pytest

from oware_lab import OwareError, agent  # noqa: E402
from oware_lab.backends import command  # noqa: E402

if importlib.util.find_spec('torch') is None or importlib.util.find_spec('onnx') is None:
    pytest.skip('torch or onnx is missing (python/venv.sh installs them)', allow_module_level=True)

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / 'examples'

# torch runs in a child process: a libtorch loaded into this process would clash with the one the
# lab's JVM loads here for DJL (strong, puct:model=) when JPype runs it in-process.
EXPORT = r"""
import sys, warnings, torch
class Tiny(torch.nn.Module):
    # compact/1 in (14 floats for 6 houses), 6 policy logits and a tanh value out
    def __init__(self):
        super().__init__()
        torch.manual_seed(3)
        self.body = torch.nn.Sequential(torch.nn.Linear(14, 16), torch.nn.ReLU())
        self.policy = torch.nn.Linear(16, 6)
        self.value = torch.nn.Linear(16, 1)
    def forward(self, x):
        h = self.body(x)
        return self.policy(h), torch.tanh(self.value(h))
net = Tiny().eval()
b = {0: 'batch'}
with warnings.catch_warnings():
    warnings.simplefilter('ignore', DeprecationWarning)  # the TorchScript exporter: no onnxscript needed
    torch.onnx.export(net, (torch.zeros(2, 14),), sys.argv[1], input_names=['observation'],
                      output_names=['policy_logits', 'value'],
                      dynamic_axes={'observation': b, 'policy_logits': b, 'value': b}, dynamo=False)
# compact/1 of the start: 12 houses of 4 seeds over 48, both stores empty
with torch.no_grad():
    print(float(net(torch.tensor([[4 / 48] * 12 + [0.0, 0.0]]))[1]))
"""


def _export(path):
    """Exports the tiny network to ``path``; returns its value at the start position."""
    r = subprocess.run([sys.executable, '-c', EXPORT, str(path)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    return float(r.stdout.split()[-1])


@pytest.fixture(scope='module')
def tiny(tmp_path_factory):
    """The tiny network exported once for the module: its path and its value at the start."""
    path = tmp_path_factory.mktemp('onnx') / 'own.onnx'
    return path, _export(path)


def test_a_torch_network_plays_in_the_search(backend, tiny):
    path, value = tiny
    with agent(f'puct:onnx={path},encoder=compact/1,sims=1', backend=backend) as one:
        d = one.act()
    # one simulation evaluates only the root: its value is the network's, from the side to move
    assert abs(d.value - value) < 1e-4, (d.value, value)
    with agent(f'puct:onnx={path},encoder=compact/1,sims=64', backend=backend) as a:
        d = a.act()
        assert 0 <= d.move < 6 and d.letter in 'ABCDEF'
        assert abs(float(np.sum(d.policy)) - 1) < 1e-5
        after = a.act('0-5-5-5-5-4-4-4-4-4-4-4-0-0-N')
        assert after.letter in 'abcdef'


def test_a_file_that_does_not_fit_is_refused(backend, tmp_path, tiny):
    bad = tmp_path / 'bad.onnx'
    bad.write_bytes(b'not an onnx graph')
    with pytest.raises(OwareError, match='ONNX Runtime cannot load it') as e:
        agent(f'puct:onnx={bad}', backend=backend)
    assert str(bad) in str(e.value) and '\n' not in str(e.value)
    wrong = tiny[0]  # a compact/1 network read as planes/1
    with pytest.raises(OwareError, match=r"expected 'observation' float \[batch, 19, 12\] \(the planes/1 encoder\), "
                                         r"found 'observation' float \[batch, 14\]"):
        agent(f'puct:onnx={wrong},encoder=planes/1', backend=backend)


def test_train_from_selfplay_brings_the_network_back(tmp_path, repo):
    run = tmp_path / 'run'
    r = subprocess.run(command() + ['train', '--config', str(repo / 'configs' / 'tiny.yaml'), '--out', str(run),
                                    '--set', 'loop.generations=1'], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    sys.path.insert(0, str(EXAMPLES))
    import train_from_selfplay as t
    data = t.read_replay(t.latest_replay(run))
    assert data['encoder'] == 'compact/1' and data['rules'] == 'houses=3,seeds=3'
    n = len(data['observation'])
    assert n >= 256 and data['observation'].shape == (n, 8) and data['policy'].shape == (n, 3)
    # the search's policy targets are distributions over legal moves, the results -1, 0 or 1
    assert np.allclose(data['policy'].sum(1), 1, atol=1e-4)
    legal = (data['mask'][:, None] >> np.arange(3)) & 1
    assert np.all(data['policy'][legal == 0] == 0)
    assert set(np.unique(data['result'])) <= {-1.0, 0.0, 1.0}
    games = t.read_selfplay(run / 'selfplay.jsonl')
    assert len(games) == 64 and all('moves' in g for g in games)
    out = tmp_path / 'tiny.onnx'
    r = subprocess.run([sys.executable, str(EXAMPLES / 'train_from_selfplay.py'), str(run), '--out', str(out),
                        '--steps', '150'], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    first, last = map(float, re.search(r'loss ([\d.]+) -> ([\d.]+) over 150 steps', r.stdout).groups())
    assert last < first, r.stdout
    with agent(f'puct:onnx={out},encoder=compact/1,sims=16', rules='houses=3,seeds=3') as a:
        d = a.act()
    assert 0 <= d.move < 3 and -1 <= d.value <= 1
