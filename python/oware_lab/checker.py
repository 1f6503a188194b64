"""The lab's env contract checked from Python, clause by clause: a supplement to Gymnasium's
``check_env`` and PettingZoo's ``api_test``, which the package also passes (tests/test_ecosystem.py),
for what they do not check (masks against the rules' legal moves, zero-sum, illegal actions refused).
Each clause has a name; a failure raises AssertionError naming it."""
import numpy as np

CLAUSES = ('spaces', 'reset-returns-obs-info', 'obs-in-space', 'mask-in-info', 'masks-match-legal-moves',
           'illegal-action-refused', 'zero-sum', 'never-terminated-and-truncated', 'seeds-reproduce',
           'step-after-end-refused')


def _check(ok, clause, detail):
    if not ok:
        raise AssertionError(f'[{clause}] {detail}')


def _episode(env, seed, rng):
    """Plays one episode with random legal actions drawn from ``rng``; returns the trajectory."""
    obs, info = env.reset(seed=seed)
    traj = [(obs.copy(), info['position'], info['action_mask'].copy())]
    done = False
    while not done:
        legal = np.flatnonzero(info['action_mask'])
        a = int(rng.choice(legal))
        obs, reward, term, trunc, info = env.step(a)
        traj.append((obs.copy(), info['position'], info['action_mask'].copy(), reward, term, trunc))
        done = term or trunc
    return traj, info


def check_env(env, seed=0, episodes=3):
    """Checks a Gymnasium-style ``oware_lab.OwareEnv`` (learner against an opponent, or ``opponent=None``
    for both sides): returns the list of clauses checked, raises AssertionError ``[clause] detail`` on
    the first failure. ``masks-match-legal-moves`` compares every mask with the legal moves a
    ``random`` lab agent's policy gives for the same position (the rules answer both)."""
    from .agents import agent
    from .errors import OwareError
    n = env.action_space.n
    _check(env.observation_space.shape[0] > 0 and n > 0, 'spaces', f'{env.observation_space}, {env.action_space}')
    r = env.reset(seed=seed)
    _check(isinstance(r, tuple) and len(r) == 2 and isinstance(r[1], dict), 'reset-returns-obs-info', repr(r)[:200])
    judge = agent('random', rules=env._b.rules, backend=env.backend)
    try:
        for k in range(episodes):
            rng = np.random.default_rng(seed + k)
            traj, last = _episode(env, seed + k, rng)
            for i, step in enumerate(traj):
                obs, pos, mask = step[0], step[1], step[2]
                _check(env.observation_space.contains(obs), 'obs-in-space', f'episode {k} step {i}: {obs}')
                _check(mask.shape == (n,) and set(np.unique(mask)) <= {0, 1}, 'mask-in-info', f'{mask}')
                if i < len(traj) - 1:
                    legal = judge.act(pos).policy > 0  # random: uniform over the legal moves
                    _check(np.array_equal(legal.astype(np.int8), mask), 'masks-match-legal-moves',
                           f'episode {k} step {i} at {pos}: mask {mask}, legal {legal.astype(int)}')
                else:
                    _check(not mask.any(), 'masks-match-legal-moves', f'episode {k}: a mask after the end: {mask}')
                if i > 0:
                    _check(not (step[4] and step[5]), 'never-terminated-and-truncated', f'episode {k} step {i}')
            again, _ = _episode(env, seed + k, np.random.default_rng(seed + k))
            _check(len(again) == len(traj) and all(np.array_equal(a[0], b[0]) and a[1] == b[1] and a[3:] == b[3:]
                                                   for a, b in zip(traj, again)),
                   'seeds-reproduce', f'episode {k} (seed {seed + k}) differs on replay')
            try:
                env.step(0)
                _check(False, 'step-after-end-refused', 'a step after the end was accepted')
            except OwareError:
                pass
        obs, info = env.reset(seed=seed)
        illegal = np.flatnonzero(info['action_mask'] == 0)
        if len(illegal):
            try:
                env.step(int(illegal[0]))
                _check(False, 'illegal-action-refused', f'action {illegal[0]} accepted at {info["position"]}')
            except OwareError:
                pass
        try:
            env.step(n)
            _check(False, 'illegal-action-refused', f'action {n} (out of range) accepted')
        except OwareError:
            pass
    finally:
        judge.close()
    _check_zero_sum(env, seed)
    return list(CLAUSES)


def _check_zero_sum(env, seed):
    """Zero-sum: a two-player episode (no opponent) pays South and North opposite rewards at every step,
    checked on the lab's per-side rewards through the AEC env on the same backend and rules."""
    from .aec import OwareAECEnv
    aec = OwareAECEnv(rules=env._b.rules, env=env._b.env_options, backend=env.backend)
    try:
        aec.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for a in aec.agent_iter(10_000):
            obs, _, term, trunc, _ = aec.last()
            aec.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs['action_mask']))))
            _check(abs(sum(aec.rewards.values())) < 1e-6, 'zero-sum', f'{aec.rewards}')  # one side once it left
    finally:
        aec.close()
