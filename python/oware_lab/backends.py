"""The two ways to reach the lab's Java environment, behind one small interface.

``JPypeBackend`` runs the JVM inside this Python process (Debian's ``python3-jpype``) and calls
``org.owarelab.protocol.bridge.FlatEnv``: one call per step, one ``float[]`` back. ``SubprocessBackend``
starts ``oware jsonl --env`` and exchanges one JSON line per request. Both answer the same
:class:`Step` values and raise :class:`OwareError` with the lab's message; every rule decision is
the Java side's (this package re-implements none).
"""
import json
import os
import shlex
import time
import subprocess
import tempfile
from dataclasses import dataclass

import numpy as np

from . import paths
from .errors import OwareError

SIDES = ('south', 'north')
# Indices of org.owarelab.protocol.bridge.FlatEnv's layout (a test checks them against the Java constants).
SOUTH_REWARD, NORTH_REWARD, MASK, TO_MOVE, TERMINATED, TRUNCATED, PLY = 0, 1, 2, 3, 4, 5, 6
SOUTH_STORE, NORTH_STORE, SOUTH_SCORE, NORTH_SCORE, CAPTURED, END_REASON, FIELDS = 7, 8, 9, 10, 11, 12, 13


@dataclass
class Step:
    """One time step of the two-player game, as the lab's ``TimeStep``: the observation is canonical
    from ``to_move``; ``south``/``north`` are the step's rewards per absolute side (zero-sum)."""
    observation: np.ndarray
    mask: int
    to_move: int
    south: float
    north: float
    terminated: bool
    truncated: bool
    ply: int
    stores: tuple
    scores: tuple
    captured: int
    end_reason: object
    position: str

    def reward(self, side):
        return self.south if side == 0 else self.north

    @property
    def done(self):
        return self.terminated or self.truncated


@dataclass
class Decision:
    """An agent's answer: ``move`` (the mover's house from its left), its ``letter``, ``value`` in
    [-1, 1] from the side to move, and ``policy`` (one probability per action)."""
    move: int
    letter: str
    value: float
    policy: np.ndarray


def choose(backend=None):
    """The backend name to use: ``backend`` if given, else OWARE_BACKEND, else ``jpype`` when JPype
    imports and the lab's jars are found, else ``subprocess``."""
    name = backend or os.environ.get('OWARE_BACKEND')
    if name:
        if name not in ('jpype', 'subprocess'):
            raise ValueError(f"backend {name!r}: expected 'jpype' or 'subprocess'")
        return name
    try:
        import jpype  # noqa: F401
        paths.class_path()
        return 'jpype'
    except (ImportError, FileNotFoundError):
        return 'subprocess'


def open_env(backend=None, rules='', env=''):
    """A single-env backend object for the rules and env options."""
    return JPypeBackend(rules, env) if choose(backend) == 'jpype' else SubprocessBackend(rules, env)


# ---------------------------------------------------------------------------------------------------
# In-process: JPype


class _Jvm:
    """The JVM of this process (started once; JPype cannot restart it) and the lab classes used."""
    started = False

    @classmethod
    def start(cls):
        if cls.started:
            return
        import jpype
        if not jpype.isJVMStarted():
            opts = shlex.split(os.environ.get('OWARE_JAVA_OPTS', ''))
            root = paths.repo_root()
            if root is not None and not os.environ.get('OWARE_CLASSPATH'):
                _rebuild_if_stale(root)
            if root is not None and not any(o.startswith('-Doware.home=') for o in opts):
                # The shipped players (players/strong) are found under the checkout, as the launcher
                # finds them, whatever directory Python runs in.
                opts.append(f'-Doware.home={root}')
            # interrupt=False: Ctrl-C stays Python's (KeyboardInterrupt), where JPype's default for a
            # script lets the JVM's own handler end the process (exit 130) with no except or finally run.
            jpype.startJVM(*opts, '-Djava.awt.headless=true', classpath=_support_jar(jpype) + paths.class_path(),
                           convertStrings=True, interrupt=False)
        pkg = jpype.JPackage('org').owarelab
        cls.FlatEnv = jpype.JClass('org.owarelab.protocol.bridge.FlatEnv')
        cls.FlatVectorEnv = jpype.JClass('org.owarelab.protocol.bridge.FlatVectorEnv')
        cls.Texts = jpype.JClass('org.owarelab.util.Texts')
        cls.RuleSet = jpype.JClass('org.owarelab.rules.RuleSet')
        cls.Board = jpype.JClass('org.owarelab.rules.Board')
        cls.Position = jpype.JClass('org.owarelab.rules.Position')
        cls.Moves = jpype.JClass('org.owarelab.rules.Moves')
        cls.BackgroundDecision = jpype.JClass('org.owarelab.agents.BackgroundDecision')
        cls.Thread = jpype.JClass('java.lang.Thread')
        cls.InterruptedException = jpype.JClass('java.lang.InterruptedException')
        cls.JInt = jpype.JInt
        cls.JArray = jpype.JArray
        cls.JException = jpype.JException
        cls.end_reasons = [str(s) for s in cls.FlatEnv.endReasons()]
        cls.pkg = pkg
        cls._registry = None
        cls.started = True

    @classmethod
    def registry(cls):
        """The lab's agent registry (built-in agents, ``puct:model=``, ``puct:onnx=``, UCI engines), built on
        first use; from an installed wheel's jars, the DJL-free one (``puct:onnx=``, ``strong`` over ONNX)."""
        if cls._registry is None:
            if paths.use_packaged():
                # the wheel's jars hold no DJL: the registry over ONNX Runtime, strong as an exported bundle
                import jpype
                home = jpype.JClass('java.io.File')(str(paths.packaged())).toPath()
                cls._registry = jpype_call(lambda: cls.pkg.export.PortableAgents.registry(home))
            else:
                cls._registry = jpype_call(lambda: cls.pkg.model.ModelAgents.registry())
        return cls._registry


def _rebuild_if_stale(root):
    """Rebuilds the checkout's jars with its launcher (``oware --version``) when a source is newer than
    them (after a ``git pull`` or an edit), as the subprocess backend's ``./oware`` does, so that the
    in-process backend never runs older Java code than the other."""
    stale = paths.stale_source(root)
    if stale is None:
        return
    import sys
    print(f'oware_lab: {stale} is newer than the lab\'s jars: rebuilding them with {root}/oware (a minute or '
          'two)', file=sys.stderr, flush=True)
    r = subprocess.run([str(root / 'oware'), '--version'], capture_output=True, text=True)
    if r.returncode != 0:
        raise OwareError(f'rebuilding the lab with {root}/oware failed (exit {r.returncode}): '
                         f'{(r.stdout + r.stderr).strip()[-2000:]}')


def _support_jar(jpype):
    """JPype's own Java classes (``org.jpype.jar``) when they sit apart from the module: Debian's
    python3-jpype 1.4 installs them in /usr/share/java and its ``startJVM`` then fails with
    ``ClassNotFoundException: org.jpype.classloader.DynamicClassLoader`` unless they are on the class
    path. A pip-installed JPype keeps the jar beside the module and finds it itself."""
    beside = os.path.join(os.path.dirname(os.path.dirname(jpype.__file__)), 'org.jpype.jar')
    if os.path.isfile(beside):
        return []
    debian = '/usr/share/java/org.jpype.jar'
    return [debian] if os.path.isfile(debian) else []


def jpype_call(fn):
    """Calls ``fn``, turning a Java exception into OwareError with the lab's one-line reason."""
    try:
        return fn()
    except _Jvm.JException as e:
        raise OwareError(str(_Jvm.Texts.reason(e))) from None


class JPypeBackend:
    """The env inside this process through ``FlatEnv``."""
    name = 'jpype'

    def __init__(self, rules='', env=''):
        _Jvm.start()
        self.rules, self.env_options = rules, env
        self._env = jpype_call(lambda: _Jvm.FlatEnv(rules, env))
        self._rules = self._env.env().config().rules()
        self.observation_size = int(self._env.env().observationSize())
        self.action_count = int(self._env.env().actionCount())
        self._agents = {}

    def _step(self, out):
        a = np.frombuffer(memoryview(out), dtype=np.float32)
        r = a[END_REASON]
        end = FIELDS + self.observation_size
        # The position text from its numbers (houses in order, stores, side): Position.text()'s format;
        # the tests compare it with the subprocess backend's, which is Java's text.
        houses = '-'.join(str(int(h)) for h in a[end:])
        position = f'{houses}-{int(a[SOUTH_STORE])}-{int(a[NORTH_STORE])}-{"SN"[int(a[TO_MOVE])]}'
        return Step(a[FIELDS:end].copy(), int(a[MASK]), int(a[TO_MOVE]), float(a[SOUTH_REWARD]), float(a[NORTH_REWARD]),
                    bool(a[TERMINATED]), bool(a[TRUNCATED]), int(a[PLY]), (int(a[SOUTH_STORE]), int(a[NORTH_STORE])),
                    (int(a[SOUTH_SCORE]), int(a[NORTH_SCORE])), int(a[CAPTURED]),
                    None if r < 0 else _Jvm.end_reasons[int(r)], position)

    def reset(self, seed, position=None):
        if position is None:
            return self._step(jpype_call(lambda: self._env.reset(seed)))
        return self._step(jpype_call(lambda: self._env.reset(position, seed)))

    def step(self, action):
        return self._step(jpype_call(lambda: self._env.step(action)))

    def render(self):
        return str(self._env.render())

    def agent_move(self, spec, seed):
        agent = self._agent(spec)
        return _decide(agent, self._env.board(), seed)

    def check_agent(self, spec):
        """Builds the agent of ``spec`` (every value checked) without asking it for a move."""
        self._agent(spec)

    def _agent(self, spec):
        a = self._agents.get(spec)
        if a is None:
            a = jpype_call(lambda: _Jvm.registry().create(spec, self._rules, 0))
            self._agents[spec] = a
        return a

    def close(self):
        for a in self._agents.values():
            close_agent(a)
        self._agents.clear()


# How long a search's Java call blocks Python at a time: a Ctrl-C is raised within about this.
WAIT_SLICE_MS = 50
# How long a stopped search may take to return its move before Python stops waiting (it checks the
# stop every 1024 nodes: milliseconds).
STOP_GRACE_S = 10


# Searches that a Ctrl-C stopped but that had not returned within STOP_GRACE_S, by their (Java) agent:
# that agent is not reset, searched or closed until its search returns (it is not thread-safe, and
# closing it would free what the search still uses).
_unfinished = {}


def _wait_stopped(job, seconds):
    """Waits up to ``seconds`` for a stopped search to return; True when it has. A second Ctrl-C
    during the wait does not cut it short (the wait is bounded, and the search is stopping)."""
    end = time.monotonic() + seconds
    while not job.done() and time.monotonic() < end:
        try:
            job.waitFor(WAIT_SLICE_MS)
        except KeyboardInterrupt:
            continue
        except _Jvm.JException:
            # The search's own exception (it is done), or this thread's Java interrupt, which a
            # Ctrl-C can leave set: cleared by the throw, so the wait goes on.
            if job.done():
                break
    return bool(job.done())


PYTHON_INTERRUPT_GRACE_S = 0.5
"""How long a Java interrupt waits for Python's own KeyboardInterrupt of the same Ctrl-C."""


def _await_python_interrupt(grace_s=PYTHON_INTERRUPT_GRACE_S):
    """Sleeps in short slices for up to ``grace_s``: Python runs a pending SIGINT handler between
    them, which raises the Ctrl-C's KeyboardInterrupt here. Returns when none came."""
    deadline = time.monotonic() + grace_s
    while time.monotonic() < deadline:
        time.sleep(0.01)


def _settle(agent):
    """Raises OwareError while a search of ``agent`` that a Ctrl-C stopped still runs."""
    job = _unfinished.get(agent)
    if job is None:
        return
    if not _wait_stopped(job, STOP_GRACE_S):
        raise OwareError('the search that Ctrl-C stopped has not returned yet: try again, or make a new agent')
    del _unfinished[agent]


def close_agent(agent):
    """Closes a Java agent, unless a search that a Ctrl-C stopped still runs on it (then it is left
    to the JVM's exit rather than freed under that search)."""
    try:
        _settle(agent)
    except OwareError:
        return
    agent.close()


def _decide(agent, board, seed):
    """The agent's decision on ``board``. The search runs on a Java thread (``BackgroundDecision``)
    that Python waits for in slices, so that Ctrl-C raises KeyboardInterrupt at once (a Java call
    defers Python's signal handlers until it returns); the search is then stopped, and waited for
    briefly so that the board is the env's again, before the KeyboardInterrupt goes on."""
    _settle(agent)
    # A Ctrl-C during an earlier call can leave this thread's Java interrupt flag set (JPype carries
    # the signal into the JVM): cleared, so that the new search's first wait is not cut short.
    _Jvm.Thread.interrupted()

    def call():
        agent.reset(seed)
        return _Jvm.BackgroundDecision.start(agent, board)
    job = jpype_call(call)
    try:
        d = None
        while d is None:
            try:
                d = job.waitFor(WAIT_SLICE_MS)
            except _Jvm.InterruptedException:
                # JPype can carry the Ctrl-C into the JVM as this thread's interrupt, before Python
                # raises it: the same Ctrl-C, which Python's own handler may still raise a moment
                # later (two KeyboardInterrupts for one Ctrl-C). Wait for that one; raise ours only
                # when none comes.
                _await_python_interrupt()
                raise KeyboardInterrupt from None
            except _Jvm.JException as e:
                raise OwareError(str(_Jvm.Texts.reason(e))) from None
    except BaseException:
        job.stop()
        if not _wait_stopped(job, STOP_GRACE_S):
            _unfinished[agent] = job
        _Jvm.Thread.interrupted()  # nothing of this Ctrl-C left for the next call
        raise
    move = int(d.move())
    return Decision(move, str(_Jvm.Moves.letter(board.toMove(), move)), float(d.value()),
                    np.asarray(d.policy(), dtype=np.float32).copy())


# ---------------------------------------------------------------------------------------------------
# Subprocess: oware jsonl --env

def command():
    """The lab command: OWARE_CMD when set (e.g. ``java -cp ... org.owarelab.cli.Main``), else the
    checkout's ``./oware`` launcher."""
    cmd = os.environ.get('OWARE_CMD')
    if cmd:
        return shlex.split(cmd)
    root = paths.repo_root()
    if root is None and paths.packaged() is not None:
        # the installed wheel: its jars and players, the DJL-free jsonl front end (PortableMain)
        lab = paths.packaged()
        java = os.path.join(os.environ['JAVA_HOME'], 'bin', 'java') if os.environ.get('JAVA_HOME') else 'java'
        return [java, '-cp', str(lab / 'lib' / '*'), f'-Doware.home={lab}',
                'org.owarelab.export.PortableMain']
    if root is None:
        raise FileNotFoundError('no lab checkout found (pom.xml and oware) above ' + os.getcwd()
                                + ': set OWARE_ROOT or OWARE_CMD')
    return [str(root / 'oware')]


def allow_flags(*specs):
    """The ``oware jsonl`` flags that the agent specs need: ``--allow-engines`` for a UCI engine
    (``uci:``), ``--allow-files`` for a spec that reads a file (``model=``, ``onnx=``, ``tables=``). The JSON-lines
    front end refuses such specs from its input stream unless the person starting it allowed them on
    its command line; the user of this package is that person, and allows exactly what their specs
    need."""
    flags = []
    text = ' '.join(s for s in specs if s)
    if 'uci:' in text or text.startswith('uci'):
        flags.append('--allow-engines')
    if 'model=' in text or 'onnx=' in text or 'tables=' in text:
        flags.append('--allow-files')
    return flags


class Jsonl:
    """One ``oware jsonl --env`` child process: ``request(op, **fields)`` answers the reply dict.

    The child runs in Python's working directory, so that a relative path in an agent spec
    (``puct:model=runs/q1``) means what it means to the in-process backend; ``OWARE_ROOT`` in its
    environment names the checkout, where the shipped players are found. Every request carries an
    ``id`` and its reply is the one with that ``id``: a reply left unread by an interrupted call
    (Ctrl-C in a notebook during an opponent's move) is skipped, never taken for a later call's."""

    def __init__(self, specs=()):
        root = paths.repo_root()
        env = dict(os.environ)
        if root is not None:
            env.setdefault('OWARE_ROOT', str(root))
        self._stderr = tempfile.TemporaryFile(mode='w+')
        self._cmd = command() + ['jsonl', '--env'] + allow_flags(*specs)
        jar = root / 'cli' / 'target' / 'oware-cli.jar' if root is not None else None
        if not os.environ.get('OWARE_CMD') and jar is not None and not jar.is_file():
            import sys
            print(f'oware_lab: {root}/oware builds the lab first (its first run: a few minutes)', file=sys.stderr,
                  flush=True)
        self._proc = subprocess.Popen(self._cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr,
                                      text=True, encoding='utf-8', bufsize=1, env=env)
        self._id = 0
        self._closed = False
        self._env = env
        self._pending = None  # the id of a request whose reply is not read yet: not None after a call cut short

    def request(self, op, **fields):
        if self._closed:
            raise OwareError('this environment is closed: make a new one')
        if self._pending is not None:
            self._restart()
        self._id += 1
        rid = self._id
        line = json.dumps({'op': op, 'id': rid, **{k: v for k, v in fields.items() if v is not None}})
        self._pending = rid
        try:
            self._proc.stdin.write(line + '\n')
            self._proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            self._ended()
        while True:
            try:
                reply = self._proc.stdout.readline()
            except (OSError, ValueError):
                reply = ''
            if not reply:
                self._ended()
            try:
                r = json.loads(reply)
            except json.JSONDecodeError:
                # Out of step with the protocol: the game in the child is not known any more. It is
                # stopped, so that every later call says the process ended (not a fresh process that
                # has no game, which a restart would give).
                self._pending = None
                self._proc.kill()
                raise OwareError(f'the lab process ({self._cmd[0]}) answered a line that is not JSON: '
                                 f'{reply[:200]!r}; it was stopped: make a new env') from None
            # A reply without an id answers a line the child could not read as a request: ours.
            if not isinstance(r, dict) or r.get('id', rid) == rid:
                break
        self._pending = None
        if not isinstance(r, dict):
            raise OwareError(f'the lab process ({self._cmd[0]}) answered {reply[:200]!r}, expected a JSON object')
        if 'error' in r:
            raise OwareError(r['error'])
        return r

    def _restart(self):
        """A fresh lab process in place of one that a call cut short (Ctrl-C) left behind. That one may be
        deep in a search that cannot be stopped over the pipe (minutes for ``alphabeta:depth=24``), with
        half a line written or read: the callers start again from a ``reset`` (an env refuses anything
        else after a cut call; an agent resets on every call), which carries all the state they need."""
        self._proc.kill()
        self._proc.wait()
        for f in (self._proc.stdin, self._proc.stdout):
            try:
                f.close()
            except OSError:
                pass
        self._stderr.seek(0)
        self._stderr.truncate()
        self._proc = subprocess.Popen(self._cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr,
                                      text=True, encoding='utf-8', bufsize=1, env=self._env)
        self._pending = None

    def _ended(self):
        self._pending = None  # nothing to restart: every later call says that the process ended
        try:
            code = self._proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            code = 'none yet'
        self._stderr.seek(0)
        tail = self._stderr.read()[-2000:]
        args = ' '.join([self._cmd[0], *self._cmd[self._cmd.index('jsonl'):]])  # not OWARE_CMD's class path
        raise OwareError(f'the lab process ended (exit {code}; {args}): {tail.strip()}')

    def close(self):
        if self._closed:
            return
        self._closed = True
        if self._proc.poll() is None:
            if self._pending is not None:  # a call was cut short: the lab may be in a search no one waits for
                self._proc.kill()
            try:
                self._proc.stdin.close()
            except OSError:
                pass
            try:
                self._proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        self._proc.stdout.close()
        self._stderr.close()


class SubprocessBackend:
    """The env in an ``oware jsonl --env`` child process; opponents through its ``agent`` op.
    ``specs`` are the agent specs this env will use (they decide the ``--allow-*`` flags)."""
    name = 'subprocess'

    def __init__(self, rules='', env='', specs=()):
        self.rules, self.env_options = rules, env
        self._io = Jsonl(specs)
        try:
            r = self._io.request('reset', rules=rules, env=env, seed=0)
        except OwareError:
            self._io.close()
            raise
        self.observation_size = int(r['observationSize'])
        self.action_count = int(r['actionCount'])

    @staticmethod
    def _step(t):
        i = t['info']
        mask = int(t['legalMask'])
        return Step(np.asarray(t['observation'], dtype=np.float32), mask, SIDES.index(t['toMove']),
                    float(t['reward']['south']), float(t['reward']['north']), bool(t['terminated']),
                    bool(t['truncated']), int(i['ply']), (int(i['southStore']), int(i['northStore'])),
                    (int(i['southScore']), int(i['northScore'])), int(i['captured']), i['endReason'], t['position'])

    def reset(self, seed, position=None):
        return self._step(self._io.request('reset', rules=self.rules, env=self.env_options, seed=seed,
                                           position=position))

    def step(self, action):
        return self._step(self._io.request('step', action=int(action)))

    def render(self):
        return self._io.request('render')['text']

    def request(self, op, **fields):
        """One request of the env protocol (e.g. the vector env's ``vreset``/``vstep``)."""
        return self._io.request(op, **fields)

    def check_agent(self, spec):
        """Builds the agent of ``spec`` in the lab process (every value checked) without a move."""
        self._io.request('check', agent=spec)

    def agent_move(self, spec, seed):
        r = self._io.request('agent', agent=spec, seed=seed)
        return Decision(int(r['action']), r['move'], float(r['value']), np.asarray(r['policy'], dtype=np.float32))

    def close(self):
        self._io.close()
