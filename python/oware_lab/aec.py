"""The two-player env with PettingZoo's AEC API: ``south`` and ``north`` take turns."""
import numpy as np

from . import _seeds, backends, spaces
from . import _guard  # closed, one thread at a time, refusing after a call cut short
from .backends import SIDES
from ._closing import Closing
from .errors import OwareError
from .gym_env import check_action, info_of, mask_array

try:  # pragma: no cover - depends on the machine
    from pettingzoo import AECEnv as _Base
except ImportError:
    _Base = object


class OwareAECEnv(Closing, _Base):
    """Oware for two learners, with PettingZoo's AEC API (``agents``, ``possible_agents``,
    ``agent_selection``, ``observe``, ``last``, ``step``, ``agent_iter``, ``rewards``,
    ``terminations``, ``truncations``, ``infos``).

    ``observe(agent)`` returns ``{"observation": ..., "action_mask": ...}`` as PettingZoo's classic
    games do. The observation is the lab's, canonical from the side to move; the action mask is all
    zero for the agent not to move. As PettingZoo does, a finished agent must be stepped with
    ``None`` before it leaves ``agents`` (and its entries leave ``rewards``, ``terminations``,
    ``truncations`` and ``infos``); that step clears ``rewards``. An illegal action raises OwareError
    with the rules' reason and leaves the game as it was (draw legal actions with
    ``action_space(agent).sample(mask)``).

    Spaces (the same objects at every call, Gymnasium's when it is importable):
    ``observation_space(agent)`` is ``Dict(observation=Box(0, 1, (size,), float32),
    action_mask=Box(0, 1, (6,), int8))``, ``action_space(agent)`` is ``Discrete(6)``. With
    pettingzoo installed the class is a ``pettingzoo.AECEnv``.
    """
    metadata = {'render_modes': ['ansi'], 'name': 'oware_v0', 'is_parallelizable': False}

    def __init__(self, rules='', env='', backend=None, render_mode=None):
        self._b = backends.open_env(backend, rules, env)
        self.backend = self._b.name
        self.render_mode = render_mode
        self.possible_agents = list(SIDES)
        n = self._b.action_count
        self._n = n
        self.observation_spaces = {a: spaces.dict_space(observation=spaces.box(0.0, 1.0, (self._b.observation_size,)),
                                                        action_mask=spaces.box(0, 1, (n,), np.int8)) for a in SIDES}
        self.action_spaces = {a: spaces.discrete(n) for a in SIDES}
        self.agents = []
        self._t = None
        self._next_seed = 0

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    @property
    def unwrapped(self):
        return self

    @_guard.resets
    def reset(self, seed=None, options=None):
        """Starts a game; ``seed`` as for the Gymnasium env; ``options`` may give a ``position`` (other
        keys are ignored, as PettingZoo's api_test expects)."""
        seed = self._next_seed if seed is None else _seeds.check_seed(seed)
        self._next_seed = (seed + 1) & _seeds.LONG_MAX
        position = (options or {}).get('position')
        self._t = self._b.reset(seed, position)
        self.agents = list(SIDES)
        self.rewards = {a: 0.0 for a in SIDES}
        self._cumulative_rewards = {a: 0.0 for a in SIDES}
        self.terminations = {a: False for a in SIDES}
        self.truncations = {a: False for a in SIDES}
        self._infos()
        self.agent_selection = SIDES[self._t.to_move]

    def _infos(self):
        info = info_of(self._t, self._n)
        self.infos = {a: dict(info) for a in self.agents}

    def observe(self, agent):
        mask = mask_array(self._t.mask, self._n) if SIDES[self._t.to_move] == agent and not self._t.done \
            else np.zeros(self._n, dtype=np.int8)
        return {'observation': self._t.observation.copy(), 'action_mask': mask}  # a copy: callers may edit it

    def last(self, observe=True):
        a = self.agent_selection
        return (self.observe(a) if observe else None, self._cumulative_rewards[a], self.terminations[a],
                self.truncations[a], self.infos[a])

    def agent_iter(self, max_iter=2 ** 63):
        """Yields ``agent_selection`` until every agent has left (at most ``max_iter`` times)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    @_guard.call
    def step(self, action):
        """Plays ``action`` for ``agent_selection``; a finished agent takes ``None`` and leaves."""
        if self._t is None:
            raise OwareError('step before reset: call reset(seed) first')
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            if action is not None:
                raise OwareError(f'the episode is over ({self._t.end_reason or "truncated at the ply cap"}): '
                                 f'step {agent} with None, then reset()')
            self._dead_step(agent)
            return
        if not self.agents:
            raise OwareError('the episode is over: call reset()')
        a = check_action(action, self._n)
        self._cumulative_rewards[agent] = 0.0
        t = self._b.step(a)
        self._t = t
        self.rewards = {'south': t.south, 'north': t.north}
        for s in SIDES:
            self._cumulative_rewards[s] += self.rewards[s]
            self.terminations[s] = t.terminated
            self.truncations[s] = t.truncated
        self._infos()
        self.agent_selection = SIDES[t.to_move] if not t.done else agent
        if t.done:  # the other agent sees the end first, then the mover
            self.agent_selection = SIDES[1 - SIDES.index(agent)]

    def _dead_step(self, agent):
        """PettingZoo's dead step: ``agent`` leaves, the next finished agent is selected, and no agent
        keeps a reward from the step before (PettingZoo's ``_was_dead_step``)."""
        for d in (self.terminations, self.truncations, self.rewards, self._cumulative_rewards, self.infos):
            del d[agent]
        self.agents.remove(agent)
        if self.agents:  # both sides end together: the other is finished too
            self.agent_selection = self.agents[0]
        for a in self.agents:
            self.rewards[a] = 0.0

    @_guard.call
    def render(self):
        """The board as text (``render_mode`` None or ``ansi``)."""
        return self._b.render()

    def close(self):
        _guard.closed(self)
        self._b.close()


def env(**kwargs):
    """PettingZoo's convention: ``oware_lab.aec.env()`` builds the AEC env."""
    return OwareAECEnv(**kwargs)
