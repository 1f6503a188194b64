"""What every env of the package checks around each call, the same on both backends:

- a closed env refuses every call ("this environment is closed");
- one thread at a time: a call while another thread is inside one is refused at once, with a
  message, instead of interleaving two games' requests (the subprocess backend's pipe) or two
  threads' moves on one board (the in-process backend);
- a call cut short (Ctrl-C, or any exception but the lab's own refusal) may leave the lab's game
  ahead of what Python saw (the lab played the move, Python never read the reply), so the env then
  refuses every call but ``reset()`` and ``close()`` until a ``reset()`` succeeds.

The envs mark their methods with :func:`call` and :func:`resets`, and call :func:`closed` in
``close()``. The state lives in the object's ``_guard`` attribute, made on first use.
"""
import functools
import threading

from .errors import OwareError


class _State:
    def __init__(self):
        self.lock = threading.RLock()  # re-entrant: a guarded method may call another
        self.owner = None  # the thread inside a call and the call, as text; None outside any
        self.call = None  # the name of the outermost call running
        self.closed = False
        self.poisoned = None  # why the env refuses until reset(), or None


def _state(obj):
    s = obj.__dict__.get('_guard')
    if s is None:
        s = obj.__dict__.setdefault('_guard', _State())  # one state even if two threads get here at once
    return s


def closed(obj):
    """Marks ``obj`` closed: every later guarded call raises OwareError."""
    _state(obj).closed = True


def _guarded(fn, resets):
    name = fn.__name__

    @functools.wraps(fn)
    def wrapper(self, *args, **kwargs):
        s = _state(self)
        if s.closed:
            raise OwareError('this environment is closed: make a new one')
        if not s.lock.acquire(blocking=False):
            raise OwareError(f'this environment is in use by another thread ({s.owner}): an env serves one '
                             'thread at a time; give each thread its own env')
        try:
            outer = s.owner
            if s.poisoned and not resets:
                raise OwareError(f'this environment was {s.poisoned}, so the lab\'s game may be ahead of what '
                                 'Python saw: call reset()')
            if outer is None:
                s.owner, s.call = f'{threading.current_thread().name}, in {name}()', name
            try:
                result = fn(self, *args, **kwargs)
            except OwareError:
                raise  # the lab refused the request: it changed nothing
            except BaseException as e:
                s.poisoned = s.poisoned or f'interrupted during {s.call}() ({type(e).__name__})'
                raise
            if resets and outer is None:
                s.poisoned = None
            return result
        finally:
            if outer is None:
                s.owner = s.call = None
            s.lock.release()
    return wrapper


def call(fn):
    """A guarded env method: refused when closed, in use by another thread, or interrupted before."""
    return _guarded(fn, resets=False)


def resets(fn):
    """A guarded ``reset``: also taken after an interrupted call, which it ends when it succeeds."""
    return _guarded(fn, resets=True)


def poisons(fn):
    """A step of a call after which the lab's game has moved: any exception in it, the lab's refusals
    included (an opponent that fails after the learner's move), leaves the env refusing until reset()."""
    @functools.wraps(fn)
    def wrapper(self, *args, **kwargs):
        try:
            return fn(self, *args, **kwargs)
        except BaseException as e:
            s = _state(self)
            why = f'{type(e).__name__}: {e}' if str(e) else type(e).__name__
            s.poisoned = s.poisoned or f'interrupted during {s.call or fn.__name__}() ({why})'
            raise
    return wrapper


def one_thread(fn):
    """A method that refuses a second thread at once, as :func:`call` does, and nothing else (an
    agent's ``act``, which every call resets, so that an interrupted one leaves nothing behind)."""
    @functools.wraps(fn)
    def wrapper(self, *args, **kwargs):
        s = _state(self)
        if not s.lock.acquire(blocking=False):
            raise OwareError(f'this agent is in use by another thread ({s.owner}): an agent serves one thread '
                             'at a time; give each thread its own agent')
        try:
            outer = s.owner
            if outer is None:
                s.owner = f'{threading.current_thread().name}, in {fn.__name__}()'
            return fn(self, *args, **kwargs)
        finally:
            if outer is None:
                s.owner = None
            s.lock.release()
    return wrapper
