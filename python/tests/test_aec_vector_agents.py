"""The AEC env, the vector env, the agents, and the two backends agreeing."""
import numpy as np
import pytest

from conftest import both_backends, jsonl_help
from oware_lab import OwareAECEnv, OwareEnv, OwareError, OwareVectorEnv, agent
from oware_lab import _seeds, backends


def test_aec_cycle_alternates_and_every_agent_leaves_after_the_end(backend):
    env = OwareAECEnv(env='ply-cap=40', backend=backend)
    try:
        env.reset(seed=2)
        assert env.agents == ['south', 'north'] and env.agent_selection == 'south'
        rng = np.random.default_rng(2)
        seen, returns = [], {'south': 0.0, 'north': 0.0}
        for name in env.agent_iter(1000):
            obs, reward, term, trunc, info = env.last()
            returns[name] += reward
            other = 'north' if name == 'south' else 'south'
            if term or trunc:
                assert not obs['action_mask'].any()
                env.step(None)
            else:
                assert obs['action_mask'].tolist() == info['action_mask'].tolist()
                assert not env.observe(other)['action_mask'].any(), 'only the side to move has legal actions'
                env.step(int(rng.choice(np.flatnonzero(obs['action_mask']))))
                assert env.rewards['south'] == -env.rewards['north']
            seen.append(name)
        assert env.agents == []
        assert seen[:4] == ['south', 'north', 'south', 'north']
        assert returns['south'] == pytest.approx(-returns['north'])
        with pytest.raises(OwareError, match='the episode is over'):
            env.step(0)
    finally:
        env.close()


def test_aec_observations_are_the_callers_own(backend):
    with OwareAECEnv(backend=backend) as env:
        env.reset(seed=0)
        a = env.observe('south')['observation']
        keep = a.copy()
        a[:] = -1
        assert np.array_equal(env.observe('north')['observation'], keep), 'editing one left the env as it was'


def test_aec_dead_step_takes_none_only(backend):
    env = OwareAECEnv(env='ply-cap=1', backend=backend)
    try:
        env.reset(seed=0)
        env.step(0)
        assert env.truncations == {'south': True, 'north': True}
        with pytest.raises(OwareError, match='step north with None'):
            env.step(3)
        env.step(None)
        env.step(None)
        assert env.agents == []
    finally:
        env.close()


def test_vector_env_shapes_auto_reset_and_bad_actions(backend):
    vec = OwareVectorEnv(3, env='ply-cap=4', backend=backend)
    try:
        with pytest.raises(OwareError, match='step before reset'):
            vec.step(np.zeros(3, dtype=np.int64))
        obs, info = vec.reset(seed=1)
        assert obs.shape == (3, 14) and info['action_mask'].shape == (3, 6)
        for k in range(4):
            obs, rew, term, trunc, info = vec.step(np.argmax(info['action_mask'], axis=1))
        assert trunc.all() and not term.any()
        assert (info['episode_length'] == 4).all()
        assert np.allclose(obs[0], [1 / 12] * 12 + [0, 0]), 'auto-reset: a new episode at the start position'
        assert info['final_observation'].shape == (3, 14) and not np.array_equal(info['final_observation'][0], obs[0])
        with pytest.raises(OwareError, match='sub-env 0'):
            vec.step(np.array([7, 0, 0]))
        with pytest.raises(OwareError, match=r'sub-env 1: action 4294967297: expected an int 0\.\.5'):
            vec.step(np.array([0, 2**32 + 1, 0]))  # not read as action 1
        with pytest.raises(OwareError, match='expected 3 ints'):
            vec.step(np.array([0, 0]))
    finally:
        vec.close()


def test_the_backends_agree_on_the_vector_env_and_sub_envs_follow_child_seeds():
    results = {}
    for b in both_backends():
        vec = OwareVectorEnv(4, env='ply-cap=30', backend=b)
        rng = np.random.default_rng(9)
        obs, info = vec.reset(seed=5)
        trace = [obs]
        for _ in range(35):
            acts = np.array([rng.choice(np.flatnonzero(m)) for m in info['action_mask']])
            obs, rew, term, trunc, info = vec.step(acts)
            trace += [obs, rew, term, trunc, info['to_move']]
            if 'final_observation' in info:
                trace.append(info['final_observation'][term | trunc])
        results[b] = trace
        vec.close()
    a, b = results['jpype'], results['subprocess']
    assert len(a) == len(b) and all(np.array_equal(x, y) for x, y in zip(a, b))


def test_python_seed_mixing_matches_the_lab_s(jpype_only):
    backends._Jvm.start()
    import jpype
    mix = jpype.JClass('org.owarelab.util.SplitMix').mix
    for z in [0, 1, -1, 5, 2 ** 62, -(2 ** 63), 123456789]:
        assert _seeds.mix64(z) == int(mix(z))
    flat = jpype.JClass('org.owarelab.protocol.bridge.FlatEnv')
    assert [int(getattr(flat, n)) for n in ('MASK', 'TO_MOVE', 'END_REASON', 'FIELDS')] == \
           [backends.MASK, backends.TO_MOVE, backends.END_REASON, backends.FIELDS]


def test_the_position_text_is_the_lab_s(jpype_only):
    b = backends.JPypeBackend(rules='houses=4,seeds=3', env='opening=3')
    for seed in range(3):
        t = b.reset(seed)
        while not t.done:
            assert t.position == str(b._env.position())
            t = b.step(int(np.flatnonzero((t.mask >> np.arange(4)) & 1)[-1]))
        assert t.position == str(b._env.position())


def test_the_backends_agree_on_a_game_against_an_opponent():
    runs = {}
    for b in both_backends():
        with OwareEnv(opponent='random', seat='random', backend=b) as env:
            out = []
            for seed in (3, 4):
                obs, info = env.reset(seed=seed)
                out.append((obs.tolist(), info['action_mask'].tolist(), info['position']))
                term = trunc = False
                while not (term or trunc):
                    obs, r, term, trunc, info = env.step(int(np.flatnonzero(info['action_mask'])[-1]))
                    out.append((obs.tolist(), r, term, trunc, {k: v for k, v in info.items() if k != 'action_mask'}))
            runs[b] = out
    assert runs['jpype'] == runs['subprocess']


def test_vector_env_reset_without_a_seed_takes_the_next_one_and_closes_as_a_context(backend):
    # Random openings of 4 plies: each seed starts its games elsewhere.
    with OwareVectorEnv(4, env='opening=4', backend=backend) as vec, \
            OwareVectorEnv(4, env='opening=4', backend=backend) as ref:
        vec.reset(seed=7)
        obs, info = vec.reset()
        want, want_info = ref.reset(seed=8)
        assert np.array_equal(obs, want) and np.array_equal(info['action_mask'], want_info['action_mask'])
        assert not np.array_equal(obs, ref.reset(seed=0)[0]), 'not the games of seed 0'


def test_agent_seeds_are_checked_and_numpy_ints_taken(backend):
    with agent('mcts:sims=20', backend=backend, seed=np.int64(3)) as a:
        assert a.act(seed=np.int64(4)).move == a.act(seed=4).move
        with pytest.raises(ValueError, match='seed -1'):
            a.act(seed=-1)
    with pytest.raises(ValueError, match="seed 'x'"):
        agent('random', backend=backend, seed='x')


def test_agent_act_gives_move_value_and_policy(backend):
    with agent('alphabeta:depth=3', backend=backend) as a:
        d = a.act('0-0-0-0-1-4-0-0-0-0-0-0-20-23-S')
        assert d.move == 5 and d.letter == 'F', 'the only move that feeds'
        assert -1 <= d.value <= 1 and d.policy.shape == (6,) and d.policy.sum() == pytest.approx(1)
        assert a.act().move == a(None).move
        with pytest.raises(OwareError, match='position'):
            a.act('4-4-4')


def test_agents_agree_across_backends():
    moves = {}
    for b in both_backends():
        with agent('mcts:sims=50', backend=b) as a:
            moves[b] = [(d.move, round(d.value, 5), d.policy.tolist()) for d in
                        (a.act(seed=s) for s in (1, 2))]
    assert moves['jpype'] == moves['subprocess']


def test_a_bad_agent_spec_gives_the_lab_s_message(backend):
    with pytest.raises(OwareError, match="unknown agent 'nosuch'"):
        agent('nosuch', backend=backend)


def test_allow_flags_only_for_specs_that_need_them():
    assert backends.allow_flags('greedy', None) == []
    assert backends.allow_flags('alphabeta:depth=4') == []
    assert backends.allow_flags('uci:cmd=/usr/games/x') == ['--allow-engines']
    assert backends.allow_flags('puct:model=runs/q1') == ['--allow-files']
    assert backends.allow_flags('alphabeta:tables=t.bin') == ['--allow-files']


def test_a_model_spec_reaches_the_lab_through_the_subprocess_after_the_allow_flags_merge():
    if '--allow-files' not in jsonl_help():
        pytest.skip('oware jsonl has no --allow-files yet (the protocol branch adds it)')
    with pytest.raises(OwareError) as e:
        OwareEnv(opponent='puct:model=/nonexistent/run', backend='subprocess')
    assert '/nonexistent/run' in str(e.value) and 'allow' not in str(e.value)


def test_stale_jars_are_found_as_the_launcher_finds_them(tmp_path):
    # The in-process backend rebuilds (oware --version) when a source is newer than the jars, as the
    # launcher does for the subprocess backend: .java, pom.xml, resources, package-lock.json of the
    # listed modules; never target/ or node_modules/, nor modules the pom does not list.
    import os
    from oware_lab import paths
    root = tmp_path
    (root / 'pom.xml').write_text('<project>\n  <modules>\n    <module>env</module>\n  </modules>\n</project>\n')
    files = {name: root / name for name in (
        'env/src/main/java/A.java', 'env/src/main/resources/x/page.js', 'env/target/B.java',
        'env/node_modules/C.java', 'env/src/main/python/notes.txt', 'other/src/main/java/D.java')}
    for f in files.values():
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text('x')
    jar = root / 'cli' / 'target' / 'oware-cli.jar'
    assert paths.stale_source(root) is None, 'no jar: nothing to compare'
    jar.parent.mkdir(parents=True)
    jar.write_text('jar')
    old, new = 1_000_000_000, 1_000_000_100
    for f in [root / 'pom.xml', *files.values()]:
        os.utime(f, (old, old))
    os.utime(jar, (new - 50, new - 50))
    assert paths.stale_source(root) is None
    for name in ('env/target/B.java', 'env/node_modules/C.java', 'env/src/main/python/notes.txt',
                 'other/src/main/java/D.java'):
        os.utime(files[name], (new, new))
    assert paths.stale_source(root) is None, 'only the sources the launcher watches'
    for name in ('env/src/main/java/A.java', 'env/src/main/resources/x/page.js'):
        os.utime(files[name], (new, new))
        assert paths.stale_source(root) == files[name]
        os.utime(files[name], (old, old))
    os.utime(root / 'pom.xml', (new, new))
    assert paths.stale_source(root) == root / 'pom.xml'
