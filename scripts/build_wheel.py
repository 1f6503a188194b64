#!/usr/bin/env python3
"""Builds the ``oware-lab`` wheel that runs without a checkout: the Python package, the lab's jars
without DJL or libtorch (an exported bundle's ``lib/``: formats, env, agents, tables, onnx, export,
ONNX Runtime, Jackson) and the shipped player ``strong`` as an exported bundle (``model.onnx`` and
``model.json``), so that ``oware_lab.agent('strong')`` is PUCT over ONNX Runtime.

    python3 scripts/build_wheel.py [--out DIR]      # default python/dist; prints the wheel's path

The lab command that exports ``strong`` is OWARE_CMD when set, else the checkout's ``./oware``
(which builds the jars first). The package is copied into a temporary directory and built there
(``python -m build --wheel --no-isolation``, which needs setuptools and ``build``: python/venv.sh
installs ``build``), so the checkout is left as it was.
"""
import argparse
import os
import pathlib
import shlex
import shutil
import subprocess
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parents[1]


def lab_command():
    cmd = os.environ.get('OWARE_CMD')
    return shlex.split(cmd) if cmd else [str(REPO / 'oware')]


def build(out, python=sys.executable, lab=None):
    """Builds the wheel into ``out``; returns its path."""
    out = pathlib.Path(out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix='oware-wheel-') as tmp:
        tmp = pathlib.Path(tmp)
        bundle = tmp / 'strong'
        env = dict(os.environ, OWARE_ROOT=str(REPO))
        r = subprocess.run((lab or lab_command()) + ['export', 'strong', '--out', str(bundle), '--name',
                                                     'OwareLab-strong'], capture_output=True, text=True, env=env)
        if r.returncode != 0:
            raise SystemExit(f'oware export strong failed (exit {r.returncode}): {(r.stdout + r.stderr).strip()}')
        src = tmp / 'src'
        shutil.copytree(REPO / 'python', src, ignore=shutil.ignore_patterns(
            '.venv', 'tests', 'examples', 'build', 'dist', '*.egg-info', '__pycache__', '_lab'))
        lab_dir = src / 'oware_lab' / '_lab'
        (lab_dir / 'lib').mkdir(parents=True)
        for jar in sorted((bundle / 'lib').glob('*.jar')):
            shutil.copy2(jar, lab_dir / 'lib')
        player = lab_dir / 'players' / 'strong'
        player.mkdir(parents=True)
        for f in ('model.onnx', 'model.json'):
            shutil.copy2(bundle / f, player)
        before = set(out.glob('*.whl'))
        r = subprocess.run([python, '-m', 'build', '--wheel', '--no-isolation', '--outdir', str(out), str(src)],
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise SystemExit(f'python -m build failed (exit {r.returncode}): {(r.stdout + r.stderr).strip()[-3000:]}')
    made = sorted(set(out.glob('oware_lab-*.whl')) - before) or sorted(out.glob('oware_lab-*.whl'))
    return made[-1]


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--out', default=str(REPO / 'python' / 'dist'), help='where the wheel goes (default python/dist)')
    a = p.parse_args(argv)
    wheel = build(a.out)
    print(f'{wheel} ({wheel.stat().st_size / 1e6:.1f} MB)')


if __name__ == '__main__':
    main()
