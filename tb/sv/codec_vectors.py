#!/usr/bin/env python3
"""Stimulus and expected results for tb/sv/zvc_compressor_tb.sv and
tb/sv/zvc_decompressor_tb.sv, from the golden model (the zvc CLI).

usage: codec_vectors.py ZVC ELEM_BYTES BUS_BYTES SEED OUTDIR

Writes into OUTDIR, for each bench (comp, dec):
  <bench>.txt     one frame per line: raw_bytes payload_bytes sts_error (hex)
  <bench>_in.hex  the frames' input bytes, back to back ($readmemh)
  <bench>_out.hex the frames' expected output bytes, back to back
The compressor's frames: ReLU-like maps of one element, of part of a window,
of several windows with a partial last one, dense, all zero, and random
lengths and sparsities. The decompressor gets their payloads, then a
truncated payload, one with trailing bytes and one with a mask bit past its
last element, whose expected output and sts_error bits are the golden
model's reading of them as the hardware reads them (`zvc decompress
--lenient`).
"""
import pathlib
import random
import sys

from golden import Golden


def main(zvc, elem, bus, seed, outdir):
    elem, bus = int(elem), int(bus)
    rng = random.Random(int(seed))
    g = Golden(zvc, elem, rng)
    raws = [g.relu_like(1, 0.0), g.relu_like(rng.randrange(2, 32), 0.5),
            g.relu_like(32 * rng.randrange(2, 5) + rng.randrange(1, 32), 0.6),
            g.relu_like(64, 0.0), bytes(elem * rng.randrange(1, 100))]
    raws += [g.relu_like(rng.randrange(1, 8 * bus // elem + 40), rng.choice((0.3, 0.6, 0.9)))
             for _ in range(6)]
    comp = [(raw, g.compress(raw), 0) for raw in raws]
    dec = [(payload, raw, 0) for raw, payload, _ in comp]
    raw, payload = raws[2], comp[2][1]  # its last window is partial
    for broken in g.malformed(raw, payload):
        dec.append((broken, *g.lenient(broken, len(raw))))

    out = pathlib.Path(outdir)
    out.mkdir(parents=True, exist_ok=True)

    def write(name, frames, raw_first):
        (out / f"{name}.txt").write_text("".join(
            f"{len(a if raw_first else b):x} {len(b if raw_first else a):x} {err:x}\n" for a, b, err in frames))
        (out / f"{name}_in.hex").write_text("".join(f"{x:02x}\n" for a, _, _ in frames for x in a))
        (out / f"{name}_out.hex").write_text("".join(f"{x:02x}\n" for _, b, _ in frames for x in b))
    write("comp", comp, True)
    write("dec", dec, False)


if __name__ == "__main__":
    if len(sys.argv) != 6:
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
