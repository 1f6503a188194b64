"""The lab's agents as Python callables: ``agent(spec).act(position)``."""
from . import _seeds, backends
from . import _guard  # closed, one thread at a time, refusing after a call cut short
from ._closing import Closing
from .errors import OwareError


class Agent(Closing):
    """A lab agent (``random``, ``greedy``, ``alphabeta:depth=4``, ``puct:model=runs/q1,sims=200``, a
    UCI engine...). ``act(position)`` answers a :class:`~oware_lab.backends.Decision` (move, letter,
    value from the side to move, policy) for a position text (``4-4-4-4-4-4-4-4-4-4-4-4-0-0-S``, the
    start when None). Each call resets the agent with ``seed``, so answers depend only on the call
    (time limits excepted). Calling the object is ``act``. A bad spec raises OwareError at once."""

    def __init__(self, spec, rules='', backend=None, seed=0):
        self.spec, self.rules, self.seed = spec, rules, _seeds.check_seed(seed)
        self.backend = backends.choose(backend)
        if self.backend == 'jpype':
            backends._Jvm.start()
            J = backends._Jvm
            self._rules = backends.jpype_call(lambda: J.RuleSet.parse(rules))
            self._agent = backends.jpype_call(lambda: J.registry().create(spec, self._rules, 0))
            self._env = backends.jpype_call(lambda: J.FlatEnv(rules, ''))  # positions are checked as jsonl does
            self._io = None
        else:
            self._io = backends.Jsonl((spec,))
            try:
                self._io.request('reset', rules=rules, seed=0)
                self._io.request('check', agent=spec)  # refuses a bad spec now, as the in-process backend does
            except OwareError:
                self._io.close()
                raise

    @_guard.one_thread
    def act(self, position=None, seed=None):
        seed = self.seed if seed is None else _seeds.check_seed(seed)
        if self._io is None:
            if self._agent is None:
                raise OwareError('this agent is closed: make a new one')
            backends.jpype_call(lambda: self._env.reset(0) if position is None else self._env.reset(position, 0))
            return backends._decide(self._agent, self._env.board(), seed)
        self._io.request('reset', rules=self.rules, position=position, seed=0)
        r = self._io.request('agent', agent=self.spec, seed=seed)
        import numpy as np
        return backends.Decision(int(r['action']), r['move'], float(r['value']),
                                 np.asarray(r['policy'], dtype=np.float32))

    __call__ = act

    def close(self):
        if self._io is not None:
            self._io.close()
        elif getattr(self, '_agent', None) is not None:
            backends.close_agent(self._agent)
            self._agent = None


def agent(spec, rules='', backend=None, seed=0):
    """The lab agent of ``spec`` (see :class:`Agent`)."""
    return Agent(spec, rules, backend, seed)
