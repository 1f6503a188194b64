"""The wheel that scripts/build_wheel.py makes installs into a fresh venv and plays outside the checkout:
the README's Python example, ``agent('strong')`` (PUCT over the wheel's ONNX network, with no DJL on the
class path) and the subprocess backend (the wheel's DJL-free ``jsonl --env``), with OWARE_ROOT,
OWARE_CLASSPATH and OWARE_CMD unset and the working directory outside the repository. About 30 s:
building the wheel exports ``strong`` through the lab command (OWARE_CMD or ./oware)."""
import os
import pathlib
import re
import subprocess
import sys
import zipfile

import pytest

from oware_lab.backends import command

REPO = pathlib.Path(__file__).resolve().parents[2]
CHECK = '''
import jpype
import oware_lab
from oware_lab import agent, OwareEnv
print('from', oware_lab.__file__)
d = agent('strong').act()
print('strong', d.letter, round(d.value, 3))
try:
    jpype.JClass('ai.djl.Model')
    print('djl: present')
except Exception:
    print('djl: absent')
with agent('strong:sims=50', backend='subprocess') as a:
    print('subprocess', a.act('0-5-5-5-5-4-4-4-4-4-4-4-0-0-N').letter)
env = OwareEnv(opponent='greedy', backend='subprocess')
obs, info = env.reset(seed=1)
print('env', obs.shape, info['position'])
'''


@pytest.fixture(scope='module')
def wheel(tmp_path_factory):
    pytest.importorskip('build', reason='the build package is missing (python/venv.sh installs build==1.6.1)')
    pytest.importorskip('setuptools')
    sys.path.insert(0, str(REPO / 'scripts'))
    import build_wheel
    return build_wheel.build(tmp_path_factory.mktemp('dist'), lab=command())


def test_the_wheel_carries_the_jars_and_strong_but_no_djl(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    jars = {pathlib.Path(n).name for n in names if n.endswith('.jar')}
    for module in ('formats', 'env', 'agents', 'tables', 'onnx', 'export'):
        assert f'oware-{module}.jar' in jars, jars
    assert any(j.startswith('onnxruntime-') for j in jars), jars
    assert not any('djl' in j or 'pytorch' in j or 'oware-model' in j or 'oware-cli' in j for j in jars), jars
    assert 'oware_lab/_lab/players/strong/model.onnx' in names and 'oware_lab/_lab/players/strong/model.json' in names
    meta = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith('METADATA'))).decode()
    for extra in ('gymnasium', 'pettingzoo', 'all'):
        assert f'Provides-Extra: {extra}' in meta, meta


def test_the_wheel_plays_in_a_fresh_venv_outside_the_checkout(wheel, tmp_path):
    venv = tmp_path / 'venv'
    subprocess.run(['/usr/bin/python3', '-m', 'venv', '--system-site-packages', str(venv)], check=True)
    r = subprocess.run([str(venv / 'bin' / 'pip'), 'install', '-q', '--no-deps', '--no-index', str(wheel)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    work = tmp_path / 'work'
    work.mkdir()
    readme = (REPO / 'README.md').read_text()
    section = readme.split('## From Python', 1)[1].split('\n## ', 1)[0]
    (work / 'readme.py').write_text(re.findall(r'```python\n(.*?)```', section, re.S)[0])
    (work / 'check.py').write_text(CHECK)
    env = {k: v for k, v in os.environ.items()
           if k not in ('OWARE_ROOT', 'OWARE_CLASSPATH', 'OWARE_CMD', 'OWARE_BACKEND', 'PYTHONPATH', 'VIRTUAL_ENV')}
    env['PWD'] = str(work)
    py = str(venv / 'bin' / 'python')
    out = subprocess.run([py, 'readme.py'], cwd=work, env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == 2 and lines[0].startswith('2 ') and len(lines[1]) == 1, out.stdout + out.stderr
    out = subprocess.run([py, 'check.py'], cwd=work, env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    text = out.stdout
    assert f'from {venv}' in text, text
    assert re.search(r'^strong [A-F] -?\d', text, re.M), text
    assert 'djl: absent' in text, text
    assert re.search(r'^subprocess [a-f]$', text, re.M), text
    assert re.search(r'^env \(14,\) 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S$', text, re.M), text  # compact/1, South to move
