"""Helpers of the vector writers (engine_vectors.py, codec_vectors.py): test
data and the golden model's answers, through the zvc CLI."""
import re
import subprocess


class Golden:
    """The zvc CLI at one element size, and a seeded random source of maps."""

    def __init__(self, zvc, elem, rng):
        self.zvc, self.elem, self.rng = zvc, elem, rng

    def relu_like(self, elems, zero_fraction):
        """elems elements, each zero with the given probability, else non-zero."""
        data = bytearray()
        for _ in range(elems):
            if self.rng.random() < zero_fraction:
                data += bytes(self.elem)
            else:
                v = bytearray(self.rng.getrandbits(8) for _ in range(self.elem))
                v[-1] |= 1  # non-zero
                data += v
        return bytes(data)

    def _run(self, args, data):
        return subprocess.run([self.zvc, *args, "--elem", str(self.elem), "-", "-"], input=data,
                              capture_output=True, check=True)

    def compress(self, raw):
        return self._run(["compress", "--raw"], raw).stdout

    def lenient(self, payload, raw_bytes):
        """How zvc_decompressor reads payload: (raw bytes, sts_error bits)."""
        run = self._run(["decompress", "--raw", "--lenient", "--length", str(raw_bytes)], payload)
        return run.stdout, int(re.search(rb"^sts_error (\d+)", run.stderr, re.M).group(1))

    def malformed(self, raw, payload):
        """A truncated payload, one with trailing bytes and one with a mask bit
        past the last element (raw's last window must be partial)."""
        elems = len(raw) // self.elem
        offset = 0  # of the last window's mask
        for _ in range((elems - 1) // 32):
            offset += 4 + bin(int.from_bytes(payload[offset:offset + 4], "little")).count("1") * self.elem
        bad_mask = bytearray(payload)
        bad_mask[offset + 3] |= 0x80
        return [payload[:-4 * self.elem], payload + bytes([0x5A] * 4 * self.elem), bytes(bad_mask)]
