"""Ctrl-C, threads and closing never corrupt a game, on both backends (issue 48 section 1).

A real SIGINT is sent in a child Python process (a ``threading.Timer`` that calls ``os.kill`` on
itself): in this process it would reach the JVM's own handler on the in-process backend. Waits are
bounded (a child's timeout, a thread's join), never sleeps."""
import os
import pathlib
import subprocess
import sys
import textwrap
import threading

import numpy as np
import pytest

from oware_lab import OwareAECEnv, OwareEnv, OwareError, OwareVectorEnv, agent

PACKAGE = str(pathlib.Path(__file__).resolve().parents[1])


def run_child(body, backend, timeout=180):
    """Runs ``body`` in a child Python with ``B`` the backend and ``ctrl_c(after)`` at hand; its output."""
    script = textwrap.dedent('''\
        import os, signal, sys, threading
        sys.path.insert(0, {package!r})
        import numpy as np
        from oware_lab import OwareEnv, OwareVectorEnv, OwareError, agent
        B = {backend!r}
        # A Python started with SIGINT ignored (a job put in the background by a non-interactive
        # shell, nohup, some CI runners) installs no KeyboardInterrupt handler; a user's terminal
        # Python has it: install it, so the SIGINT below is the user's Ctrl-C wherever the suite runs.
        signal.signal(signal.SIGINT, signal.default_int_handler)

        def ctrl_c(after):
            threading.Timer(after, os.kill, (os.getpid(), signal.SIGINT)).start()
        ''').format(package=PACKAGE, backend=backend) + textwrap.dedent(body)
    r = subprocess.run([sys.executable, '-c', script], capture_output=True, text=True, timeout=timeout,
                       env=dict(os.environ))
    return r.returncode, r.stdout, r.stderr


def test_ctrl_c_during_a_step_leaves_an_env_that_refuses_every_call_until_reset(backend):
    code, out, err = run_child('''
        env = OwareEnv(opponent='alphabeta:movetime=60000', backend=B)
        env.reset(seed=0)
        ctrl_c(1.0)
        try:
            env.step(0)  # the opponent would think a minute: only a prompt interrupt ends this in time
            print('not interrupted')
        except KeyboardInterrupt:
            print('interrupted', flush=True)
        finally:
            print('finally ran', flush=True)
        for call in (lambda: env.step(0), env.render):
            try:
                call()
                print('answered')
            except OwareError as e:
                print('refused:', e)
        print('reset:', env.reset(seed=0)[1]['ply'])  # not after the minute's search: it was stopped or left
        env.close()
        ''', backend, timeout=60)
    assert code == 0, out + err
    lines = out.splitlines()
    assert lines[:2] == ['interrupted', 'finally ran'], out + err
    assert len(lines) == 5 and all(x.startswith('refused:') and 'interrupted during step()' in x and 'reset()' in x
                                   for x in lines[2:4]), out + err
    assert lines[4] == 'reset: 0', out + err


def test_ctrl_c_then_reset_plays_the_users_move_for_the_user(backend):
    code, out, err = run_child('''
        env = OwareEnv(opponent='alphabeta:movetime=3000', backend=B)
        env.reset(seed=0)
        ctrl_c(1.0)
        try:
            env.step(0)
        except KeyboardInterrupt:
            print('interrupted', flush=True)
        obs, info = env.reset(seed=0)
        obs, r, term, trunc, info = env.step(0)
        print(info['ply'], info['to_move'], info['position'].split('-')[0])
        env.close()
        ''', backend)
    assert code == 0, out + err
    # South's house a was emptied by South (the learner), and the opponent replied once.
    assert out.splitlines() == ['interrupted', '2 south 0'] or out.splitlines() == ['interrupted', '2 south 1'], \
        out + err


def test_ctrl_c_during_a_vector_step_leaves_the_env_where_python_thinks_or_refusing(backend):
    # Step until the Ctrl-C; then the next step either is refused until reset() or matches a reference
    # env that replays every step that returned.
    code, out, err = run_child('''
        N = 20000
        vec = OwareVectorEnv(N, backend=B)
        obs, info = vec.reset(seed=3)
        played = []
        ctrl_c(2.0)
        try:
            while True:
                a = np.argmax(info['action_mask'], axis=1)  # the first legal action of each game
                obs, r, t, tr, info = vec.step(a)
                played.append(a)
        except KeyboardInterrupt:
            print('interrupted after', len(played), flush=True)
        a = np.argmax(info['action_mask'], axis=1)
        try:
            got = vec.step(a)[0]
        except OwareError as e:
            print('refused:', e)
        else:
            ref = OwareVectorEnv(N, backend=B)
            ref.reset(seed=3)
            for x in played:
                ref.step(x)
            print('same as the reference:', bool(np.array_equal(got, ref.step(a)[0])))
            ref.close()
        print('after reset:', vec.reset(seed=3)[0].shape)
        vec.close()
        ''', backend, timeout=300)
    assert code == 0, out + err
    lines = out.splitlines()
    assert lines[0].startswith('interrupted after'), out + err
    assert lines[1] == 'same as the reference: True' or (
        lines[1].startswith('refused:') and 'interrupted during step()' in lines[1]), out + err
    assert lines[2] == 'after reset: (20000, 14)', out + err


def test_ctrl_c_during_an_agents_search_raises_keyboard_interrupt_and_the_agent_stays_usable(backend):
    code, out, err = run_child('''
        slow = agent('alphabeta:movetime=60000', backend=B)
        ctrl_c(1.0)
        try:
            slow.act()
            print('not interrupted')
        except KeyboardInterrupt:
            print('interrupted', flush=True)
        finally:
            print('finally ran', flush=True)
        slow.close()
        quick = agent('alphabeta:depth=2', backend=B)
        print('move', quick.act().letter)
        quick.close()
        ''', backend, timeout=45)
    assert code == 0, out + err
    lines = out.splitlines()
    assert lines[:2] == ['interrupted', 'finally ran'] and lines[2].startswith('move '), out + err


def test_a_closed_env_refuses_every_call(backend):
    env = OwareEnv(opponent='greedy', backend=backend)
    env.reset(seed=0)
    env.close()
    aec = OwareAECEnv(backend=backend)
    aec.reset(seed=0)
    aec.close()
    vec = OwareVectorEnv(2, backend=backend)
    vec.reset(seed=0)
    vec.close()
    calls = [lambda: env.reset(seed=0), lambda: env.step(0), env.render, lambda: aec.reset(seed=0),
             lambda: aec.step(0), aec.render, lambda: vec.reset(seed=0), lambda: vec.step(np.zeros(2, np.int64))]
    for call in calls:
        with pytest.raises(OwareError, match='this environment is closed'):
            call()
    env.close()  # closing again is fine
    vec.close()


def test_an_error_mid_call_poisons_every_env_until_reset(backend, monkeypatch):
    # The same rule as Ctrl-C, without a signal: any exception that cuts a call short.
    with OwareEnv(opponent=None, backend=backend) as env, OwareAECEnv(backend=backend) as aec, \
            OwareVectorEnv(2, backend=backend) as vec:
        env.reset(seed=0)
        aec.reset(seed=0)
        vec.reset(seed=0)
        cases = [(env, env._b, lambda: env.step(0), lambda: env.reset(seed=0)),
                 (aec, aec._b, lambda: aec.step(0), lambda: aec.reset(seed=0)),
                 (vec, vec._impl, lambda: vec.step(np.zeros(2, np.int64)), lambda: vec.reset(seed=0))]
        for obj, inner, step, reset in cases:
            real = inner.step

            def cut(*args, _real=real):
                _real(*args)
                raise KeyboardInterrupt  # the lab moved; Python never saw the reply
            monkeypatch.setattr(inner, 'step', cut)
            with pytest.raises(KeyboardInterrupt):
                step()
            monkeypatch.setattr(inner, 'step', real)
            with pytest.raises(OwareError, match=r'interrupted during step\(\).*reset\(\)'):
                step()
            reset()
            step()


def test_a_second_thread_on_one_env_is_refused_at_once(backend):
    with OwareEnv(opponent='alphabeta:movetime=2000', backend=backend) as env:
        env.reset(seed=0)
        inside = threading.Event()
        real = env._b.agent_move

        def agent_move(*args):
            inside.set()
            return real(*args)
        env._b.agent_move = agent_move
        first = {}

        def play():
            first['step'] = env.step(0)
        a = threading.Thread(target=play, daemon=True)
        a.start()
        assert inside.wait(60), 'the first thread reached the opponent'
        second = {}

        def intrude():
            try:
                env.step(1)
                second['result'] = 'answered'
            except OwareError as e:
                second['result'] = str(e)
        b = threading.Thread(target=intrude, daemon=True)
        b.start()
        b.join(30)
        assert not b.is_alive(), 'the second thread was not answered'
        assert 'in use by another thread' in second['result'], second
        a.join(60)
        assert not a.is_alive()
        assert first['step'][4]['ply'] == 2 and first['step'][4]['to_move'] == 'south'


def test_an_opponent_spec_is_checked_without_searching(backend):
    # Depth 24 takes minutes a move: checking the spec must not play one.
    done = {}

    def build():
        try:
            with OwareEnv(opponent='alphabeta:depth=24', backend=backend) as env:
                done['env'] = env.opponent
            with agent('alphabeta:depth=24', backend=backend) as a:
                done['agent'] = a.spec
        except Exception as e:  # noqa: BLE001 - reported below
            done['error'] = repr(e)
    t = threading.Thread(target=build, daemon=True)
    t.start()
    t.join(90)
    assert not t.is_alive(), 'building an env against alphabeta:depth=24 searched'
    assert done == {'env': 'alphabeta:depth=24', 'agent': 'alphabeta:depth=24'}, done
    with pytest.raises(OwareError, match='depth'):
        OwareEnv(opponent='alphabeta:depth=-3', backend=backend)


def test_a_second_thread_on_one_agent_is_refused_at_once(backend, monkeypatch):
    from oware_lab import backends
    with agent('alphabeta:movetime=2000', backend=backend) as slow:
        inside = threading.Event()
        if backend == 'jpype':
            real = backends._decide
            monkeypatch.setattr(backends, '_decide', lambda *args: (inside.set(), real(*args))[1])
        else:
            real = slow._io.request
            monkeypatch.setattr(slow._io, 'request', lambda op, **f: (op == 'agent' and inside.set(), real(op, **f))[1])
        first = {}
        a = threading.Thread(target=lambda: first.setdefault('decision', slow.act()), daemon=True)
        a.start()
        assert inside.wait(60), 'the first thread reached the search'
        with pytest.raises(OwareError, match='this agent is in use by another thread'):
            slow.act()
        a.join(60)
        assert not a.is_alive() and 0 <= first['decision'].move < 6
