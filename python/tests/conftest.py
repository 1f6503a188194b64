"""Fixtures: every test that takes ``backend`` runs on both backends. The in-process one needs JPype
and the lab's jars (OWARE_CLASSPATH or a built checkout); the subprocess one the lab command
(OWARE_CMD or the checkout's ./oware). The JUnit test PythonPackageTest sets both from Maven's class
path."""
import os
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # the package from the checkout

from oware_lab import paths  # noqa: E402


def _jpype_reason():
    try:
        import jpype  # noqa: F401
    except ImportError:
        return 'JPype is not installed (apt-get install python3-jpype)'
    try:
        paths.class_path()
    except FileNotFoundError as e:
        return str(e)
    return None


JPYPE_MISSING = _jpype_reason()


@pytest.fixture(params=['jpype', 'subprocess'])
def backend(request):
    if request.param == 'jpype' and JPYPE_MISSING:
        pytest.skip(JPYPE_MISSING)
    return request.param


@pytest.fixture
def jpype_only():
    if JPYPE_MISSING:
        pytest.skip(JPYPE_MISSING)
    return 'jpype'


def both_backends():
    """The backends to compare with each other (both, or skip)."""
    if JPYPE_MISSING:
        pytest.skip(JPYPE_MISSING)
    return 'jpype', 'subprocess'


@pytest.fixture
def repo():
    return pathlib.Path(__file__).resolve().parents[2]


def jsonl_help():
    """``oware jsonl --help`` of the lab command the subprocess backend starts."""
    import subprocess
    from oware_lab.backends import command
    r = subprocess.run(command() + ['jsonl', '--help'], capture_output=True, text=True, timeout=120,
                       env=dict(os.environ))
    return r.stdout + r.stderr
