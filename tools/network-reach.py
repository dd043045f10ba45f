#!/usr/bin/env python3
"""The select bits of a whole-window compaction network (zvc_compact_ctrl)
that no window can set, for tools/coverage-exclusions.txt.
  network-reach.py SLOTS:MASK_SLOTS...

Stage s moves a kept slot down by 2^s when bit s of its drop count d (the
dropped slots below it) is set; sel[s*N + q] is set when position q takes
the slot from q + 2^s. Every window keeps its MaskSlots mask slots (ZVC and
binarize at E = 1 and 2), so slot i has 0 <= d <= i - MaskSlots, and any
such d occurs. Prints, as ranges, the select bits that no (i, d) sets in
any of the given networks that has them."""
import math
import sys


def unset(slots, mask_slots):
    """(select bits of the network, those no window sets)."""
    stages = math.ceil(math.log2(slots))
    reached = set()
    for i in range(mask_slots, slots):
        for d in range(i - mask_slots + 1):
            pos = i
            for s in range(stages):
                if d >> s & 1:
                    pos -= 1 << s
                    reached.add(s * slots + pos)
    bits = set(range(stages * slots))
    return bits, bits - reached


def ranges(bits):
    out, bits = [], sorted(bits)
    while bits:
        lo = hi = bits.pop(0)
        while bits and bits[0] == hi + 1:
            hi = bits.pop(0)
        out.append(f"{lo}-{hi}" if hi > lo else f"{lo}")
    return ",".join(out)


if __name__ == "__main__":
    nets = [unset(*map(int, a.split(":"))) for a in sys.argv[1:]]
    # A bit counts as unset when every network that has it leaves it unset.
    every = set().union(*(bits for bits, _ in nets))
    print(ranges({b for b in every if all(b in never for bits, never in nets if b in bits)}))
