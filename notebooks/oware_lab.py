"""Helpers shared by the lab's notebooks: finding run and ablation directories, and driving the
environment through `oware jsonl --env` (one JSON request per line, one reply per line).

The rules live in Java only (env/RULES.md); this client re-implements none of them: every move,
legal-move list, reward and board drawing comes from the lab's process.
"""
import json
import os
import pathlib
import shlex
import subprocess
import tempfile


def repo_root():
    """The lab's checkout: the first directory holding both `pom.xml` and the `oware` launcher,
    searched upwards from OWARE_ROOT, the directory the user launched from (PWD), the current
    directory and this file's directory; None when there is none."""
    starts = [os.environ.get('OWARE_ROOT'), os.environ.get('PWD'), os.getcwd(), pathlib.Path(__file__).parent]
    for start in starts:
        if not start:
            continue
        p = pathlib.Path(start).resolve()
        for d in (p, *p.parents):
            if (d / 'pom.xml').is_file() and (d / 'oware').is_file():
                return d
    return None


def resolve_path(text, what, must_contain=None):
    """Resolves a user-given path: absolute as is; relative against OWARE_ROOT, then the directory
    the user launched from (PWD: a notebook's kernel runs in notebooks/), then the repository root,
    then the current directory. Raises FileNotFoundError naming the path and every place tried."""
    p = pathlib.Path(os.path.expanduser(text))
    if p.is_absolute():
        candidates = [p]
    else:
        bases = []
        for b in (os.environ.get('OWARE_ROOT'), os.environ.get('PWD'), repo_root(), os.getcwd()):
            if b and pathlib.Path(b).resolve() not in bases:
                bases.append(pathlib.Path(b).resolve())
        candidates = [b / p for b in bases]
    for c in candidates:
        if c.is_dir() and (must_contain is None or (c / must_contain).is_file()):
            return c.resolve()
    need = f' with a {must_contain}' if must_contain else ''
    raise FileNotFoundError(f"{what} '{text}': no directory{need} at " + ', '.join(str(c) for c in candidates)
                            + ' (give an absolute path, or one relative to the directory you ran jupyter from)')


def newest(base, must_contain):
    """The most recently modified directory under `base` (relative to the repository root) that
    holds `must_contain`, or None."""
    root = repo_root() or pathlib.Path.cwd()
    d = root / base
    if not d.is_dir():
        return None
    found = sorted((p for p in d.iterdir() if (p / must_contain).is_file()), key=lambda p: p.stat().st_mtime)
    return found[-1] if found else None


class OwareError(RuntimeError):
    """A request the lab refused: the message is the lab's one-line reason."""


class OwareEnv:
    """The Gym-like environment of the lab, run in a child process (`oware jsonl --env`).

    The command is OWARE_CMD when set (e.g. `java -cp ... org.owarelab.cli.Main`), else the
    repository's `./oware` launcher. Observations are canonical from the side to move; rewards are
    per absolute side, a dict {'south': r, 'north': -r}; `info` carries the stores, scores, ply,
    end reason, captured seeds, the side to move, the legal actions and the position text.
    """

    def __init__(self, cmd=None):
        root = repo_root()
        if cmd is None:
            cmd = os.environ.get('OWARE_CMD')
        if cmd is None:
            if root is None:
                raise FileNotFoundError('no lab checkout found (pom.xml and oware) above '
                                        + os.getcwd() + ': set OWARE_ROOT or OWARE_CMD')
            cmd = [str(root / 'oware')]
        elif isinstance(cmd, str):
            cmd = shlex.split(cmd)
        self._stderr = tempfile.TemporaryFile(mode='w+')
        self._proc = subprocess.Popen(list(cmd) + ['jsonl', '--env'], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, stderr=self._stderr, text=True, bufsize=1,
                                      cwd=str(root) if root else None)
        self.last = None

    def request(self, op, **fields):
        """Sends one request and returns the reply as a dict; raises OwareError for an error reply."""
        line = json.dumps({'op': op, **{k: v for k, v in fields.items() if v is not None}})
        try:
            self._proc.stdin.write(line + '\n')
            self._proc.stdin.flush()
            reply = self._proc.stdout.readline()
        except BrokenPipeError:
            reply = ''
        if not reply:
            self._stderr.seek(0)
            tail = self._stderr.read()[-2000:]
            raise OwareError(f'the lab process ended (exit {self._proc.poll()}): {tail.strip()}')
        r = json.loads(reply)
        if 'error' in r:
            raise OwareError(r['error'])
        return r

    def _split(self, t):
        self.last = t
        info = dict(t['info'], toMove=t['toMove'], legal=t['legal'], moves=t['moves'], position=t['position'])
        return t['observation'], t['reward'], t['terminated'], t['truncated'], info

    def reset(self, seed=None, rules=None, env=None, position=None):
        """Starts an episode; returns (observation, info) as Gymnasium does."""
        obs, _, _, _, info = self._split(self.request('reset', seed=seed, rules=rules, env=env, position=position))
        return obs, info

    def step(self, action):
        """Plays `action` (an int: the mover's house from its left, or a move letter) for the side to
        move; returns (observation, reward, terminated, truncated, info)."""
        if isinstance(action, str):
            return self._split(self.request('step', move=action))
        return self._split(self.request('step', action=int(action)))

    def legal(self):
        """The legal actions now, their letters and the side to move."""
        return self.request('legal')

    def render(self):
        """The board drawn from South's seat, with who is to move or how the game ended."""
        return self.request('render')['text']

    def agent_move(self, spec, seed=None, **limits):
        """The move agent `spec` (e.g. greedy, alphabeta:depth=4) would play now; not played."""
        return self.request('agent', agent=spec, seed=seed, **limits)

    def close(self):
        if self._proc.poll() is None:
            self._proc.stdin.close()
            self._proc.wait(timeout=30)
        self._stderr.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
