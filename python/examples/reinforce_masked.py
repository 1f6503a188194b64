"""Masked REINFORCE on Oware, in the CleanRL style: one file, argparse flags, torch on the CPU.

The policy is a small MLP over the lab's observation (canonical from the learner's side); illegal
moves get a logit of -inf from ``info["action_mask"]``, so the policy only ever plays legal ones.
It trains through ``gymnasium.make('oware_lab/Oware-v0', opponent=...)``: first against ``random``,
then against ``greedy``, seat drawn per episode. Each phase prints the win rate of the greedy
(argmax) policy against that opponent over ``--eval-games`` games with fixed seeds, before and after.

    python python/examples/reinforce_masked.py                      # about 5 minutes on 2 cores
    python python/examples/reinforce_masked.py --episodes 300 --eval-games 200 --opponents random

Everything is seeded (``--seed``): torch, the episode seeds and the evaluation seeds, so a run
repeats exactly on either backend. The last line is machine-readable:
``result {"random": {"before": 0.41, "after": 0.78}, ...}``.
"""
import argparse
import json
import time

import gymnasium as gym
import numpy as np
import torch
import torch.nn as nn

import oware_lab  # noqa: F401  (registers oware_lab/Oware-v0)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--seed', type=int, default=1, help='seed of torch and of every episode (default 1)')
    p.add_argument('--opponents', default='random,greedy', help='trained against in turn (default random,greedy)')
    p.add_argument('--episodes', type=int, default=3000, help='training episodes per opponent (default 3000)')
    p.add_argument('--batch', type=int, default=16, help='episodes per gradient step (default 16)')
    p.add_argument('--lr', type=float, default=3e-3, help='Adam learning rate (default 3e-3)')
    p.add_argument('--hidden', type=int, default=64, help='hidden units (default 64)')
    p.add_argument('--entropy', type=float, default=0.01, help='entropy bonus (default 0.01)')
    p.add_argument('--eval-games', type=int, default=400, help='evaluation games per win rate (default 400)')
    p.add_argument('--backend', default=None, help='jpype or subprocess (default: jpype where available)')
    a = p.parse_args(argv)
    if a.episodes < 0 or a.batch < 1 or a.eval_games < 1:
        p.error('expected --episodes >= 0, --batch >= 1 and --eval-games >= 1')
    return a


class Policy(nn.Module):
    def __init__(self, obs_size, actions, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(obs_size, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh(),
                                 nn.Linear(hidden, actions))

    def logits(self, obs, mask):
        """Logits with -inf on the illegal actions (``mask`` 0)."""
        return self.net(torch.as_tensor(obs, dtype=torch.float32)).masked_fill(torch.as_tensor(mask) == 0,
                                                                               float('-inf'))


def play(env, policy, seed, rng=None):
    """One episode: the argmax move when ``rng`` is None, else a move sampled from the policy with
    ``rng``. Returns (return, observations, masks, actions); no autograd graph is kept while playing
    (the update recomputes the log-probabilities in one batch)."""
    obs, info = env.reset(seed=seed)
    ret, seen, masks, actions = 0.0, [], [], []
    done = False
    while not done:
        with torch.no_grad():
            logits = policy.logits(obs, info['action_mask']).numpy()
        if rng is None:
            a = int(np.argmax(logits))
        else:
            p = np.exp(logits - logits.max())
            a = int(rng.choice(len(p), p=p / p.sum()))
        seen.append(obs)
        masks.append(info['action_mask'])
        actions.append(a)
        obs, r, term, trunc, info = env.step(a)
        ret += r
        done = term or trunc
    return ret, seen, masks, actions


def win_rate(env, policy, games, seed):
    """The share of ``games`` won (return > 0) by the argmax policy, episodes seeded ``seed + k``."""
    return sum(play(env, policy, seed + k)[0] > 0 for k in range(games)) / games


def main(argv=None):
    args = parse_args(argv)
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    rng = np.random.default_rng(args.seed)
    results = {}
    policy = None
    eval_seed = 10 ** 9 + args.seed  # evaluation episodes never seen in training
    for phase, opponent in enumerate(args.opponents.split(',')):
        env = gym.make('oware_lab/Oware-v0', opponent=opponent, seat='random', backend=args.backend)
        if policy is None:
            policy = Policy(env.observation_space.shape[0], env.action_space.n, args.hidden)
            optim = torch.optim.Adam(policy.parameters(), lr=args.lr)
        before = win_rate(env, policy, args.eval_games, eval_seed)
        print(f'[{opponent}] win rate before: {before:.3f} over {args.eval_games} games', flush=True)
        t0, baseline = time.perf_counter(), 0.0
        seed = args.seed * 10 ** 6 + phase * 10 ** 5
        for start in range(0, args.episodes, args.batch):
            obs, masks, actions, returns, rets = [], [], [], [], []
            for k in range(min(args.batch, args.episodes - start)):
                ret, o, m, a = play(env, policy, seed + start + k, rng)
                obs += o
                masks += m
                actions += a
                returns += [ret] * len(a)  # every move of the episode shares its outcome
                rets.append(ret)
            legal = torch.as_tensor(np.array(masks)) != 0
            logp = torch.log_softmax(policy.logits(np.array(obs), np.array(masks)), dim=1)
            taken = logp.gather(1, torch.as_tensor(actions)[:, None])[:, 0]
            # Illegal actions have probability 0 and log-probability -inf: left out of the entropy
            # (masked_fill, not where, so that no NaN gradient flows back from them).
            entropy = -(logp.exp() * logp.masked_fill(~legal, 0.0)).sum(1)
            advantage = torch.as_tensor(returns, dtype=torch.float32) - baseline
            loss = -(advantage * taken).sum() / len(rets) - args.entropy * entropy.mean()
            baseline = 0.9 * baseline + 0.1 * float(np.mean(rets))
            optim.zero_grad()
            loss.backward()
            optim.step()
            done = start + len(rets)
            if done % (args.batch * 50) == 0 or done == args.episodes:
                print(f'[{opponent}] episodes {done}: mean return of the last batch {np.mean(rets):+.2f} '
                      f'({time.perf_counter() - t0:.0f} s)', flush=True)
        after = win_rate(env, policy, args.eval_games, eval_seed)
        print(f'[{opponent}] win rate after: {after:.3f} (before {before:.3f})', flush=True)
        results[opponent] = {'before': before, 'after': after}
        env.close()
    print('result ' + json.dumps(results))
    return results


if __name__ == '__main__':
    main()
