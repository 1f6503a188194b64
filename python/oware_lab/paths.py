"""Finding the lab's checkout, its jars and run directories (used by the backends and the notebooks)."""
import os
import pathlib


def repo_root():
    """The lab's checkout: the first directory holding both ``pom.xml`` and the ``oware`` launcher,
    searched upwards from OWARE_ROOT, the directory the user launched from (PWD), the current
    directory and this package's directory; None when there is none."""
    starts = [os.environ.get('OWARE_ROOT'), os.environ.get('PWD'), os.getcwd(), pathlib.Path(__file__).parent]
    for start in starts:
        if not start:
            continue
        p = pathlib.Path(start).resolve()
        for d in (p, *p.parents):
            if (d / 'pom.xml').is_file() and (d / 'oware').is_file():
                return d
    return None


def packaged():
    """The jars and players that an installed wheel carries (``oware_lab/_lab``: ``lib/*.jar`` without
    DJL, ``players/NAME/model.onnx``; scripts/build_wheel.py puts them there), or None in a checkout's
    package, which has none."""
    d = pathlib.Path(__file__).resolve().parent / '_lab'
    return d if (d / 'lib').is_dir() and any((d / 'lib').glob('*.jar')) else None


def use_packaged():
    """Whether the backends run the wheel's jars: no OWARE_CLASSPATH, no checkout found, and a wheel's
    ``_lab`` present. A checkout always wins, so working in one behaves as before."""
    return not os.environ.get('OWARE_CLASSPATH') and repo_root() is None and packaged() is not None


def class_path():
    """The lab's Java class path for the in-process backend, as a list of entries: OWARE_CLASSPATH
    when set (entries joined by ``os.pathsep``), else the checkout's ``cli/target/oware-cli.jar`` and
    ``cli/target/lib/*`` (what ``./oware`` or ``mvn -DskipTests package`` builds), else the installed
    wheel's jars (:func:`packaged`). Raises FileNotFoundError saying how to build them when there are
    none."""
    given = os.environ.get('OWARE_CLASSPATH')
    if given:
        return [e for e in given.split(os.pathsep) if e]
    root = repo_root()
    if root is None and packaged() is not None:
        return [str(packaged() / 'lib' / '*')]
    if root is None:
        raise FileNotFoundError('no lab jars: set OWARE_CLASSPATH, or OWARE_ROOT to a checkout of the lab (no '
                                'pom.xml and oware found above ' + os.getcwd() + '), or install the oware-lab '
                                'wheel (scripts/build_wheel.py builds it)')
    jar = root / 'cli' / 'target' / 'oware-cli.jar'
    lib = root / 'cli' / 'target' / 'lib'
    if not jar.is_file() or not lib.is_dir():
        raise FileNotFoundError(f'no lab jars at {jar} and {lib}/: build them with `{root}/oware --version` '
                                '(or mvn -B -DskipTests package), or set OWARE_CLASSPATH')
    return [str(jar), str(lib / '*')]


def stale_source(root):
    """The first source of the checkout at ``root`` newer than its built ``cli/target/oware-cli.jar``
    (a ``.java`` file, a ``pom.xml``, a file under ``src/main/resources`` or a ``package-lock.json`` of
    a module the root pom lists), as the ``oware`` launcher decides to rebuild; None when the jar is
    as new as every source, or missing (then nothing in-process can run)."""
    import re
    root = pathlib.Path(root)
    jar = root / 'cli' / 'target' / 'oware-cli.jar'
    if not jar.is_file():
        return None
    built = jar.stat().st_mtime
    pom = root / 'pom.xml'
    if pom.stat().st_mtime > built:
        return pom
    modules = re.findall(r'^\s*<module>([^<]*)</module>', pom.read_text(encoding='utf-8'), re.M)
    for m in modules:
        for d, dirs, files in os.walk(root / m):
            dirs[:] = [x for x in dirs if x not in ('target', 'node_modules')]
            resources = f'{os.sep}src{os.sep}main{os.sep}resources' in d + os.sep
            for f in files:
                if f.endswith('.java') or f in ('pom.xml', 'package-lock.json') or resources:
                    p = pathlib.Path(d) / f
                    if p.stat().st_mtime > built:
                        return p
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
    """The most recently modified directory under ``base`` (relative to the repository root) that
    holds ``must_contain``, or None."""
    root = repo_root() or pathlib.Path.cwd()
    d = root / base
    if not d.is_dir():
        return None
    found = sorted((p for p in d.iterdir() if (p / must_contain).is_file()), key=lambda p: p.stat().st_mtime)
    return found[-1] if found else None
