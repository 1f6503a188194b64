"""N games stepped by one call, numpy in and out, on the lab's ``VectorEnv``.

With the JPype backend a batch crosses into Java once and no array crosses at all: the actions,
observations, masks, rewards and flags live in one numpy block that Java sees as a direct
``ByteBuffer`` (``org.owarelab.protocol.bridge.DirectVectorEnv``); Python writes the actions into it,
calls ``step()``, and reads each part as a numpy view. The subprocess backend follows the same
episodes over ``oware jsonl --env``'s ``vreset``/``vstep`` ops: one JSON line per batch each way.
"""
import numpy as np

from . import _seeds, backends, spaces
from . import _guard  # closed, one thread at a time, refusing after a call cut short
from .backends import (CAPTURED, END_REASON, FIELDS, MASK, NORTH_REWARD, PLY, SOUTH_REWARD, SOUTH_SCORE,
                       NORTH_SCORE, TERMINATED, TO_MOVE, TRUNCATED)
from ._closing import Closing
from .errors import OwareError

try:  # pragma: no cover - depends on the machine
    import gymnasium as _gym
    from gymnasium.vector import AutoresetMode as _AutoresetMode
    from gymnasium.vector.utils import batch_space as _batch_space
    _Base = _gym.vector.VectorEnv
    _SAME_STEP = _AutoresetMode.SAME_STEP
except ImportError:
    _gym = None
    _Base = object
    _SAME_STEP = 'same-step'

NEXT_EPISODE = -1  # VectorEnv's child index for a sub-env's next episode seed
_INT64_MAX = int(np.iinfo(np.int64).max)
_INT32_MIN, _INT32_MAX = int(np.iinfo(np.int32).min), int(np.iinfo(np.int32).max)

class OwareVectorEnv(Closing, _Base):
    """``num_envs`` two-player games in lock-step, self-play style: ``step(actions)`` plays
    ``actions[i]`` for the side to move in game ``i``. Games that end are reset at once, in the same
    step (Gymnasium's ``AutoresetMode.SAME_STEP``, declared in ``metadata["autoreset_mode"]``), as
    Java's ``VectorEnv`` does. With gymnasium installed the class is a ``gymnasium.vector.VectorEnv``.

    ``reset(seed)`` returns ``(obs, info)``; ``step(actions)`` returns ``(obs, rewards, terminated,
    truncated, info)`` with ``obs`` float32 ``(N, size)``, canonical from each game's side to move
    (after an end: the next episode's first), ``rewards`` float32 ``(N,)`` the reward of the side that
    played ``actions[i]``, and ``terminated``/``truncated`` bool ``(N,)``. ``info``: ``action_mask``
    int8 ``(N, n)``, ``to_move`` int8 ``(N,)`` (0 South, 1 North: whose turn it is now), ``rewards``
    ``(N, 2)`` per absolute side, ``captured`` ``(N,)``, and where a game ended: ``final_obs`` (also
    ``final_observation``) ``(N, size)`` with ``_final_obs`` bool ``(N,)`` marking the rows that ended,
    ``episode_length``, ``final_scores`` ``(N, 2)``, ``end_reason`` (a list, None where running).
    Sub-env ``i`` of ``reset(seed)`` plays the episode a single env reset with the lab's child seed
    ``i`` of ``seed`` plays. Arrays returned are the caller's own (copies) by default.

    ``copy=False`` (as Gymnasium's own vector envs offer): the arrays that ``reset`` and ``step``
    return, the info's included (``_final_obs`` and ``end_reason`` aside), are read-only views of
    the env's buffers, overwritten by the next ``step`` or ``reset``: no copy per step, but copy what
    you keep past the next call. The subprocess backend returns fresh arrays either way.

    Spaces: ``single_observation_space`` Box(0, 1, (size,)), ``single_action_space`` Discrete(n),
    ``observation_space`` and ``action_space`` their batched forms (Box (N, size), MultiDiscrete).
    An illegal action raises OwareError naming the sub-env, and no game moves.
    """
    metadata = {'autoreset_mode': _SAME_STEP, 'render_modes': []}

    def __init__(self, num_envs, rules='', env='', backend=None, copy=True):
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
            raise OwareError(f'num_envs {num_envs!r}: expected a whole number >= 1')
        self.num_envs = int(num_envs)
        name = backends.choose(backend)
        self._impl = _JPypeVector(self.num_envs, rules, env) if name == 'jpype' else \
            _SubprocessVector(self.num_envs, rules, env)
        self.backend = name
        self.copy = bool(copy)
        self.observation_size = self._impl.size
        self.action_count = self._impl.n
        self.single_observation_space = spaces.box(0.0, 1.0, (self._impl.size,))
        self.single_action_space = spaces.discrete(self._impl.n)
        if _gym is not None:
            self.observation_space = _batch_space(self.single_observation_space, self.num_envs)
            self.action_space = _batch_space(self.single_action_space, self.num_envs)
        self.render_mode = None
        self.closed = False
        self._to_move = None
        self._next_seed = 0
        self._names = None

    @_guard.resets
    def reset(self, seed=None, options=None):
        """Resets every game; without ``seed``, the previous seed plus 1 (0 at first), as the single env.
        ``options`` are not used."""
        seed = self._next_seed if seed is None else _seeds.check_seed(seed)
        if _gym is not None:
            super().reset(seed=seed)
        self._next_seed = (seed + 1) & _seeds.LONG_MAX
        self._impl.reset(seed)
        obs, _, _, _, info = self._result()
        return obs, info

    @_guard.call
    def step(self, actions):
        a = np.asarray(actions)
        if self._to_move is None:
            raise OwareError('vector env: step before reset: call reset(seed) first')
        if a.shape != (self.num_envs,) or a.dtype.kind not in 'iu':
            raise OwareError(f'vector env: actions of shape {a.shape} and type {a.dtype}, expected {self.num_envs} '
                             f'ints')
        # The lab checks each action, as 64-bit ints (JPype) or JSON numbers (subprocess); only a uint64
        # past int64 would wrap around on the way in.
        if a.dtype == np.uint64 and a.max() > _INT64_MAX:
            i = int(np.flatnonzero(a > _INT64_MAX)[0])
            raise OwareError(f'vector env: sub-env {i}: action {a[i]}: expected an int 0..{self.action_count - 1}')
        self._impl.step(a)
        return self._result()

    def _result(self):
        """The step's arrays (with ``copy``, the caller's own: the backend's snapshot) and the info dict."""
        (obs, mover, term, trunc, to_move, masks, both, captured, final, lengths, scores,
         codes) = self._impl.snapshot(self.copy)
        info = {'action_mask': masks, 'to_move': to_move, 'rewards': both, 'captured': captured}
        ended = term | trunc
        rows = np.flatnonzero(ended)
        if rows.size:
            info['final_obs'] = info['final_observation'] = final
            info['_final_obs'] = ended
            info['episode_length'] = lengths
            info['final_scores'] = scores
            names = self._names
            if names is None or len(names) != len(self._impl.end_reasons()) + 1:
                # The reasons' texts by ordinal, and None (ordinal -1: still running) last.
                names = self._names = list(self._impl.end_reasons()) + [None]
            # None where running, filled in for the few rows that ended (cheaper than a list of all N codes)
            reasons = [None] * self.num_envs
            for i, c in zip(rows.tolist(), codes[rows].tolist()):
                reasons[i] = names[c]
            info['end_reason'] = reasons
        self._to_move = to_move
        return obs, mover, term, trunc, info

    def close(self, **kwargs):
        _guard.closed(self)
        self._impl.close()
        self.closed = True


class _JPypeVector:
    """The block that Java's ``DirectVectorEnv`` writes, and numpy views of its parts."""

    def __init__(self, count, rules, env):
        backends._Jvm.start()
        J = backends._Jvm
        import jpype
        D = jpype.JClass('org.owarelab.protocol.bridge.DirectVectorEnv')
        self._d = backends.jpype_call(lambda: D(rules, env, count))
        vec = self._d.vector()
        self.size, self.n, self.count = int(vec.observationSize()), int(vec.config().rules().houses()), count
        self._block = np.zeros(int(self._d.bytes()), dtype=np.uint8)  # owned here, kept alive with self
        self._d.attach(jpype.nio.convertToDirectBuffer(self._block))

        def part(p, dtype, *shape):
            at, k = int(self._d.offset(p)), int(self._d.length(p))
            return self._block[at:at + k * np.dtype(dtype).itemsize].view(dtype).reshape(shape or (k,))
        c, s = count, self.size
        self._actions = part(D.ACTIONS, np.int64)
        self.observations = part(D.OBSERVATIONS, np.float32, c, s)
        self.final_observations = part(D.FINAL_OBSERVATIONS, np.float32, c, s)
        self.rewards = part(D.REWARDS, np.float32, c, 2)
        self.mover_rewards = part(D.MOVER_REWARDS, np.float32)
        self.captured = part(D.CAPTURED, np.int32)
        self.episode_lengths = part(D.EPISODE_LENGTHS, np.int32)
        self.final_scores = part(D.FINAL_SCORES, np.int32, c, 2)
        self.end_codes = part(D.END_REASONS, np.int32)
        self.masks = part(D.MASKS, np.int8, c, self.n)
        self.to_move = part(D.TO_MOVE, np.int8)
        self.terminated = part(D.TERMINATED, np.bool_)
        self.truncated = part(D.TRUNCATED, np.bool_)
        self._step = self._d.step
        # The parts a step answers, in snapshot()'s order, as (offset, dtype, shape) into the block.
        self._layout = [(int(self._d.offset(p)), np.dtype(t), shape) for p, t, shape in (
            (D.OBSERVATIONS, np.float32, (c, s)), (D.MOVER_REWARDS, np.float32, (c,)), (D.TERMINATED, np.bool_, (c,)),
            (D.TRUNCATED, np.bool_, (c,)), (D.TO_MOVE, np.int8, (c,)), (D.MASKS, np.int8, (c, self.n)),
            (D.REWARDS, np.float32, (c, 2)), (D.CAPTURED, np.int32, (c,)), (D.FINAL_OBSERVATIONS, np.float32, (c, s)),
            (D.EPISODE_LENGTHS, np.int32, (c,)), (D.FINAL_SCORES, np.int32, (c, 2)), (D.END_REASONS, np.int32, (c,)))]
        self._from = int(self._d.offset(D.OBSERVATIONS))
        # The same parts as the fields of one structured record over a copy of the block past the
        # actions: a copy's views are then a field look-up each (cheaper than an ndarray each).
        names = [f'p{k}' for k in range(len(self._layout))]
        self._record = np.dtype({'names': names, 'formats': [(t, shape) for _, t, shape in self._layout],
                                 'offsets': [off - self._from for off, _, _ in self._layout],
                                 'itemsize': self._block.nbytes - self._from})
        self._fields = tuple(names)
        # The same parts as read-only views of the live block, for copy=False.
        self._views = tuple(np.ndarray(shape, dtype, self._block, off) for off, dtype, shape in self._layout)
        for v in self._views:
            v.flags.writeable = False

    def snapshot(self, copy=True):
        """Every part of the last step as arrays of their own: one copy of the block (past the
        actions) and views into that copy, which no later step overwrites; without ``copy``, the
        read-only views of the live block (the same objects at every step)."""
        if not copy:
            return self._views
        record = np.ndarray((), self._record, self._block[self._from:].copy())
        return tuple(record[f] for f in self._fields)

    def reset(self, seed):
        backends.jpype_call(lambda: self._d.reset(seed))

    def step(self, actions):
        self._actions[:] = actions
        backends.jpype_call(self._step)

    def end_reasons(self):
        return backends._Jvm.end_reasons

    def close(self):
        pass


class _SubprocessVector:
    """The same lock-step games in one ``oware jsonl --env`` child process, through its ``vreset``
    and ``vstep`` ops (the lab's ``VectorEnv`` behind ``FlatVectorEnv``): one JSON line per batch
    each way, its rows split into the same arrays as the JPype backend's views."""

    def __init__(self, count, rules, env):
        self._b = backends.SubprocessBackend(rules, env)
        self.size, self.n, self.count = self._b.observation_size, self._b.action_count, count
        self._rules, self._env = rules, env
        self.final_observations = np.zeros((count, self.size), dtype=np.float32)
        self._reasons = None
        self.to_move = np.zeros(count, dtype=np.int8)

    def _rows(self, r, stepped):
        rows = np.asarray(r['rows'], dtype=np.float32).reshape(self.count, FIELDS + self.size)
        if 'final' in r:
            self.final_observations = np.asarray(r['final'], dtype=np.float32).reshape(self.count, self.size)
        movers = self.to_move
        self.observations = rows[:, FIELDS:FIELDS + self.size]
        masks = rows[:, MASK].astype(np.int64)
        self.masks = ((masks[:, None] >> np.arange(self.n)) & 1).astype(np.int8)
        self.to_move = rows[:, TO_MOVE].astype(np.int8)
        self.terminated = rows[:, TERMINATED] != 0
        self.truncated = rows[:, TRUNCATED] != 0
        self.rewards = rows[:, [SOUTH_REWARD, NORTH_REWARD]]
        self.mover_rewards = np.where(movers == 0, self.rewards[:, 0], self.rewards[:, 1]).astype(np.float32) \
            if stepped else np.zeros(self.count, dtype=np.float32)
        self.captured = rows[:, CAPTURED].astype(np.int32)
        ended = self.terminated | self.truncated
        self.episode_lengths = np.where(ended, rows[:, PLY], 0).astype(np.int32)
        self.final_scores = np.where(ended[:, None], rows[:, [SOUTH_SCORE, NORTH_SCORE]], 0).astype(np.int32)
        self.end_codes = np.where(ended, rows[:, END_REASON], -1).astype(np.int32)

    def reset(self, seed):
        r = self._b.request('vreset', count=self.count, rules=self._rules, env=self._env, seed=int(seed))
        self._reasons = list(r['endReasons'])
        self._rows(r, False)

    def step(self, actions):
        # The protocol takes int32 actions: one past them is named here as the JPype backend's Java names it.
        bad = np.flatnonzero((actions < _INT32_MIN) | (actions > _INT32_MAX))
        if bad.size:
            i = int(bad[0])
            raise OwareError(f'vector env: sub-env {i}: action {actions[i]}: expected an int 0..{self.n - 1}')
        self._rows(self._b.request('vstep', actions=[int(a) for a in actions]), True)

    def snapshot(self, copy=True):
        """Every part of the last step as arrays of their own, ``copy`` or not (most are made anew at
        each step; those the next step reads or may keep are copied)."""
        return (self.observations.copy(), self.mover_rewards, self.terminated, self.truncated, self.to_move.copy(),
                self.masks, self.rewards.copy(), self.captured, self.final_observations.copy(), self.episode_lengths,
                self.final_scores, self.end_codes)

    def end_reasons(self):
        return self._reasons

    def close(self):
        self._b.close()
