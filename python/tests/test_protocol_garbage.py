"""A lab process that answers something other than the protocol is stopped, and says so on every
later call: no call goes on with a process whose game is no longer known (or with a fresh one that
has no game)."""
import sys
import textwrap

import pytest

from oware_lab import backends
from oware_lab.errors import OwareError


def test_a_reply_that_is_not_json_stops_the_lab_process(tmp_path, monkeypatch):
    fake = tmp_path / 'fake_lab.py'
    fake.write_text(textwrap.dedent('''
        import sys
        for line in sys.stdin:
            print("Picked up JAVA_TOOL_OPTIONS: not a reply", flush=True)
    '''))
    monkeypatch.setenv('OWARE_CMD', f'{sys.executable} {fake}')
    io = backends.Jsonl(())
    try:
        with pytest.raises(OwareError, match='not JSON.*it was stopped'):
            io.request('reset', seed=0)
        assert io._proc.wait(timeout=10) != 0  # killed, not left reading
        with pytest.raises(OwareError, match='the lab process ended'):
            io.request('reset', seed=0)
    finally:
        io.close()
