"""Sums Nsight Compute kernel durations per kernel name over one decode token or one prompt eval.

Input: `ncu --csv --page raw --metrics gpu__time_duration.sum` output. Tokens are counted by the
argmax kernel that ends every decode step; kernels before the first graph replay (load, warm-up
capture) are whatever ncu saw, so the per-token figures divide by the argmax count.
  ncu_breakdown.py CSV                      per decode token
  ncu_breakdown.py CSV --evals N [--skip RE] per prompt eval: totals / N, kernels matching RE dropped
                                            (e.g. random_fill of `bench --synth`)
"""
import argparse
import csv
import re
import sys
from collections import defaultdict


def main(path, evals=0, skip=None):
    skip_re = re.compile(skip) if skip else None
    rows = list(csv.reader(open(path, newline="", errors="replace")))
    header = next((i for i, r in enumerate(rows) if "Kernel Name" in r), None)
    if header is None:
        print("no kernel rows in", path)
        return
    cols = rows[header]
    name_i = cols.index("Kernel Name")
    t_i = next(i for i, c in enumerate(cols) if c.startswith("gpu__time_duration"))
    scale = 1e-3  # ns -> us
    per = defaultdict(lambda: [0, 0.0])
    tokens = 0
    for r in rows[header + 1:]:
        if len(r) <= max(name_i, t_i):
            continue
        v = r[t_i].replace(",", "")
        if v in ("nsecond", "usecond", "msecond"):
            scale = {"nsecond": 1e-3, "usecond": 1.0, "msecond": 1e3}[v]
            continue
        try:
            t = float(v) * scale
        except ValueError:
            continue
        name = re.sub(r"\(.*", "", r[name_i]).strip()
        name = re.sub(r"^void ", "", name)
        name = re.sub(r"tessera::cuda::(detail::)?\(anonymous namespace\)::", "", name)
        if skip_re is not None and skip_re.search(name):
            continue
        per[name][0] += 1
        per[name][1] += t
        if name.startswith("argmax_final"):
            tokens += 1
    unit = "tok"
    if evals > 0:
        tokens, unit = evals, "eval"
    tokens = max(tokens, 1)
    total = sum(v[1] for v in per.values())
    print(f"# {tokens} {'prompt eval' if unit == 'eval' else 'decode token'}(s); kernel time per {unit} {total / tokens:.1f} us")
    print(f"{'kernel':70s} {'calls/' + unit:>9s} {'us/' + unit:>9s} {'us/call':>8s} {'share':>6s}")
    for name, (n, t) in sorted(per.items(), key=lambda kv: -kv[1][1]):
        print(f"{name[:70]:70s} {n / tokens:9.1f} {t / tokens:9.1f} {t / n:8.2f} {100 * t / total:5.1f}%")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--evals", type=int, default=0, help="divide by this many prompt evals instead of tokens")
    ap.add_argument("--skip", default=None, help="drop kernels whose name matches this regex")
    a = ap.parse_args()
    main(a.csv, a.evals, a.skip)
