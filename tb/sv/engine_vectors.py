#!/usr/bin/env python3
"""Stimulus and expected results for tb/sv/cdma_engine_tb.sv, from the golden
model (the zvc CLI compresses every OFFLOAD source and PREFETCH payload).

usage: engine_vectors.py ZVC ELEM_BYTES BUS_BYTES SEED OUTDIR

Writes into OUTDIR:
  mem.hex     the initial memory image, one byte per line ($readmemh)
  expect.hex  the memory image after every descriptor has run
  desc.txt    one descriptor per line: op src dst raw_bytes comp_bytes tag,
              then its expected status: raw_bytes comp_bytes error (hex)
The descriptors: OFFLOADs of ReLU-like, dense, all-zero and one-element maps,
PREFETCHes of payloads placed in memory and of a payload an earlier OFFLOAD
wrote (so the order of execution matters), PREFETCHes of a truncated payload,
of one with trailing bytes and of one with a mask bit past its last element
(each one error, the output the hardware's reading: `zvc decompress
--lenient`), COPYs of a beat plus an element, five beats less an element and
a random length; every address element-aligned but not beat-aligned.
"""
import pathlib
import random
import sys

from golden import Golden

MEM_BYTES = 1 << 16
RING_BYTES = 2048  # the top of memory: cdma_dma_tb.sv's descriptor ring and records
COPY, OFFLOAD, PREFETCH = 0, 1, 2


def main(zvc, elem, bus, seed, outdir):
    elem, bus = int(elem), int(bus)
    rng = random.Random(int(seed))
    g = Golden(zvc, elem, rng)
    relu_like, compress = g.relu_like, g.compress
    mem = bytearray(rng.getrandbits(8) for _ in range(MEM_BYTES))
    used = []  # [start, end) of every range a descriptor reads or writes

    def place(size):
        """An element-aligned, not beat-aligned range of size bytes, apart from the others."""
        for _ in range(1000):
            start = rng.randrange(0, MEM_BYTES - RING_BYTES - size - 2 * bus, elem)
            if start % bus == 0:
                start += elem if elem < bus else 0
            if all(start + size + bus <= a or b + bus <= start for a, b in used):
                used.append((start, start + size))
                return start
        raise SystemExit("engine_vectors.py: memory too small for the descriptors")

    descs = []
    expect = bytearray(mem)

    def offload(raw, cap=0):
        # A capacity below the payload's size: its first cap bytes, error 10.
        src, payload = place(len(raw)), compress(raw)
        dst = place(len(payload))
        written = payload[:cap] if 0 < cap < len(payload) else payload
        mem[src:src + len(raw)] = raw
        expect[src:src + len(raw)] = raw
        expect[dst:dst + len(written)] = written
        descs.append((OFFLOAD, src, dst, len(raw), cap, len(raw), len(payload),
                      10 if len(written) < len(payload) else 0))
        return dst, payload

    def prefetch(src, payload, raw, error=0):
        dst = place(len(raw))
        expect[dst:dst + len(raw)] = raw
        descs.append((PREFETCH, src, dst, len(raw), len(payload), len(raw), len(payload), error))

    def copy(size):
        data = bytes(rng.getrandbits(8) for _ in range(size))
        src, dst = place(size), place(size)
        mem[src:src + size] = data
        expect[src:src + size] = data
        expect[dst:dst + size] = data
        descs.append((COPY, src, dst, size, 0, size, size, 0))

    window = 32 * elem
    raw = relu_like(rng.randrange(3 * window, 12 * window) // elem, 0.6)
    dst, payload = offload(raw)
    prefetch(dst, payload, raw)  # reads what the OFFLOAD before it wrote
    offload(relu_like(rng.randrange(window, 4 * window) // elem, 0.0))   # dense
    offload(bytes(rng.randrange(window, 4 * window) // elem * elem))     # all zero
    offload(relu_like(1, 0.0))                                           # one element
    raw = relu_like(rng.randrange(3 * window, 6 * window) // elem, 0.5)  # over its capacity
    offload(raw, len(compress(raw)) - rng.randrange(1, 2 * bus))
    offload(raw, len(compress(raw)))                                     # exactly its capacity
    for _ in range(3):
        raw = relu_like(rng.randrange(1, 8 * window) // elem + 1, rng.choice((0.3, 0.6, 0.9)))
        payload = compress(raw)
        src = place(len(payload))
        mem[src:src + len(payload)] = payload
        expect[src:src + len(payload)] = payload
        prefetch(src, payload, raw)
    # Malformed payloads, the last window partial; the engine's status codes
    # for the decompressor's bits (docs/dma.md): 1 truncated, 2 trailing, 3 bad mask.
    raw = relu_like(32 * rng.randrange(2, 6) + rng.randrange(1, 32), 0.5)
    for broken in g.malformed(raw, compress(raw)):
        out, bits = g.lenient(broken, len(raw))
        src = place(len(broken))
        mem[src:src + len(broken)] = broken
        expect[src:src + len(broken)] = broken
        prefetch(src, broken, out, {1: 1, 2: 2, 4: 3}[bits])
    for size in (bus + elem, 5 * bus - elem, rng.randrange(elem, 16 * bus, elem)):
        copy(size)

    out = pathlib.Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    (out / "mem.hex").write_text("".join(f"{b:02x}\n" for b in mem))
    (out / "expect.hex").write_text("".join(f"{b:02x}\n" for b in expect))
    (out / "desc.txt").write_text("".join(
        f"{op:x} {src:x} {dst:x} {raw:x} {comp:x} {tag:x} {sraw:x} {scomp:x} {error:x}\n"
        for tag, (op, src, dst, raw, comp, sraw, scomp, error) in enumerate(descs)))


if __name__ == "__main__":
    if len(sys.argv) != 6:
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
