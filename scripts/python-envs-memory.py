"""Subprocess envs: the time to make N of them (each reset once) and the resident memory of their lab
processes. Usage: python3 scripts/python-envs-memory.py [N]   (default 10), from the checkout."""
import os, sys, time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "python"))
from oware_lab import OwareEnv

def descendants(pid):
    kids = []
    for p in os.listdir('/proc'):
        if p.isdigit():
            try:
                with open(f'/proc/{p}/stat') as f:
                    ppid = int(f.read().rsplit(')', 1)[1].split()[1])
            except OSError:
                continue
            if ppid == pid:
                kids.append(int(p))
    out = list(kids)
    for k in kids:
        out += descendants(k)
    return out

def rss_kb(pid):
    with open(f'/proc/{pid}/status') as f:
        for line in f:
            if line.startswith('VmRSS:'):
                return int(line.split()[1])
    return 0

n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
t0 = time.monotonic()
envs = [OwareEnv(opponent='random', backend='subprocess') for _ in range(n)]
for e in envs:
    e.reset(seed=0)
t1 = time.monotonic()
kids = descendants(os.getpid())
total = sum(rss_kb(p) for p in kids)
print(f'{n} envs: {t1 - t0:.1f} s ({(t1 - t0) / n:.2f} s an env), {len(kids)} processes, RSS {total / 1024:.0f} MiB '
      f'({total / 1024 / n:.0f} MiB an env)')
for e in envs:
    e.close()
