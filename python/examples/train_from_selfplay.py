"""Trains a small PyTorch network on a lab run's self-play positions and exports it for the lab's search.

Reads ``RUN/replay-gG.bin`` (the replay buffer: encoded observations, search policies, game results;
format in training/.../ReplayFile.java and docs/onnx-contract.md) and ``RUN/selfplay.jsonl`` (one game
per line) with numpy, trains the MLP of ``onnx_network.py`` (policy: cross-entropy against the search's
visit distribution over legal moves; value: mean squared error against the game's result for the side
to move), and exports it to ONNX in the lab's contract. Then:

    oware train --config configs/tiny.yaml --out runs/t1
    python python/examples/train_from_selfplay.py runs/t1 --out t1.onnx --steps 300
    oware match 'puct:onnx=t1.onnx,encoder=compact/1,sims=32' random --rules houses=3,seeds=3 --games 20
"""
import argparse
import json
import pathlib
import struct
import sys

import numpy as np

MAGIC, END = b'OWREPLAY', b'OWREPEND'
FIXED = 24  # bytes of a record before its observation


def read_replay(path):
    """The records of a replay file as numpy arrays: ``observation`` [n, F], ``policy`` [n, A], ``result``
    [n] (-1, 0, 1 for the side to move), ``mask`` [n] (bit m: move m legal), ``root_value`` [n], ``ply``,
    ``game``; and the header's ``encoder`` tag, ``rules`` text and counts. Checks magic, version,
    length and CRC-32 as the lab does."""
    import zlib
    data = pathlib.Path(path).read_bytes()
    if data[:8] != MAGIC or data[-8:] != END:
        raise ValueError(f'{path}: not a replay file (expected the magic {MAGIC!r} ... {END!r})')
    version, header, rec, window, n, f, a = struct.unpack('>7i', data[8:36])
    if version != 1:
        raise ValueError(f'{path}: replay format {version}, this script reads format 1')
    if rec != FIXED + 4 * (f + a) or len(data) != header + n * rec + 12:
        raise ValueError(f'{path}: length {len(data)} does not match its header ({n} records of {rec} bytes)')
    (crc,) = struct.unpack('>I', data[header + n * rec:header + n * rec + 4])
    if zlib.crc32(data[:header + n * rec]) != crc:
        raise ValueError(f'{path}: checksum mismatch (a damaged file)')
    off = 52
    strings = []
    for _ in range(2):
        (k,) = struct.unpack('>H', data[off:off + 2])
        strings.append(data[off + 2:off + 2 + k].decode('utf-8'))
        off += 2 + k
    dt = np.dtype([('game', '>i8'), ('ply', '>i4'), ('mask', 'u1'), ('result', 'i1'), ('margin', '>i2'),
                   ('flags', 'u1'), ('reserved', 'V3'), ('root_value', '>f4'), ('observation', '>f4', (f,)),
                   ('policy', '>f4', (a,))])
    r = np.frombuffer(data, dtype=dt, count=n, offset=header)
    return {'encoder': strings[0], 'rules': strings[1], 'actions': a, 'features': f,
            'observation': r['observation'].astype(np.float32), 'policy': r['policy'].astype(np.float32),
            'result': r['result'].astype(np.float32), 'mask': r['mask'].astype(np.int64),
            'root_value': r['root_value'].astype(np.float32), 'ply': r['ply'].astype(np.int64),
            'game': r['game'].astype(np.int64)}


def read_selfplay(path):
    """The games of ``selfplay.jsonl`` (one JSON object per line: moves, winner, end, stores...)."""
    with open(path, encoding='utf-8') as f:
        return [json.loads(line) for line in f if line.strip()]


def encoder_shape(tag, features, actions):
    """The input shape the contract asks for: ``planes/1`` is channels x 2n (n houses a side, so the
    columns are ``2 * actions``), ``compact/1`` a flat vector."""
    if tag.startswith('planes/'):
        return features // (2 * actions), 2 * actions
    return (features,)


def latest_replay(run):
    files = sorted(pathlib.Path(run).glob('replay-g*.bin'), key=lambda p: int(p.stem[len('replay-g'):]))
    if not files:
        raise FileNotFoundError(f'{run}: no replay-gG.bin (a run writes one at each checkpoint)')
    return files[-1]


def train(data, steps=300, batch=256, seed=0, hidden=64, lr=2e-3):
    """An MLP fitted to ``data`` (from :func:`read_replay`); returns it with its first and last loss."""
    import torch
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
    from onnx_network import MLP
    torch.manual_seed(seed)
    shape = encoder_shape(data['encoder'], data['features'], data['actions'])
    a = data['actions']
    x = torch.from_numpy(data['observation']).reshape(-1, *shape)
    target = torch.from_numpy(data['policy'])
    z = torch.from_numpy(data['result']).unsqueeze(1)
    legal = torch.from_numpy(((data['mask'][:, None] >> np.arange(a)) & 1).astype(bool))
    model = MLP(shape, a, hidden)
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    g = torch.Generator().manual_seed(seed)
    losses = []
    for _ in range(steps):
        i = torch.randint(0, len(x), (min(batch, len(x)),), generator=g)
        logits, value = model(x[i])
        logp = torch.log_softmax(logits.masked_fill(~legal[i], -1e9), dim=1)
        loss = -(target[i] * logp).sum(1).mean() + ((value - z[i]) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return model, losses[0], float(np.mean(losses[-10:]))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('run', help='a run directory of oware train')
    p.add_argument('--out', required=True, help='the .onnx file to write')
    p.add_argument('--steps', type=int, default=300)
    p.add_argument('--seed', type=int, default=0)
    a = p.parse_args(argv)
    replay = latest_replay(a.run)
    data = read_replay(replay)
    games = read_selfplay(pathlib.Path(a.run) / 'selfplay.jsonl')
    wins = sum(1 for g in games if g.get('winner') == 0)
    print(f'{replay}: {len(data["observation"])} positions, encoder {data["encoder"]}, rules '
          f'{data["rules"] or "default"}; selfplay.jsonl: {len(games)} games, South won {wins}')
    model, first, last = train(data, a.steps, seed=a.seed)
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
    from onnx_network import export
    export(model, a.out)
    rules = f" --rules {data['rules']}" if data['rules'] else ''
    print(f'loss {first:.4f} -> {last:.4f} over {a.steps} steps; wrote {a.out}')
    print(f"play it: oware match 'puct:onnx={a.out},encoder={data['encoder']}' random{rules}")


if __name__ == '__main__':
    main()
