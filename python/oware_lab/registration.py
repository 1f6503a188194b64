"""The package's Gymnasium ids, registered when ``oware_lab`` is imported with gymnasium installed.

- ``oware_lab/Oware-v0``: :class:`~oware_lab.OwareEnv`, the learner against a lab agent
  (``gymnasium.make('oware_lab/Oware-v0', opponent='greedy')``); ``gymnasium.make_vec`` of it is
  Gymnasium's ``SyncVectorEnv`` (or ``AsyncVectorEnv``) of such envs.
- ``oware_lab/OwareSelfPlay-v0``: both sides by one learner. ``make`` gives ``OwareEnv(opponent=None)``
  (each step plays the side to move; the reward is the mover's); ``make_vec`` gives
  :class:`~oware_lab.OwareVectorEnv`, the same lock-step games on the lab's Java ``VectorEnv``.

``gymnasium.make('oware_lab:oware_lab/Oware-v0')`` imports the package first (Gymnasium's
``module:id`` form), so it works in a fresh interpreter. The package also declares
:func:`register_envs` under the ``gymnasium.envs`` entry point group, which Gymnasium 0.26-0.29
read at import; Gymnasium 1.x no longer reads that group.
"""

OWARE = 'oware_lab/Oware-v0'
SELF_PLAY = 'oware_lab/OwareSelfPlay-v0'
IDS = (OWARE, SELF_PLAY)


def make_vector(num_envs=1, opponent=None, render_mode=None, rules='', env='', backend=None, copy=True):
    """``gymnasium.make_vec``'s vector entry point of ``oware_lab/OwareSelfPlay-v0`` (which passes the
    id's ``opponent=None``): an :class:`~oware_lab.OwareVectorEnv`."""
    from .errors import OwareError
    from .vector import OwareVectorEnv
    if opponent is not None:
        raise OwareError(f"{SELF_PLAY}: opponent {opponent!r}: expected None (both sides are the learner's); "
                         f"gymnasium.make_vec('{OWARE}', opponent=...) plays an opponent")
    if render_mode is not None:
        raise OwareError(f'{SELF_PLAY}: render_mode {render_mode!r}: expected None (the vector env does not render)')
    return OwareVectorEnv(num_envs, rules=rules, env=env, backend=backend, copy=copy)


def register_envs():
    """Registers :data:`IDS` with Gymnasium (once: a second call changes nothing)."""
    import gymnasium
    if OWARE not in gymnasium.registry:
        gymnasium.register(OWARE, entry_point='oware_lab.gym_env:OwareEnv')
    if SELF_PLAY not in gymnasium.registry:
        gymnasium.register(SELF_PLAY, entry_point='oware_lab.gym_env:OwareEnv', kwargs={'opponent': None},
                           vector_entry_point='oware_lab.registration:make_vector')
