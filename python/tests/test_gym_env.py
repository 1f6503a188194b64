"""The Gymnasium-style env on both backends: API shapes, seeds, masks, the opponent, bad input."""
import numpy as np
import pytest

from oware_lab import CLAUSES, OwareEnv, OwareError, agent, check_env
from oware_lab.gym_env import opponent_seed


def play(env, seed, actions_rng):
    """A whole episode with random legal actions; the list of (obs, reward, term, trunc, position)."""
    obs, info = env.reset(seed=seed)
    out = [(obs, 0.0, False, False, info['position'])]
    term = trunc = False
    while not (term or trunc):
        a = int(actions_rng.choice(np.flatnonzero(info['action_mask'])))
        obs, r, term, trunc, info = env.step(a)
        out.append((obs, r, term, trunc, info['position']))
    return out


def test_reset_and_step_follow_gymnasium_1(backend):
    with OwareEnv(opponent='greedy', backend=backend) as env:
        assert env.backend == backend
        obs, info = env.reset(seed=3)
        assert obs.dtype == np.float32 and obs.shape == env.observation_space.shape == (14,)
        assert env.observation_space.contains(obs)
        assert env.action_space.n == 6
        assert info['action_mask'].tolist() == [1, 1, 1, 1, 1, 1]
        assert info['position'] == '4-4-4-4-4-4-4-4-4-4-4-4-0-0-S'
        r = env.step(2)
        assert len(r) == 5 and isinstance(r[1], float) and isinstance(r[2], bool) and isinstance(r[3], bool)
        assert r[4]['ply'] == 2, 'the learner moved, then greedy replied'
        assert r[4]['to_move'] == 'south'
        text = env.render()
        assert 'store N' in text and 'south to move' in text


def test_masks_match_the_legal_moves_the_rules_give(backend):
    with OwareEnv(opponent='random', backend=backend) as env, agent('random', backend=backend) as judge:
        rng = np.random.default_rng(0)
        for seed in range(2):
            obs, info = env.reset(seed=seed)
            while True:
                legal = (judge.act(info['position']).policy > 0).astype(np.int8)
                assert info['action_mask'].tolist() == legal.tolist(), info['position']
                obs, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info['action_mask']))))
                if term or trunc:
                    assert not info['action_mask'].any()
                    break


def test_same_seed_same_episode_and_next_seed_without_one(backend):
    with OwareEnv(opponent='random', seat='random', backend=backend) as env:
        a = play(env, 11, np.random.default_rng(5))
        b = play(env, 11, np.random.default_rng(5))
        assert [x[4] for x in a] == [x[4] for x in b]
        assert all(np.array_equal(x[0], y[0]) and x[1:] == y[1:] for x, y in zip(a, b))
        env.reset(seed=41)
        env.reset()
        assert env.episode_seed == 42


def test_the_opponent_moves_first_when_the_learner_sits_north(backend):
    with OwareEnv(opponent='alphabeta:depth=2', seat='north', backend=backend) as env:
        obs, info = env.reset(seed=0)
        assert info['to_move'] == 'north' and info['ply'] == 1
        first = agent('alphabeta:depth=2', backend=backend)
        try:
            d = first.act(seed=opponent_seed(0, 0))
        finally:
            first.close()
        assert info['position'].split('-')[d.move] == '0', 'the house alphabeta chose was emptied'


def test_the_learner_gets_its_own_side_s_reward_over_its_move_and_the_replies(backend):
    with OwareEnv(opponent='greedy', env='reward=margin', backend=backend) as env:
        obs, info = env.reset(seed=0)
        total, before = 0.0, 0
        term = trunc = False
        while not (term or trunc):
            obs, r, term, trunc, info = env.step(int(np.flatnonzero(info['action_mask'])[0]))
            total += r
        margin = (info['south_score'] - info['north_score']) / 48
        assert total == pytest.approx(margin, abs=1e-5)


def test_truncation_at_the_ply_cap_and_never_both_flags(backend):
    with OwareEnv(opponent=None, env='ply-cap=6', backend=backend) as env:
        obs, info = env.reset(seed=0)
        flags = []
        for a in [0, 0, 1, 1, 2, 2]:
            obs, r, term, trunc, info = env.step(a if info['action_mask'][a] else
                                                 int(np.flatnonzero(info['action_mask'])[0]))
            flags.append((term, trunc))
        assert flags[-1] == (False, True) and all(not (t and u) for t, u in flags)


def test_check_env_passes_every_named_clause(backend):
    with OwareEnv(opponent='greedy', backend=backend) as env:
        assert check_env(env, seed=0, episodes=1) == list(CLAUSES)


def test_an_illegal_action_gives_the_rules_reason(backend):
    # 4-4-... with North empty: only moves that feed are legal.
    with OwareEnv(opponent=None, backend=backend) as env:
        obs, info = env.reset(options={'position': '0-0-0-0-1-4-0-0-0-0-0-0-20-23-S'})
        assert info['action_mask'].tolist() == [0, 0, 0, 0, 0, 1]
        with pytest.raises(OwareError, match="illegal move 'E' at ply 0: it does not feed"):
            env.step(4)
        with pytest.raises(OwareError, match=r'action 6: expected an int 0\.\.5'):
            env.step(6)
        with pytest.raises(OwareError, match=r"action 'x': expected an int 0\.\.5"):
            env.step('x')
        assert env.step(5)[4]['ply'] == 1, 'the refused actions left the episode as it was'


def test_a_step_after_the_end_or_before_a_reset_is_refused(backend):
    with OwareEnv(opponent=None, env='ply-cap=1', backend=backend) as env:
        with pytest.raises(OwareError, match='step before reset'):
            env.step(0)
        env.reset(seed=0)
        assert env.step(0)[3]
        with pytest.raises(OwareError, match=r'the episode is over \(truncated at the ply cap\): call reset\(\)'):
            env.step(1)


def test_a_bad_spec_or_bad_options_give_the_lab_s_message(backend):
    with pytest.raises(OwareError, match="unknown agent 'nosuch'"):
        OwareEnv(opponent='nosuch', backend=backend)
    with pytest.raises(OwareError, match='depth'):
        OwareEnv(opponent='alphabeta:depth=x', backend=backend)
    with pytest.raises(OwareError, match='ply-cap'):
        OwareEnv(env='ply-cap=-3', backend=backend)


def test_bad_arguments_are_value_errors():
    with pytest.raises(ValueError, match="seat 'east'"):
        OwareEnv(seat='east')
    with pytest.raises(ValueError, match="backend 'jvm'"):
        OwareEnv(backend='jvm')


def test_a_reply_left_unread_by_an_interrupted_call_is_not_taken_for_the_next():
    # A call cut short (Ctrl-C in a notebook while the child answers) leaves its reply in the pipe;
    # the next call must still get its own reply, not the one before.
    with OwareEnv(opponent=None, backend='subprocess') as env, OwareEnv(opponent=None, backend='subprocess') as ref:
        env.reset(seed=5)
        ref.reset(seed=5)
        io = env._b._io  # the interrupted call's request went out, its reply was never read:
        io._proc.stdin.write('{"op": "render", "id": "interrupted"}\n')
        io._proc.stdin.flush()
        obs, r, term, trunc, info = env.step(2)
        want = ref.step(2)
        assert np.array_equal(obs, want[0]) and info['position'] == want[4]['position']
        assert env.step(3)[4]['position'] == ref.step(3)[4]['position']


def test_a_closed_subprocess_env_says_so():
    env = OwareEnv(opponent=None, backend='subprocess')
    env.reset(seed=0)
    env.close()
    with pytest.raises(OwareError, match='this environment is closed'):
        env.step(0)


def test_the_shipped_player_is_found_outside_the_checkout(backend):
    # PythonPackageTest runs pytest in a temporary directory: players/ is not under it.
    with OwareEnv(opponent='strong:sims=4', seat='north', backend=backend) as env:
        obs, info = env.reset(seed=1)
        assert info['ply'] == 1, 'the opponent moved first'


def test_a_relative_model_path_is_read_from_the_working_directory(repo, tmp_path, monkeypatch):
    # The subprocess child runs where Python runs (it once ran in the checkout), as the in-process
    # JVM reads paths from the directory it started in.
    (tmp_path / 'models').mkdir()
    (tmp_path / 'models' / 'mine').symlink_to(repo / 'players' / 'strong', target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    with OwareEnv(opponent='puct:model=models/mine,sims=4', seat='north', backend='subprocess') as env:
        obs, info = env.reset(seed=1)
        assert info['ply'] == 1, 'the opponent moved first'
