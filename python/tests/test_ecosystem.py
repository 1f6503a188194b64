"""The ecosystem's own checkers on both backends: Gymnasium's ``check_env`` and ``make``/``make_vec``,
PettingZoo's ``api_test``, ``seed_test`` and standard wrappers, Gymnasium's vector wrappers. Skipped,
with the reason, only where gymnasium or pettingzoo is not importable (python/venv.sh installs both)."""
import pathlib
import warnings

import numpy as np
import pytest

gym = pytest.importorskip('gymnasium', reason='gymnasium is not installed (python/venv.sh installs it)')

import oware_lab  # noqa: E402  (registers the ids)
from oware_lab import OwareAECEnv, OwareEnv, OwareError  # noqa: E402
from oware_lab.registration import IDS, OWARE, SELF_PLAY  # noqa: E402


def pettingzoo_test():
    return pytest.importorskip('pettingzoo.test', reason='pettingzoo is not installed (python/venv.sh installs it)')


def warnings_of(fn):
    """Runs ``fn`` and returns the distinct messages of every warning it raised."""
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        fn()
    return {str(x.message) for x in w}


@pytest.mark.parametrize('render_mode', [None, 'ansi'])
@pytest.mark.parametrize('opponent', ['greedy', None])
def test_gymnasium_check_env_passes_without_a_warning(backend, opponent, render_mode):
    from gymnasium.utils.env_checker import check_env
    # Through gymnasium.make, so that the env has a spec and check_env also makes every declared
    # render mode; gymnasium.make's PassiveEnvChecker checks the first reset and step too.
    env = gym.make(OWARE, opponent=opponent, backend=backend, render_mode=render_mode)
    try:
        assert isinstance(env.unwrapped, gym.Env) and env.unwrapped.spec.id == OWARE
        assert warnings_of(lambda: check_env(env.unwrapped)) == set()
        if render_mode == 'ansi':
            assert 'store N' in env.unwrapped.render()
    finally:
        env.close()


def test_gymnasium_reset_seeds_np_random_as_gymnasium_does(backend):
    with OwareEnv(opponent=None, backend=backend) as env:
        env.reset(seed=123)
        a = env.np_random.bit_generator.state
        env.reset()
        env.reset(seed=123)
        assert env.np_random.bit_generator.state == a
        env.reset(seed=456)
        assert env.np_random.bit_generator.state != a


def test_gymnasium_make_takes_the_env_s_arguments_and_module_prefixed_ids(backend):
    assert set(IDS) <= set(gym.registry)
    env = gym.make('oware_lab:oware_lab/Oware-v0', opponent='alphabeta:depth=2', seat='north', backend=backend)
    try:
        obs, info = env.reset(seed=0)
        assert info['ply'] == 1 and info['to_move'] == 'north', 'the opponent moved first'
        assert env.unwrapped.opponent == 'alphabeta:depth=2'
        assert env.metadata['render_modes'] == ['ansi'] and env.metadata['render_fps'] > 0
    finally:
        env.close()
    with pytest.raises(OwareError, match="unknown agent 'nosuch'"):
        gym.make(OWARE, opponent='nosuch', backend=backend)


def test_gymnasium_make_vec_of_the_single_env(backend):
    vec = gym.make_vec(OWARE, num_envs=2, opponent='greedy', backend=backend)
    try:
        assert isinstance(vec, gym.vector.SyncVectorEnv)
        obs, info = vec.reset(seed=4)
        assert obs.shape == (2, 14) and info['action_mask'].shape == (2, 6)
        obs, r, term, trunc, info = vec.step(np.argmax(info['action_mask'], axis=1))
        assert (info['ply'] == 2).all(), 'the learner moved, then greedy replied'
    finally:
        vec.close()


def test_the_entry_point_that_pyproject_declares_registers_the_ids():
    import importlib
    import tomllib
    project = tomllib.loads((pathlib.Path(__file__).resolve().parents[1] / 'pyproject.toml').read_text())
    declared = project['project']['entry-points']['gymnasium.envs']
    assert list(declared) == ['oware_lab']
    module, fn = declared['oware_lab'].split(':')
    for i in IDS:
        gym.registry.pop(i, None)
    getattr(importlib.import_module(module), fn)()
    assert set(IDS) <= set(gym.registry)
    assert warnings_of(lambda: getattr(importlib.import_module(module), fn)()) == set(), 'a second call is a no-op'


# PettingZoo's api_test warns about these three things in any env with PettingZoo's classic-game
# observation, {"observation": Box, "action_mask": Box} (the space issue 46 asks for), and with agents
# named for the board's sides; nothing else may be warned.
PETTINGZOO_EXPECTED = {
    'Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete',
    'We recommend agents to be named in the format <descriptor>_<number>, like "player_0"',
    'Observation is not a NumPy array',  # api_test hands test_observation the whole dict
}


def test_pettingzoo_api_test_passes(backend):
    t = pettingzoo_test()
    import pettingzoo
    with OwareAECEnv(env='ply-cap=60', backend=backend) as env:
        assert isinstance(env, pettingzoo.AECEnv)
        assert warnings_of(lambda: t.api_test(env, num_cycles=200)) <= PETTINGZOO_EXPECTED


def test_pettingzoo_api_test_passes_under_the_standard_wrappers(backend):
    t = pettingzoo_test()
    from pettingzoo.utils.wrappers import AssertOutOfBoundsWrapper, OrderEnforcingWrapper
    env = OrderEnforcingWrapper(AssertOutOfBoundsWrapper(OwareAECEnv(backend=backend)))
    try:
        assert warnings_of(lambda: t.api_test(env, num_cycles=100)) <= PETTINGZOO_EXPECTED
    finally:
        env.close()


def test_pettingzoo_seed_test_passes(backend):
    t = pettingzoo_test()
    made = []

    def make():
        made.append(OwareAECEnv(env='opening=4', backend=backend))
        return made[-1]
    try:
        t.seed_test(make, num_cycles=100)
    finally:
        for e in made:
            e.close()


def test_pettingzoo_spaces_are_gymnasium_s(backend):
    from gymnasium import spaces
    with OwareAECEnv(backend=backend) as env:
        env.reset(seed=0)
        for a in env.possible_agents:
            space = env.observation_space(a)
            assert isinstance(space, spaces.Dict) and space is env.observation_space(a)
            assert space['observation'] == spaces.Box(0, 1, (14,), np.float32)
            assert space['action_mask'] == spaces.Box(0, 1, (6,), np.int8)
            assert space.contains(env.observe(a))
            assert env.action_space(a) == spaces.Discrete(6)


def test_pettingzoo_a_finished_agent_s_none_step_clears_the_rewards(backend):
    # PettingZoo: "agents should not be given a reward if they were terminated or truncated last turn".
    with OwareAECEnv(backend=backend) as env:
        # South's F ends the game (no moves are left): a decided result, so both rewards are non-zero.
        env.reset(options={'position': '0-0-0-0-0-1-1-0-0-0-0-0-23-23-S'})
        env.step(5)
        assert env.terminations == {'south': True, 'north': True}
        assert env.rewards['south'] == -env.rewards['north'] != 0
        first = env.agent_selection
        env.step(None)
        assert first not in env.agents and first not in env.rewards
        assert all(r == 0 for r in env.rewards.values()) and len(env.rewards) == 1
        env.step(None)
        assert env.agents == [] and env.rewards == {}


def test_the_vector_env_is_a_gymnasium_vector_env_with_batched_spaces(backend):
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode
    with oware_lab.OwareVectorEnv(3, backend=backend) as vec:
        assert isinstance(vec, gym.vector.VectorEnv)
        assert vec.metadata['autoreset_mode'] is AutoresetMode.SAME_STEP
        assert vec.single_observation_space == spaces.Box(0, 1, (14,), np.float32)
        assert vec.single_action_space == spaces.Discrete(6)
        assert vec.observation_space == spaces.Box(0, 1, (3, 14), np.float32)
        assert vec.action_space == spaces.MultiDiscrete([6, 6, 6])
        obs, info = vec.reset(seed=0)
        assert vec.observation_space.contains(obs)
        obs, r, term, trunc, info = vec.step(vec.action_space.sample(mask=tuple(info['action_mask'])))
        assert vec.observation_space.contains(obs) and r.shape == (3,)
    assert vec.closed


def test_make_vec_of_the_self_play_id_is_the_lab_s_vector_env_and_follows_single_envs(backend):
    # Same-step autoreset: the step that ends sub-env i returns the next episode's first observation,
    # and the ended one's last in info["final_obs"] (rows marked by info["_final_obs"]).
    vec = gym.make_vec(SELF_PLAY, num_envs=2, env='ply-cap=6', backend=backend)
    single = gym.make(SELF_PLAY, env='ply-cap=6', backend=backend).unwrapped
    try:
        assert isinstance(vec, oware_lab.OwareVectorEnv) and vec.spec.id == SELF_PLAY
        obs, info = vec.reset(seed=3)
        from oware_lab import _seeds
        s_obs, s_info = single.reset(seed=_seeds.non_negative(_seeds.child(3, 1)))  # sub-env 1's episode seed
        assert np.array_equal(obs[1], s_obs)
        for k in range(6):
            actions = np.argmax(info['action_mask'], axis=1)
            obs, r, term, trunc, info = vec.step(actions)
            s_obs, s_r, s_term, s_trunc, s_info = single.step(int(actions[1]))
            assert r[1] == s_r and trunc[1] == s_trunc and term[1] == s_term
            if not (s_term or s_trunc):
                assert np.array_equal(obs[1], s_obs)
        assert trunc.all() and info['_final_obs'].all()
        assert np.array_equal(info['final_obs'][1], s_obs), 'the ended episode\'s last observation'
        assert not np.array_equal(obs[1], s_obs) and (info['episode_length'] == 6).all()
    finally:
        vec.close()
        single.close()
    with pytest.raises(OwareError, match='opponent .greedy.: expected None'):
        gym.make_vec(SELF_PLAY, num_envs=2, opponent='greedy', backend=backend)


def _episode_stats(backend, steps):
    """Runs RecordEpisodeStatistics over 2 lock-step games capped at 4 plies (each episode exactly 4
    steps, reward=margin so that steps pay); returns (what it reported, what the env reported) per
    ended episode, in order, as (sub-env, length, return)."""
    from gymnasium.wrappers.vector import RecordEpisodeStatistics
    vec = RecordEpisodeStatistics(oware_lab.OwareVectorEnv(2, env='ply-cap=4,reward=margin', backend=backend))
    try:
        obs, info = vec.reset(seed=1)
        got, want, returns = [], [], np.zeros(2)
        for _ in range(steps):
            obs, r, term, trunc, info = vec.step(np.argmax(info['action_mask'], axis=1))
            returns += r
            for i in np.flatnonzero(term | trunc):
                got.append((i, int(info['episode']['l'][i]), float(info['episode']['r'][i])))
                want.append((i, int(info['episode_length'][i]), float(returns[i])))
                returns[i] = 0
        return got, want
    finally:
        vec.close()


def test_record_episode_statistics_wraps_the_vector_env_and_reports_its_first_episodes(backend):
    got, want = _episode_stats(backend, 4)
    assert len(got) == 2 and got == pytest.approx(want) and {g[1] for g in got} == {4}


@pytest.mark.xfail(strict=True, reason="Gymnasium 1.3.0's vector RecordEpisodeStatistics counts every "
                   "episode after a sub-env's first as if autoreset were NEXT_STEP, one step short "
                   "(fixed upstream: Farama-Foundation/Gymnasium#1624); strict, so the fix shows here")
def test_record_episode_statistics_reports_later_episodes_too(backend):
    got, want = _episode_stats(backend, 12)
    assert got == pytest.approx(want)


def test_the_vector_env_s_arrays_are_the_caller_s_own(backend):
    # The JPype backend answers views into one copy of Java's block per step: a later step must not
    # change what an earlier one returned, and editing a returned array must not change the env
    # (``ref`` plays the same games and is never edited).
    with oware_lab.OwareVectorEnv(4, env='ply-cap=3', backend=backend) as vec, \
            oware_lab.OwareVectorEnv(4, env='ply-cap=3', backend=backend) as ref:
        obs, info = vec.reset(seed=2)
        ref.reset(seed=2)
        kept = []
        for k in range(6):
            actions = np.argmax(info['action_mask'], axis=1)
            out, want = vec.step(actions), ref.step(actions)
            for x, y in zip(out[:4] + (out[4]['action_mask'],), want[:4] + (want[4]['action_mask'],)):
                assert np.array_equal(x, y), f'step {k}'
            if k % 2:  # edit every other step's answers in place
                for x in out[:4] + (out[4]['action_mask'], out[4]['to_move']):
                    x[...] = 1
            else:
                kept.append((out, [np.copy(x) for x in out[:4]]))
            info = want[4]
        assert all(np.array_equal(x, y) for out, copies in kept for x, y in zip(out[:4], copies)), \
            'a later step changed an earlier answer'


def test_copy_false_answers_the_same_numbers_as_read_only_views_of_the_live_buffers(backend):
    # copy=False (Gymnasium's vector envs' option) changes where the arrays live, never what they hold:
    # the same games step by step as copy=True, through auto-resets (ply-cap=3); on JPype the arrays are
    # the env's own read-only views, the same objects at every step, so a kept one shows the next step.
    with oware_lab.OwareVectorEnv(4, env='ply-cap=3', backend=backend, copy=False) as vec, \
            oware_lab.OwareVectorEnv(4, env='ply-cap=3', backend=backend) as ref:
        assert vec.copy is False and ref.copy is True
        got, want = vec.reset(seed=5), ref.reset(seed=5)
        assert np.array_equal(got[0], want[0])
        first, ends = None, 0
        for k in range(7):
            actions = np.argmax(want[-1]['action_mask'], axis=1)
            got, want = vec.step(actions), ref.step(actions)
            for x, y in zip(got[:4], want[:4]):
                assert np.array_equal(x, y), f'step {k}'
            assert got[4].keys() == want[4].keys(), f'step {k}'
            ends += 'final_obs' in want[4]
            for key, y in want[4].items():
                x = got[4][key]
                assert (x == y if isinstance(y, list) else np.array_equal(x, y)), f'step {k}: {key}'
            if backend == 'jpype':
                assert all(not a.flags.writeable for a in got[:4] + (got[4]['action_mask'],))
                if first is None:
                    first = got
                else:
                    assert all(a is b for a, b in zip(got[:4], first[:4])), 'copy=False made new arrays'
        assert ends >= 2, 'auto-resets were stepped through'
    if backend == 'jpype':
        with pytest.raises(ValueError):
            first[0][0, 0] = 1  # read-only: a caller cannot edit the env's buffers


def test_make_vec_passes_copy_on():
    import gymnasium
    # a custom vector entry point takes its arguments as make_vec's kwargs (Gymnasium refuses vector_kwargs)
    vec = gymnasium.make_vec('oware_lab/OwareSelfPlay-v0', num_envs=2, vectorization_mode='vector_entry_point',
                             copy=False)
    try:
        assert vec.unwrapped.copy is False
    finally:
        vec.close()
