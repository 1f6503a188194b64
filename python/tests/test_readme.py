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
