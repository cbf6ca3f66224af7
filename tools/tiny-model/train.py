#!/usr/bin/env python3
"""Trains tessera-tiny (model.py) on the token stream written by train_tokenizer.py.

Fixed seeds for init and batch sampling; deterministic algorithms where PyTorch has
them (warn_only: fused attention backward may still differ in the last bits between runs
on a GPU). bf16 autocast on CUDA, float32 on CPU (for quick local checks).

Writes to --out-dir: model.pt (float32 state dict of the best validation step),
config.json, loss.csv (step,tokens,lr,train_loss,val_loss,elapsed_s), train_settings.json.

  python3 train.py --data-dir work/ --out-dir work/
"""

from __future__ import annotations

import argparse
import copy
import csv
import json
import math
import os
import platform
import sys
import time

os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")  # before CUDA starts: deterministic cuBLAS

import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

from model import Config, TinyLlama  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data-dir", required=True)
    ap.add_argument("--out-dir", required=True)
    ap.add_argument("--seed", type=int, default=1234)
    ap.add_argument("--steps", type=int, default=1200)
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--context", type=int, default=256)
    ap.add_argument("--dim", type=int, default=256)
    ap.add_argument("--layers", type=int, default=5)
    ap.add_argument("--heads", type=int, default=8)
    ap.add_argument("--kv-heads", type=int, default=4)
    ap.add_argument("--ffn", type=int, default=512)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--min-lr", type=float, default=1e-4)
    ap.add_argument("--warmup", type=int, default=100)
    ap.add_argument("--weight-decay", type=float, default=0.1)
    ap.add_argument("--grad-clip", type=float, default=1.0)
    ap.add_argument("--val-frac", type=float, default=0.01)
    ap.add_argument("--eval-every", type=int, default=100)
    ap.add_argument("--eval-batches", type=int, default=16)
    ap.add_argument("--log-every", type=int, default=50)
    ap.add_argument("--time-budget", type=float, default=170.0,
                    help="seconds of training wanted at most: after --calib-step steps the step time is "
                         "measured and --steps lowered to fit (logged as steps_planned; 0 = off). Re-run with "
                         "--steps steps_planned --time-budget 0 to repeat a run exactly")
    ap.add_argument("--calib-step", type=int, default=60)
    ap.add_argument("--max-seconds", type=float, default=280.0,
                    help="safety net: stop early (and say so) if training runs longer than this")
    ap.add_argument("--device", default="auto")
    args = ap.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)

    dev = torch.device("cuda" if (args.device == "auto" and torch.cuda.is_available()) else
                       ("cpu" if args.device == "auto" else args.device))
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    try:
        torch.use_deterministic_algorithms(True, warn_only=True)
    except TypeError:
        torch.use_deterministic_algorithms(True)
    torch.backends.cudnn.benchmark = False
    if dev.type == "cuda":
        torch.backends.cuda.matmul.allow_tf32 = True

    with open(os.path.join(args.data_dir, "tokenizer.json"), encoding="utf-8") as f:
        vocab_size = len(json.load(f)["tokens"])
    data = np.fromfile(os.path.join(args.data_dir, "tokens.bin"), dtype="<u2").astype(np.int64)
    n_val = int(len(data) * args.val_frac)
    train_np, val_np = data[:-n_val], data[-n_val:]
    train_t = torch.from_numpy(train_np).to(dev)
    val_t = torch.from_numpy(val_np).to(dev)
    T = args.context
    print("tokens: train %d, val %d, vocab %d, device %s" % (len(train_np), len(val_np), vocab_size, dev), flush=True)

    cfg = Config(vocab_size=vocab_size, dim=args.dim, n_layers=args.layers, n_heads=args.heads,
                 n_kv_heads=args.kv_heads, ffn_dim=args.ffn, context=T)
    model = TinyLlama(cfg)
    g_init = torch.Generator().manual_seed(args.seed)
    model.init_weights(g_init)
    model.to(dev)
    n_params = model.n_params()
    print("parameters: %d" % n_params, flush=True)

    decay = [p for p in model.parameters() if p.dim() >= 2]
    no_decay = [p for p in model.parameters() if p.dim() < 2]
    groups = [{"params": decay, "weight_decay": args.weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
    opt_kw = dict(lr=args.lr, betas=(0.9, 0.95), eps=1e-8)
    try:
        opt = torch.optim.AdamW(groups, fused=(dev.type == "cuda"), **opt_kw)
    except (TypeError, RuntimeError):
        opt = torch.optim.AdamW(groups, **opt_kw)

    g_batch = torch.Generator().manual_seed(args.seed + 1)
    g_val = torch.Generator().manual_seed(args.seed + 2)
    ar = torch.arange(T + 1, device=dev)

    def batch(src: torch.Tensor, gen: torch.Generator, bs: int):
        off = torch.randint(0, len(src) - T - 1, (bs,), generator=gen).to(dev)
        chunk = src[off[:, None] + ar[None, :]]
        return chunk[:, :-1], chunk[:, 1:]

    val_batches = [batch(val_t, g_val, args.batch) for _ in range(args.eval_batches)]
    amp = dev.type == "cuda"

    def loss_of(x, y):
        with torch.autocast(device_type=dev.type, dtype=torch.bfloat16, enabled=amp):
            logits = model(x)
        return F.cross_entropy(logits.float().view(-1, logits.shape[-1]), y.reshape(-1))

    @torch.no_grad()
    def evaluate() -> float:
        model.eval()
        tot = sum(loss_of(x, y).item() for x, y in val_batches)
        model.train()
        return tot / len(val_batches)

    total = [args.steps]  # may be lowered once by the time budget (before warmup ends)

    def lr_at(step: int) -> float:
        if step < args.warmup:
            return args.lr * (step + 1) / args.warmup
        p = (step - args.warmup) / max(1, total[0] - args.warmup)
        return args.min_lr + 0.5 * (args.lr - args.min_lr) * (1 + math.cos(math.pi * min(1.0, p)))

    rows = []
    best = (float("inf"), -1, None)
    t0 = time.time()
    run_loss, run_n = 0.0, 0
    stopped_early = False
    step = 0
    t_calib0 = None
    if args.time_budget > 0 and args.calib_step >= args.warmup:
        raise SystemExit("--calib-step must be below --warmup (the schedule's length must be known by then)")
    while step < total[0]:
        if args.time_budget > 0 and dev.type == "cuda" and step in (10, args.calib_step):
            torch.cuda.synchronize()
            if step == 10:
                t_calib0 = time.time()
            else:
                per = (time.time() - t_calib0) / (args.calib_step - 10)
                fit = int((args.time_budget - (time.time() - t0)) / (per * 1.04)) + step
                if fit < total[0]:
                    total[0] = max(fit, args.warmup + 1)
                print("step time %.2f ms -> %d steps planned" % (per * 1e3, total[0]), flush=True)
        lr = lr_at(step)
        for gr in opt.param_groups:
            gr["lr"] = lr
        x, y = batch(train_t, g_batch, args.batch)
        loss = loss_of(x, y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), args.grad_clip)
        opt.step()
        run_loss += loss.detach()
        run_n += 1
        last = step == total[0] - 1
        do_eval = (step + 1) % args.eval_every == 0 or last
        if (step + 1) % args.log_every == 0 or do_eval:
            tl = (run_loss / run_n).item()
            run_loss, run_n = 0.0, 0
            vl = evaluate() if do_eval else float("nan")
            el = time.time() - t0
            rows.append((step + 1, (step + 1) * args.batch * T, lr, tl, vl, el))
            print("step %5d  lr %.2e  train %.4f  val %s  %.1fs" % (step + 1, lr, tl,
                  "%.4f" % vl if do_eval else "   -  ", el), flush=True)
            if do_eval and vl < best[0]:
                best = (vl, step + 1, copy.deepcopy({k: v.detach().float().cpu() for k, v in model.state_dict().items()}))
            if time.time() - t0 > args.max_seconds and not last:
                print("stopping early: %.0fs > --max-seconds" % (time.time() - t0), flush=True)
                stopped_early = True
                if not do_eval:
                    vl = evaluate()
                    if vl < best[0]:
                        best = (vl, step + 1, copy.deepcopy({k: v.detach().float().cpu()
                                                              for k, v in model.state_dict().items()}))
                break
        step += 1
    else:
        step -= 1
    wall = time.time() - t0

    torch.save(best[2], os.path.join(args.out_dir, "model.pt"))
    with open(os.path.join(args.out_dir, "config.json"), "w") as f:
        json.dump(cfg.to_dict(), f, indent=1)
    with open(os.path.join(args.out_dir, "loss.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["step", "tokens", "lr", "train_loss", "val_loss", "elapsed_s"])
        for r in rows:
            w.writerow([r[0], r[1], "%.6g" % r[2], "%.5f" % r[3], "" if math.isnan(r[4]) else "%.5f" % r[4],
                        "%.2f" % r[5]])
    final_train = rows[-1][3] if rows else float("nan")
    settings = {"args": vars(args), "config": cfg.to_dict(), "parameters": n_params,
                "steps_planned": total[0], "steps_run": step + 1, "stopped_early": stopped_early, "wall_seconds": round(wall, 1),
                "tokens_seen": (step + 1) * args.batch * T, "final_train_loss": final_train,
                "best_val_loss": best[0], "best_val_step": best[1],
                "torch": torch.__version__, "python": platform.python_version(),
                "device": torch.cuda.get_device_name(0) if dev.type == "cuda" else platform.processor() or "cpu"}
    with open(os.path.join(args.out_dir, "train_settings.json"), "w") as f:
        json.dump(settings, f, indent=1)
    print("done: %d steps in %.1fs; best val %.4f at step %d; final train %.4f"
          % (step + 1, wall, best[0], best[1], final_train), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
