#!/usr/bin/env python3
"""Top frames of a JDK Flight Recorder file's CPU samples, for docs/measurements.md.

Usage: scripts/jfr-top.py FILE.jfr [--thread PREFIX] [--top N]

Reads the jdk.ExecutionSample events through the JDK's own `jfr print --json` (no other
tool), keeps the samples of threads whose name starts with PREFIX (all when not given), and
prints two tables: the methods where samples were taken (self time) and the lab's methods
on the sampled stacks (inclusive: a method counted once per sample however deep it recurs),
each with its share of the kept samples; then the native-method samples (threads inside JNI
calls such as libtorch's forward pass), which the JVM samples apart and at its own period.

Example: OWARE_JAVA_OPTS=-XX:StartFlightRecording=filename=sp.jfr,settings=profile \
             ./oware bench selfplay --workers 1 --rounds 1
         scripts/jfr-top.py sp.jfr
"""
import argparse
import collections
import json
import re
import subprocess
import sys

# A lambda's class name carries its address (SelfPlayBenchmark$$Lambda$171+0x00007f..../1625090026): fold it.
LAMBDA = re.compile(r'\$\$Lambda\$?[0-9]*[+/]?0x[0-9a-f]+(\.[0-9]+)?')


def frames(event):
    stack = event['values'].get('stackTrace') or {}
    for f in stack.get('frames', []):
        m = f['method']
        yield LAMBDA.sub('$$Lambda', m['type']['name'].replace('/', '.')) + '.' + m['name']


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('file')
    ap.add_argument('--thread', default='', help='keep samples of threads whose name starts with this')
    ap.add_argument('--top', type=int, default=15)
    a = ap.parse_args()
    try:
        out = subprocess.run(['jfr', 'print', '--json', '--stack-depth', '64', '--events',
                              'jdk.ExecutionSample,jdk.NativeMethodSample', a.file],
                             check=True, capture_output=True, text=True).stdout
    except FileNotFoundError:
        sys.exit('jfr-top: the JDK tool "jfr" is not on PATH (it comes with JDK 17)')
    except subprocess.CalledProcessError as e:
        sys.exit(f'jfr-top: {a.file}: jfr print failed: {e.stderr.strip()}')
    events = json.loads(out)['recording']['events']
    self_count = collections.Counter()
    incl = collections.Counter()
    kept = 0
    native = collections.Counter()
    for e in events:
        thread = (e['values'].get('sampledThread') or {}).get('javaName') or ''
        if not thread.startswith(a.thread):
            continue
        if e['type'] == 'jdk.NativeMethodSample':
            top = next(frames(e), '?')
            native[top] += 1
            continue
        fs = list(frames(e))
        if not fs:
            continue
        kept += 1
        self_count[fs[0]] += 1
        for name in set(fs):
            if name.startswith('org.owarelab.'):
                incl[name] += 1
    if kept == 0:
        sys.exit(f'jfr-top: no CPU samples in {a.file}' + (f' on threads named {a.thread}*' if a.thread else ''))
    print(f'{kept} CPU samples' + (f' on threads named {a.thread}*' if a.thread else ''))
    print('\nself (where the sample was taken):')
    for name, c in self_count.most_common(a.top):
        print(f'{100 * c / kept:6.1f}%  {name}')
    print('\ninclusive (the lab\'s methods on the stack):')
    for name, c in incl.most_common(a.top):
        print(f'{100 * c / kept:6.1f}%  {name}')
    if native:
        # Threads in native code (JNI: libtorch, ONNX Runtime) are sampled apart, at their own period.
        print(f'\n{sum(native.values())} native-method samples (threads inside JNI calls), by method:')
        for name, c in native.most_common(5):
            print(f'{c:6d}  {name}')


if __name__ == '__main__':
    main()
