"""The README's Python example runs as printed (on the default backend)."""
import contextlib
import io
import re


def test_the_readme_python_example_runs_as_printed(repo):
    text = (repo / 'README.md').read_text()
    section = text.split('## From Python', 1)[1].split('\n## ', 1)[0]
    blocks = re.findall(r'```python\n(.*?)```', section, re.S)
    assert len(blocks) == 1, 'one Python example in the README'
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(blocks[0], 'README.md', 'exec'), {})
    lines = out.getvalue().splitlines()
    assert len(lines) == 2 and lines[0].startswith('2 ') and len(lines[1]) == 1, out.getvalue()


def test_the_vector_env_example_of_docs_python_runs_and_pays_the_mover(repo):
    # docs/python.md's lock-step example: each line names the side that made a game's last move and
    # its reward; with reward=result that is +1 exactly when the mover's final score is the higher.
    text = (repo / 'docs' / 'python.md').read_text()
    section = text.split('## The vector env', 1)[1].split('\n## ', 1)[0]
    blocks = re.findall(r'```python\n(.*?)```', section, re.S)
    assert len(blocks) == 1, 'one Python example in the section'
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(blocks[0], 'docs/python.md', 'exec'), {})
    ended = re.findall(r'game \d: (south|north) made the last move, reward ([+-]\d), scores \[\s*(\d+)\s+(\d+)\]',
                       out.getvalue())
    assert len(ended) >= 4, out.getvalue()
    for side, reward, south, north in ended:
        mine, theirs = (int(south), int(north)) if side == 'south' else (int(north), int(south))
        assert int(reward) == (mine > theirs) - (mine < theirs), (side, reward, south, north)
