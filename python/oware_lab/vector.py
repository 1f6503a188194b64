"""N games stepped by one call, numpy in and out, on the lab's ``VectorEnv``.

With the JPype backend a batch crosses into Java once: the actions go in as one ``int[]``, and
``org.owarelab.env.bridge.FlatVectorEnv`` answers one ``float[]`` holding every sub-env's numbers and
observation. The subprocess backend follows the same episodes over ``oware jsonl --env``'s
``vreset``/``vstep`` ops: one JSON line per batch each way.
"""
import numpy as np

from . import _seeds, backends
from . import _guard  # closed, one thread at a time, refusing after a call cut short
from .backends import (CAPTURED, END_REASON, FIELDS, MASK, NORTH_REWARD, PLY, SOUTH_REWARD, SOUTH_SCORE,
                       NORTH_SCORE, TERMINATED, TO_MOVE, TRUNCATED)
from ._closing import Closing
from .errors import OwareError

NEXT_EPISODE = -1  # VectorEnv's child index for a sub-env's next episode seed


class OwareVectorEnv(Closing):
    """``num_envs`` two-player games in lock-step, self-play style: ``step(actions)`` plays
    ``actions[i]`` for the side to move in game ``i``. Games that end are reset at once (auto-reset),
    as Java's ``VectorEnv`` and Gymnasium's vector envs do.

    ``reset(seed)`` returns ``(obs, info)``; ``step(actions)`` returns ``(obs, rewards, terminated,
    truncated, info)`` with ``obs`` float32 ``(N, size)``, canonical from each game's side to move,
    ``rewards`` float32 ``(N,)`` the reward of the side that played ``actions[i]``, and
    ``terminated``/``truncated`` bool ``(N,)``. ``info``: ``action_mask`` int8 ``(N, n)``, ``to_move``
    int8 ``(N,)`` (0 South, 1 North), ``rewards`` ``(N, 2)`` per absolute side, and where a game ended:
    ``final_observation`` ``(N, size)``, ``episode_length``, ``final_scores`` ``(N, 2)``, ``end_reason``.
    Sub-env ``i`` of ``reset(seed)`` plays the episode a single env reset with the lab's child seed
    ``i`` of ``seed`` plays.
    """

    def __init__(self, num_envs, rules='', env='', backend=None):
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
            raise OwareError(f'num_envs {num_envs!r}: expected a whole number >= 1')
        self.num_envs = int(num_envs)
        name = backends.choose(backend)
        self._impl = _JPypeVector(self.num_envs, rules, env) if name == 'jpype' else \
            _SubprocessVector(self.num_envs, rules, env)
        self.backend = name
        self.observation_size = self._impl.size
        self.action_count = self._impl.n
        self._to_move = None
        self._next_seed = 0

    @_guard.resets
    def reset(self, seed=None, options=None):
        """Resets every game; without ``seed``, the previous seed plus 1 (0 at first), as the single env."""
        seed = self._next_seed if seed is None else _seeds.check_seed(seed)
        self._next_seed = (seed + 1) & _seeds.LONG_MAX
        rows = self._impl.reset(seed)
        obs, _, _, _, info = self._unpack(rows)
        return obs, info

    @_guard.call
    def step(self, actions):
        a = np.asarray(actions)
        if self._to_move is None:
            raise OwareError('vector env: step before reset: call reset(seed) first')
        if a.shape != (self.num_envs,) or not (np.issubdtype(a.dtype, np.integer)):
            raise OwareError(f'vector env: actions of shape {a.shape} and type {a.dtype}, expected {self.num_envs} '
                             f'ints')
        # The lab checks each action; one past an int32 would wrap around in the cast to a legal-looking one.
        bad = np.flatnonzero((a < np.iinfo(np.int32).min) | (a > np.iinfo(np.int32).max))
        if bad.size:
            i = int(bad[0])
            raise OwareError(f'vector env: sub-env {i}: action {a[i]}: expected an int 0..{self.action_count - 1}')
        movers = self._to_move
        rows = self._impl.step(a.astype(np.int32))
        obs, both, term, trunc, info = self._unpack(rows)
        rewards = np.where(movers == 0, both[:, 0], both[:, 1]).astype(np.float32)
        return obs, rewards, term, trunc, info

    def _unpack(self, rows):
        size, n = self._impl.size, self._impl.n
        obs = rows[:, FIELDS:FIELDS + size].copy()
        masks = rows[:, MASK].astype(np.int64)
        to_move = rows[:, TO_MOVE].astype(np.int8)
        term = rows[:, TERMINATED] != 0
        trunc = rows[:, TRUNCATED] != 0
        both = rows[:, [SOUTH_REWARD, NORTH_REWARD]].copy()
        info = {'action_mask': ((masks[:, None] >> np.arange(n)) & 1).astype(np.int8), 'to_move': to_move,
                'rewards': both, 'captured': rows[:, CAPTURED].astype(np.int32)}
        ended = term | trunc
        if ended.any():
            info['final_observation'] = self._impl.final_observations()
            info['episode_length'] = np.where(ended, rows[:, PLY], 0).astype(np.int32)
            info['final_scores'] = np.where(ended[:, None], rows[:, [SOUTH_SCORE, NORTH_SCORE]], 0).astype(np.int32)
            reasons = self._impl.end_reasons()
            names = [None] * self.num_envs
            for i in np.flatnonzero(ended):
                r = int(rows[i, END_REASON])
                names[i] = reasons[r] if r >= 0 else None
            info['end_reason'] = names
        self._to_move = to_move
        return obs, both, term, trunc, info

    def close(self):
        _guard.closed(self)
        self._impl.close()


class _JPypeVector:
    def __init__(self, count, rules, env):
        backends._Jvm.start()
        J = backends._Jvm
        self._flat = backends.jpype_call(lambda: J.FlatVectorEnv(rules, env, count))
        vec = self._flat.vector()
        self.size, self.n, self.count = int(vec.observationSize()), int(vec.config().rules().houses()), count
        self._actions = J.JArray(J.JInt)(count)

    def _rows(self, out):
        return np.frombuffer(memoryview(out), dtype=np.float32).reshape(self.count, FIELDS + self.size)

    def reset(self, seed):
        return self._rows(backends.jpype_call(lambda: self._flat.reset(seed)))

    def step(self, actions):
        self._actions[:] = actions
        return self._rows(backends.jpype_call(lambda: self._flat.step(self._actions)))

    def final_observations(self):
        return np.frombuffer(memoryview(self._flat.finalObservations()), dtype=np.float32).reshape(
            self.count, self.size).copy()

    def end_reasons(self):
        return backends._Jvm.end_reasons

    def close(self):
        pass


class _SubprocessVector:
    """The same lock-step games in one ``oware jsonl --env`` child process, through its ``vreset``
    and ``vstep`` ops (the lab's ``VectorEnv`` behind ``FlatVectorEnv``, as the JPype backend):
    one JSON line per batch each way, the rows as the JPype backend's array."""

    def __init__(self, count, rules, env):
        self._b = backends.SubprocessBackend(rules, env)
        self.size, self.n, self.count = self._b.observation_size, self._b.action_count, count
        self._rules, self._env = rules, env
        self._final = np.zeros((count, self.size), dtype=np.float32)
        self._reasons = None

    def _rows(self, r):
        rows = np.asarray(r['rows'], dtype=np.float32).reshape(self.count, FIELDS + self.size)
        if 'final' in r:
            self._final = np.asarray(r['final'], dtype=np.float32).reshape(self.count, self.size)
        return rows

    def reset(self, seed):
        r = self._b.request('vreset', count=self.count, rules=self._rules, env=self._env, seed=int(seed))
        self._reasons = list(r['endReasons'])
        return self._rows(r)

    def step(self, actions):
        return self._rows(self._b.request('vstep', actions=[int(a) for a in actions]))

    def final_observations(self):
        return self._final.copy()

    def end_reasons(self):
        return self._reasons

    def close(self):
        self._b.close()
