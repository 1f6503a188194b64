"""The single-agent env with Gymnasium's API (1.x): the learner plays one seat, a lab agent the other."""
import numbers

import numpy as np

from . import _seeds, backends, spaces
from . import _guard  # closed, one thread at a time, refusing after a call cut short
from .backends import SIDES
from ._closing import Closing
from .errors import OwareError

try:  # pragma: no cover - depends on the machine
    import gymnasium as _gym
    _Base = _gym.Env
except ImportError:
    _gym = None
    _Base = object

OPPONENT_SEED, SEAT_SEED = 1, 2


def opponent_seed(episode_seed, ply):
    """The seed an opponent is reset with before choosing the move at ``ply`` of an episode: derived
    from the episode seed only, so the same seed and actions give the same episode on both backends."""
    return _seeds.non_negative(_seeds.child(_seeds.child(episode_seed, OPPONENT_SEED), ply))


def mask_array(mask, n):
    """A legal mask (bit ``a`` = action ``a``) as an int8 array of ``n`` zeros and ones."""
    return ((mask >> np.arange(n)) & 1).astype(np.int8)


def info_of(step, n):
    """The info dict of a time step: ``action_mask`` and everything the lab reports."""
    return {'action_mask': mask_array(step.mask, n), 'to_move': SIDES[step.to_move], 'ply': step.ply,
            'south_store': step.stores[0], 'north_store': step.stores[1], 'south_score': step.scores[0],
            'north_score': step.scores[1], 'captured': step.captured, 'end_reason': step.end_reason,
            'position': step.position}


def check_action(action, n):
    """The action as an int, or OwareError naming it and the expected range."""
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, numbers.Integral):
        if not (isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer)):
            raise OwareError(f'action {action!r}: expected an int 0..{n - 1}')
    a = int(action)
    if not 0 <= a < n:
        raise OwareError(f'action {a}: expected an int 0..{n - 1}')
    return a


class OwareEnv(Closing, _Base):
    """Oware against a lab agent, with Gymnasium's API.

    ``opponent`` is any lab agent spec (``random``, ``greedy``, ``alphabeta:depth=4``,
    ``puct:model=runs/q1,sims=200``, a UCI engine); ``seat`` is ``south``, ``north`` or ``random``
    (drawn from each episode's seed). Observations are the lab's encoding, canonical from the side to
    move (the learner's, except at the end); ``reward`` is the learner's, summed over its move and the
    opponent's replies; ``info["action_mask"]`` marks the legal actions (all zero once the episode is
    over). ``backend`` is ``jpype`` (in-process), ``subprocess`` (``oware jsonl --env``) or None (JPype
    when available). ``rules`` and ``env`` are the lab's rule variants and env options (``oware rules``,
    docs/environment.md), e.g. ``env="reward=margin,ply-cap=200"``.
    """
    metadata = {'render_modes': ['ansi'], 'render_fps': 1}

    def __init__(self, opponent='random', seat='south', rules='', env='', backend=None, render_mode=None):
        if seat not in ('south', 'north', 'random'):
            raise ValueError(f"seat {seat!r}: expected 'south', 'north' or 'random'")
        if render_mode not in (None, 'ansi'):
            raise ValueError(f"render_mode {render_mode!r}: expected None or 'ansi'")
        self.opponent, self.seat, self.render_mode = opponent, seat, render_mode
        name = backends.choose(backend)
        if name == 'jpype':
            self._b = backends.JPypeBackend(rules, env)
        else:
            self._b = backends.SubprocessBackend(rules, env, specs=(opponent,))
        self.backend = self._b.name
        n = self._b.action_count
        self.observation_space = spaces.box(0.0, 1.0, (self._b.observation_size,))
        self.action_space = spaces.discrete(n)
        self._next_seed = 0
        self._last = None
        self.agent_side = 0
        self.episode_seed = None
        if opponent is not None:
            try:  # a bad spec is refused now, with the lab's message
                self._b.reset(0)
                self._b.check_agent(opponent)  # builds it (every value checked) without a search
            except Exception:
                self._b.close()
                raise

    @_guard.resets
    def reset(self, *, seed=None, options=None):
        """Starts an episode; returns ``(observation, info)``. ``seed`` (0..2^63-1) fixes the episode
        (with the same actions, the same game); without it the next seed is the last one plus 1, from 0.
        ``options``: ``{"position": "4-4-...-0-0-S"}`` to start from a position (no random opening)."""
        if seed is not None:
            seed = _seeds.check_seed(seed)
        if _gym is not None:  # seeds Gymnasium's np_random (the env draws nothing from it: the lab's seed rules)
            super().reset(seed=seed)
        if seed is None:
            seed = self._next_seed
        self._next_seed = (seed + 1) & _seeds.LONG_MAX
        position = None
        for k, v in (options or {}).items():
            if k != 'position':
                raise OwareError(f"option {k!r}: expected 'position'")
            position = v
        self.episode_seed = seed
        if self.seat == 'random':
            self.agent_side = _seeds.child(seed, SEAT_SEED) & 1
        else:
            self.agent_side = SIDES.index(self.seat)
        t = self._b.reset(seed, position)
        t, _ = self._opponent_moves(t)
        self._last = t
        return t.observation, info_of(t, self.action_space.n)

    @_guard.call
    def step(self, action):
        """Plays ``action`` (the learner's house from its left, 0..5) and the opponent's replies;
        returns ``(observation, reward, terminated, truncated, info)``. Raises OwareError for an
        illegal action (the rules' reason) and for a step after the end or before a reset."""
        t = self._last
        if t is None:
            raise OwareError('step before reset: call reset(seed) first')
        if t.done:
            raise OwareError(f'the episode is over ({t.end_reason or "truncated at the ply cap"}): call reset()')
        a = check_action(action, self.action_space.n)
        mover = t.to_move if self.opponent is None else self.agent_side
        t = self._b.step(a)
        reward = t.reward(mover)
        t, extra = self._opponent_moves(t, mover)
        self._last = t
        return t.observation, float(reward + extra), t.terminated, t.truncated, info_of(t, self.action_space.n)

    @_guard.poisons
    def _opponent_moves(self, t, side=None):
        """Lets the opponent move until the learner's turn or the end; returns the step and the reward
        the learner's ``side`` got meanwhile."""
        side = self.agent_side if side is None else side
        got = 0.0
        while self.opponent is not None and not t.done and t.to_move != self.agent_side:
            d = self._b.agent_move(self.opponent, opponent_seed(self.episode_seed, t.ply))
            t = self._b.step(d.move)
            got += t.reward(side)
        return t, got

    def action_masks(self):
        """The legal actions now as an int8 array (sb3-contrib's MaskablePPO reads this method)."""
        return mask_array(self._last.mask if self._last else 0, self.action_space.n)

    @_guard.call
    def render(self):
        """The board drawn as text from South's seat, with who is to move or how the game ended."""
        return self._b.render()

    def close(self):
        _guard.closed(self)
        self._b.close()

    if _gym is None:  # gymnasium.Env has these
        @property
        def unwrapped(self):
            return self

        spec = None

