#!/usr/bin/env python3
"""Plots loss.csv (train.py) as a small PNG. Needs matplotlib.
  python3 plot_loss.py loss.csv loss.png"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main() -> int:
    src, dst = sys.argv[1], sys.argv[2]
    steps, tr, vs, vl = [], [], [], []
    with open(src) as f:
        for r in csv.DictReader(f):
            steps.append(int(r["step"]))
            tr.append(float(r["train_loss"]))
            if r["val_loss"]:
                vs.append(int(r["step"]))
                vl.append(float(r["val_loss"]))
    fig, ax = plt.subplots(figsize=(6, 3.4), dpi=100)
    ax.plot(steps, tr, label="train (mean of last 50 steps)", lw=1.2)
    ax.plot(vs, vl, "o-", label="validation", ms=3, lw=1.2)
    ax.set_xlabel("step")
    ax.set_ylabel("cross-entropy (nats/token)")
    ax.set_yscale("log")
    ax.grid(True, which="both", alpha=0.3)
    ax.set_title("tessera-tiny training loss")
    ax.legend()
    fig.tight_layout()
    fig.savefig(dst)
    return 0


if __name__ == "__main__":
    sys.exit(main())
