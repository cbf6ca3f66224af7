"""A small GGUF v3 writer and reader (little-endian), written for tessera-tiny.

Layout: "GGUF", u32 version=3, u64 n_tensors, u64 n_kv; n_kv key/value pairs (key =
u64 length + UTF-8 bytes, u32 value type, value); n_tensors tensor infos (name, u32
n_dims, u64 ne[n_dims] fastest-varying first, u32 ggml type, u64 offset into the data
section); zero padding to general.alignment (32); the tensor data, each tensor starting
at a multiple of the alignment.

Tensors are given as numpy arrays in C order; the GGUF dims are the numpy shape
reversed (a PyTorch Linear weight [out, in] is stored with ne = [in, out]).
Only F32 (ggml type 0) and F16 (ggml type 1) tensors are supported: that is all
tessera-tiny uses.
"""

from __future__ import annotations

import struct
from typing import Any, Dict, List, Tuple

import numpy as np

GGUF_MAGIC = b"GGUF"
GGUF_VERSION = 3
ALIGNMENT = 32

# metadata value types
UINT8, INT8, UINT16, INT16, UINT32, INT32, FLOAT32, BOOL, STRING, ARRAY, UINT64, INT64, FLOAT64 = range(13)
_SCALAR = {UINT8: "<B", INT8: "<b", UINT16: "<H", INT16: "<h", UINT32: "<I", INT32: "<i", FLOAT32: "<f",
           BOOL: "<?", UINT64: "<Q", INT64: "<q", FLOAT64: "<d"}

# ggml tensor types used here
GGML_F32, GGML_F16 = 0, 1
_NP_OF = {GGML_F32: np.dtype("<f4"), GGML_F16: np.dtype("<f2")}


def _str(s: str) -> bytes:
    b = s.encode("utf-8")
    return struct.pack("<Q", len(b)) + b


def _value(vtype: int, value: Any) -> bytes:
    if vtype == STRING:
        return _str(value)
    if vtype == ARRAY:
        etype, items = value
        out = [struct.pack("<IQ", etype, len(items))]
        if etype == STRING:
            out.extend(_str(s) for s in items)
        else:
            fmt = _SCALAR[etype]
            out.append(b"".join(struct.pack(fmt, x) for x in items))
        return b"".join(out)
    return struct.pack(_SCALAR[vtype], value)


class GGUFWriter:
    def __init__(self) -> None:
        self.kv: List[Tuple[str, int, Any]] = []
        self.tensors: List[Tuple[str, np.ndarray, int]] = []

    def add(self, key: str, vtype: int, value: Any) -> None:
        if any(k == key for k, _, _ in self.kv):
            raise ValueError("duplicate key " + key)
        self.kv.append((key, vtype, value))

    def add_str(self, key, v): self.add(key, STRING, v)
    def add_u32(self, key, v): self.add(key, UINT32, int(v))
    def add_f32(self, key, v): self.add(key, FLOAT32, float(v))
    def add_bool(self, key, v): self.add(key, BOOL, bool(v))
    def add_array(self, key, etype, items): self.add(key, ARRAY, (etype, list(items)))

    def add_tensor(self, name: str, arr: np.ndarray, ggml_type: int) -> None:
        a = np.ascontiguousarray(arr, dtype=_NP_OF[ggml_type])
        self.tensors.append((name, a, ggml_type))

    def write(self, path: str) -> int:
        head = [GGUF_MAGIC, struct.pack("<IQQ", GGUF_VERSION, len(self.tensors), len(self.kv))]
        for key, vtype, value in self.kv:
            head += [_str(key), struct.pack("<I", vtype), _value(vtype, value)]
        offset = 0
        datas = []
        for name, a, gt in self.tensors:
            ne = list(reversed(a.shape))
            head += [_str(name), struct.pack("<I", len(ne)), struct.pack("<%dQ" % len(ne), *ne),
                     struct.pack("<IQ", gt, offset)]
            raw = a.tobytes()
            pad = (-len(raw)) % ALIGNMENT
            datas.append(raw + b"\0" * pad)
            offset += len(raw) + pad
        header = b"".join(head)
        header += b"\0" * ((-len(header)) % ALIGNMENT)
        with open(path, "wb") as f:
            f.write(header)
            for d in datas:
                f.write(d)
        return len(header) + offset


class GGUFError(ValueError):
    pass


def read_gguf(path: str) -> Tuple[Dict[str, Any], Dict[str, np.ndarray], Dict[str, int]]:
    """Returns (metadata, tensors as numpy arrays shaped like PyTorch, ggml types)."""
    with open(path, "rb") as f:
        buf = f.read()
    pos = 0

    def take(n: int) -> bytes:
        nonlocal pos
        if pos + n > len(buf):
            raise GGUFError("%s: truncated at byte %d (need %d more)" % (path, pos, n))
        b = buf[pos:pos + n]
        pos += n
        return b

    def unpack(fmt: str):
        return struct.unpack(fmt, take(struct.calcsize(fmt)))[0]

    def rstr() -> str:
        n = unpack("<Q")
        if n > len(buf):
            raise GGUFError("%s: string length %d at byte %d exceeds the file" % (path, n, pos))
        return take(n).decode("utf-8")

    def rval(vtype: int):
        if vtype == STRING:
            return rstr()
        if vtype == ARRAY:
            et, n = unpack("<I"), unpack("<Q")
            return [rval(et) for _ in range(n)]
        if vtype not in _SCALAR:
            raise GGUFError("%s: unknown value type %d at byte %d" % (path, vtype, pos))
        return unpack(_SCALAR[vtype])

    if take(4) != GGUF_MAGIC:
        raise GGUFError("%s: not a GGUF file (bad magic)" % path)
    version = unpack("<I")
    if version != 3:
        raise GGUFError("%s: GGUF version %d, expected 3" % (path, version))
    n_t, n_kv = unpack("<Q"), unpack("<Q")
    meta: Dict[str, Any] = {}
    for _ in range(n_kv):
        k = rstr()
        meta[k] = rval(unpack("<I"))
    infos = []
    for _ in range(n_t):
        name = rstr()
        nd = unpack("<I")
        ne = [unpack("<Q") for _ in range(nd)]
        gt, off = unpack("<I"), unpack("<Q")
        infos.append((name, ne, gt, off))
    align = int(meta.get("general.alignment", ALIGNMENT))
    data_start = pos + ((-pos) % align)
    tensors: Dict[str, np.ndarray] = {}
    types: Dict[str, int] = {}
    for name, ne, gt, off in infos:
        if gt not in _NP_OF:
            raise GGUFError("%s: tensor %s has ggml type %d; this reader knows F32/F16 only" % (path, name, gt))
        if off % align:
            raise GGUFError("%s: tensor %s offset %d not aligned to %d" % (path, name, off, align))
        n = int(np.prod(ne))
        nbytes = n * _NP_OF[gt].itemsize
        start = data_start + off
        if start + nbytes > len(buf):
            raise GGUFError("%s: tensor %s extends past the end of the file" % (path, name))
        a = np.frombuffer(buf, dtype=_NP_OF[gt], count=n, offset=start)
        tensors[name] = a.reshape(list(reversed(ne)))
        types[name] = gt
    return meta, tensors, types
