"""The Oware RL lab from Python.

- :class:`OwareEnv`: Gymnasium's API (1.x), the learner against any lab agent spec;
- :class:`OwareAECEnv`: PettingZoo's AEC API, two learners;
- :class:`OwareVectorEnv`: N games per call, numpy in and out, on the lab's ``VectorEnv``;
- :func:`agent`: a lab agent as a Python callable, ``agent(spec).act(position)``;
- :func:`check_env`: the lab's env contract, clause by clause (beside Gymnasium's and PettingZoo's own
  checkers, which the envs pass).

With gymnasium installed, importing the package registers ``oware_lab/Oware-v0`` and
``oware_lab/OwareSelfPlay-v0`` (:mod:`oware_lab.registration`), and the envs subclass
``gymnasium.Env`` and ``gymnasium.vector.VectorEnv`` (``pettingzoo.AECEnv`` with pettingzoo).

Backends: ``jpype`` runs the lab's JVM in this process (the default where JPype and the lab's jars
are found: OWARE_CLASSPATH, or a checkout's ``cli/target``); ``subprocess`` drives ``oware jsonl --env``
(OWARE_CMD or the checkout's ``./oware``). Both give the same results. See docs/python.md.
"""
from .aec import OwareAECEnv
from .agents import Agent, agent
from .backends import Decision, choose as default_backend
from .checker import CLAUSES, check_env
from .errors import OwareError
from .gym_env import OwareEnv
from .vector import OwareVectorEnv

try:  # pragma: no cover - depends on the machine
    import gymnasium as _gymnasium  # noqa: F401
except ImportError:
    pass
else:
    from .registration import register_envs
    register_envs()

__all__ = ['OwareEnv', 'OwareAECEnv', 'OwareVectorEnv', 'Agent', 'agent', 'Decision', 'check_env', 'CLAUSES',
           'OwareError', 'default_backend']
