#!/usr/bin/python3
"""Compares Tessera's dequantizer with gguf-py's (an independent numpy decoder) on GGUF files.

Usage: compare.py --cli TESSERA_CLI --data DIR [--gguf-py DIR]

1. Writes DIR/models/grid-TYPE.gguf for every checked type: blocks whose grid-index fields walk
   every codebook point (so each table entry is exercised), with random signs, scales and quants.
2. For every DIR/models/*.gguf and every tensor of a checked type: decodes the tensor with gguf-py
   and with `tessera-cli inspect FILE --tensor NAME --dequant OUT.f32`, and compares.
3. Writes gguf-py's values to DIR/ref/FILE/TENSOR.f32 and lists them in DIR/manifest.tsv (for the
   GoogleTest tests/core/quant/quant_files_test.cpp, run with TESSERA_QUANT_CHECK_DIR=DIR).

Prints the max abs difference per type and exits 1 unless every type's is exactly 0.
"""
import argparse
import os
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

import numpy as np

CHECKED = ["IQ4_NL", "IQ4_XS", "IQ3_XXS", "IQ3_S", "IQ2_XXS", "IQ2_XS", "IQ2_S", "IQ1_S", "IQ1_M",
           "TQ1_0", "TQ2_0", "MXFP4"]


def random_fp16(rng, n):
    """Finite fp16 bit patterns of either sign, exponent field 0..20 (subnormals up to 32)."""
    exp = rng.integers(0, 21, n, dtype=np.uint16)
    mant = rng.integers(0, 1024, n, dtype=np.uint16)
    sign = rng.integers(0, 2, n, dtype=np.uint16)
    return (sign << 15) | (exp << 10) | mant


def put_u16(blk, off, v):
    blk[off] = v & 0xFF
    blk[off + 1] = (v >> 8) & 0xFF


def grid_blocks(gguf, name, rng):
    """uint8 [n_blocks, type_size]: random blocks with grid indices walking every point."""
    qt = gguf.GGMLQuantizationType[name]
    block, size = gguf.GGML_QUANT_SIZES[qt]
    grid_points = {"IQ2_XXS": 256, "IQ2_XS": 512, "IQ2_S": 1024, "IQ3_XXS": 256, "IQ3_S": 512,
                   "IQ1_S": 2048, "IQ1_M": 2048}.get(name, 0)
    per_block = {"IQ3_XXS": 64, "IQ3_S": 64}.get(name, 32)  # index fields per block
    n_blocks = max(16, -(-grid_points // per_block))
    n_blocks = -(-n_blocks // 4) * 4  # rows of 4 blocks
    b = rng.integers(0, 256, (n_blocks, size), dtype=np.uint8)
    d = random_fp16(rng, n_blocks)
    k = 0  # the next grid point to place
    for i in range(n_blocks):
        blk = b[i]
        if name == "MXFP4":
            blk[0] = [0, 1, 2, 250][i] if i < 4 else rng.integers(100, 150)
        elif name == "TQ1_0":
            put_u16(blk, 52, int(d[i]))
        elif name == "TQ2_0":
            put_u16(blk, 64, int(d[i]))
        elif name == "IQ1_M":
            for w in range(4):
                blk[49 + 2 * w] = (blk[49 + 2 * w] & 0x0F) | (((int(d[i]) >> (4 * w)) & 15) << 4)
        else:
            put_u16(blk, 0, int(d[i]))
        for g in range(per_block):
            idx = k % grid_points if grid_points else 0
            k += 1
            s, l = g // 4, g % 4
            if name == "IQ2_XXS":
                blk[2 + 8 * s + l] = idx
            elif name == "IQ2_XS":
                q = int(blk[2 + 2 * g]) | (int(blk[3 + 2 * g]) << 8)
                put_u16(blk, 2 + 2 * g, (q & ~511) | idx)
            elif name == "IQ2_S":
                blk[2 + g] = idx & 0xFF
                blk[66 + s] = (blk[66 + s] & ~(3 << (2 * l)) & 0xFF) | ((idx >> 8) << (2 * l))
            elif name in ("IQ3_XXS", "IQ3_S"):
                blk[2 + g] = idx & 0xFF
                if name == "IQ3_S":
                    s8, bit = g // 8, g % 8
                    blk[66 + s8] = (blk[66 + s8] & ~(1 << bit) & 0xFF) | ((idx >> 8) << bit)
            elif name == "IQ1_S":
                blk[2 + g] = idx & 0xFF
                qh = int(blk[34 + 2 * s]) | (int(blk[35 + 2 * s]) << 8)
                qh = (qh & ~(7 << (3 * l))) | ((idx >> 8) << (3 * l))
                put_u16(blk, 34 + 2 * s, qh)
            elif name == "IQ1_M":
                blk[g] = idx & 0xFF
                at, shift = 32 + 2 * s + l // 2, 4 * (l % 2)
                blk[at] = (blk[at] & ~(7 << shift) & 0xFF) | ((idx >> 8) << shift)
    return b.reshape(n_blocks // 4, 4 * size), k >= grid_points


def write_grid_files(gguf, models, rng):
    for name in CHECKED:
        data, covered = grid_blocks(gguf, name, rng)
        assert covered, name
        path = models / f"grid-{name}.gguf"
        w = gguf.GGUFWriter(str(path), "llama")
        w.add_tensor(f"grid.{name}", data, raw_dtype=gguf.GGMLQuantizationType[name])
        w.write_header_to_file()
        w.write_kv_data_to_file()
        w.write_tensors_to_file()
        w.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--gguf-py", default="/work/ext/llama.cpp/gguf-py")
    args = ap.parse_args()
    sys.path.insert(0, args.gguf_py)
    import gguf  # noqa: E402

    data = Path(args.data)
    models = data / "models"
    models.mkdir(parents=True, exist_ok=True)
    write_grid_files(gguf, models, np.random.default_rng(16))

    max_diff = defaultdict(float)
    tensors = defaultdict(int)
    elements = defaultdict(int)
    bit_mismatch = defaultdict(int)
    manifest = []
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "t.f32")
        for path in sorted(models.glob("*.gguf")):
            reader = gguf.GGUFReader(str(path))
            for t in reader.tensors:
                tname = t.tensor_type.name
                if tname not in CHECKED:
                    continue
                ref = gguf.quants.dequantize(t.data, t.tensor_type).astype(np.float32).reshape(-1)
                r = subprocess.run([args.cli, "inspect", str(path), "--tensor", t.name, "--dequant", out],
                                   capture_output=True, text=True)
                if r.returncode != 0:
                    print(f"FAIL {path.name} {t.name}: tessera-cli exit {r.returncode}: {r.stderr.strip()}")
                    max_diff[tname] = float("inf")
                    continue
                got = np.fromfile(out, dtype="<f4")
                if got.shape != ref.shape:
                    print(f"FAIL {path.name} {t.name}: {got.size} values, gguf-py has {ref.size}")
                    max_diff[tname] = float("inf")
                    continue
                with np.errstate(invalid="ignore"):
                    diff = np.abs(got.astype(np.float64) - ref.astype(np.float64))
                both_nan = np.isnan(got) & np.isnan(ref)
                diff[both_nan] = 0.0
                d = float(np.nanmax(np.where(np.isnan(diff), np.inf, diff))) if diff.size else 0.0
                max_diff[tname] = max(max_diff[tname], d)
                bit_mismatch[tname] += int(np.count_nonzero(got.view(np.uint32) != ref.view(np.uint32)))
                tensors[tname] += 1
                elements[tname] += ref.size
                ref_path = data / "ref" / path.stem / f"{t.name}.f32"
                ref_path.parent.mkdir(parents=True, exist_ok=True)
                ref.astype("<f4").tofile(ref_path)
                manifest.append(f"models/{path.name}\t{t.name}\t{tname}\t{ref_path.relative_to(data)}")
    (data / "manifest.tsv").write_text("".join(line + "\n" for line in manifest))

    ok = True
    print(f"{'type':8} {'tensors':>8} {'elements':>10} {'max |tessera - gguf-py|':>24} {'bit diffs':>10}")
    for name in CHECKED:
        if tensors[name] == 0 and max_diff[name] == 0.0:
            print(f"{name:8} {'-':>8} {'-':>10} {'no tensors':>24}")
            ok = False
            continue
        print(f"{name:8} {tensors[name]:8d} {elements[name]:10d} {max_diff[name]:24.3g} {bit_mismatch[name]:10d}")
        ok &= max_diff[name] == 0.0
    print("all types exact" if ok else "MISMATCH (or a type with no tensors)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
