"""A small PyTorch policy/value network, exported to ONNX in the lab's contract (docs/onnx-contract.md),
so that the lab's search plays it: ``puct:onnx=FILE,encoder=planes/1``.

The contract, in short: one float32 input ``observation`` of shape ``[batch, *encoder shape]``
(``planes/1``: ``[batch, 19, 12]``; ``compact/1``: ``[batch, 14]``, for 6 houses), the batch
dimension dynamic; outputs ``policy_logits`` ``[batch, houses]`` (unmasked: the search masks illegal
moves) and ``value`` ``[batch, 1]`` in [-1, 1] from the side to move (or ``wdl_logits`` ``[batch, 3]``).

    python onnx_network.py --out own.onnx --shape 19,12            # an untrained network
    oware match 'puct:onnx=own.onnx,encoder=planes/1,sims=100' greedy --games 2
"""
import argparse
import warnings

import torch
from torch import nn

INPUT, POLICY, VALUE = 'observation', 'policy_logits', 'value'


class MLP(nn.Module):
    """Flatten, two hidden ReLU layers, a policy head of ``houses`` logits and a tanh value head."""

    def __init__(self, shape, houses, hidden=64):
        super().__init__()
        size = 1
        for d in shape:
            size *= d
        self.shape, self.houses = tuple(shape), houses
        self.body = nn.Sequential(nn.Flatten(), nn.Linear(size, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.policy = nn.Linear(hidden, houses)
        self.value = nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.body(x)
        return self.policy(h), torch.tanh(self.value(h))


def export(model, path):
    """Writes ``model`` (a module of ``shape``/``houses`` answering ``(logits, value)``) to ``path`` in the
    lab's contract. The TorchScript exporter (``dynamo=False``) needs no onnxscript."""
    model.eval()
    dummy = torch.zeros((2, *model.shape), dtype=torch.float32)
    batch = {0: 'batch'}
    with warnings.catch_warnings():
        # torch 2.9+ calls the TorchScript exporter legacy; it is the one that needs no onnxscript
        warnings.simplefilter('ignore', DeprecationWarning)
        torch.onnx.export(model, (dummy,), str(path), input_names=[INPUT], output_names=[POLICY, VALUE],
                          dynamic_axes={INPUT: batch, POLICY: batch, VALUE: batch}, opset_version=17, dynamo=False)
    return path


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--out', required=True, help='the .onnx file to write')
    p.add_argument('--shape', default='19,12', help="the encoder's shape (default 19,12: planes/1, 6 houses)")
    p.add_argument('--houses', type=int, default=6)
    p.add_argument('--seed', type=int, default=0)
    a = p.parse_args(argv)
    torch.manual_seed(a.seed)
    shape = tuple(int(d) for d in a.shape.split(','))
    export(MLP(shape, a.houses), a.out)
    print(f'wrote {a.out}: observation [batch, {", ".join(map(str, shape))}] -> policy_logits [batch, {a.houses}], '
          'value [batch, 1]')


if __name__ == '__main__':
    main()
