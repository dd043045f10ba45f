#!/usr/bin/env bash
# The zvc CLI end to end: round trips through files and pipes, and every
# bad-input path (message on stderr, non-zero exit, no output file left).
set -uo pipefail
zvc=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fails=0 passes=0
ok() { passes=$((passes + 1)); }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }

# expect_error NAME OUTPUT_FILE PATTERN -- CMD...: non-zero exit, stderr matches, no output file.
expect_error() {
  local name=$1 out=$2 pattern=$3; shift 4
  if "$@" >stdout.txt 2>stderr.txt; then bad "$name: exit 0"; return; fi
  grep -qiE "$pattern" stderr.txt || { bad "$name: stderr lacks '$pattern': $(cat stderr.txt)"; return; }
  if [ -n "$out" ] && compgen -G "$out*" >/dev/null; then bad "$name: left $(compgen -G "$out*")"; return; fi
  ok
}

"$zvc" synth --elem 4 --zeros 0.7 --count 100003 raw.f32 || bad "synth"
for e in 1 2 4; do
  "$zvc" synth --elem $e --zeros 0.6 --count 5000 r$e.bin
  "$zvc" compress --elem $e r$e.bin c$e.zvc && "$zvc" decompress c$e.zvc d$e.bin && cmp -s r$e.bin d$e.bin && ok || bad "container round trip E=$e"
  "$zvc" compress --elem $e --raw r$e.bin p$e.raw &&
    "$zvc" decompress --raw --elem $e --length $(stat -c %s r$e.bin) p$e.raw q$e.bin && cmp -s r$e.bin q$e.bin && ok || bad "bare round trip E=$e"
done
# Pipes.
"$zvc" compress - - <raw.f32 | "$zvc" decompress - - | cmp -s - raw.f32 && ok || bad "pipe round trip"
# The bare payload is the container's tail, byte for byte.
"$zvc" compress --raw raw.f32 raw.payload && "$zvc" compress --block 0 raw.f32 raw.zvc &&
  cmp -s raw.payload <(tail -c +41 raw.zvc) && ok || bad "container payload equals bare payload"
# Worked example from the spec.
printf '\x00\x00\x00\x00\x00\x00\x80\x3f' >ex.f32; head -c 116 /dev/zero >>ex.f32; printf '\x00\x00\x00\x40' >>ex.f32
"$zvc" compress --raw ex.f32 ex.zvc && [ "$(od -An -tx1 ex.zvc | tr -d ' \n')" = "020000800000803f00000040" ] && ok || bad "worked example"
# stats, text and JSON, on raw files and containers.
"$zvc" stats raw.f32 c4.zvc >stats.txt && grep -q "raw.f32" stats.txt && ok || bad "stats text"
"$zvc" stats --json raw.f32 >stats.json && grep -q '"zero_fraction"' stats.json && ok || bad "stats json"
"$zvc" --help >/dev/null && "$zvc" compress --help >/dev/null && "$zvc" decompress --help >/dev/null &&
  "$zvc" stats --help >/dev/null && "$zvc" bench --help >/dev/null && ok || bad "--help"
"$zvc" bench --seconds 0.01 --synth-bytes 65536 c2.zvc >bench.txt && grep -q zstd bench.txt && ok || bad "bench"

# Bad input.
head -c 7 raw.f32 >odd.bin
expect_error "length not a multiple of E" out1 "not a multiple" -- "$zvc" compress odd.bin out1
expect_error "missing input" out2 "cannot open" -- "$zvc" compress nothere.bin out2
expect_error "bad --elem" out3 "elem" -- "$zvc" compress --elem 3 raw.f32 out3
expect_error "no subcommand" "" "subcommand" -- "$zvc"
expect_error "unknown option" out4 "" -- "$zvc" compress --fast raw.f32 out4
expect_error "decompress raw without length" out5 "needs --elem and --length" -- "$zvc" decompress --raw p4.raw out5
expect_error "decompress raw length not multiple" out6 "not a multiple" -- "$zvc" decompress --raw --elem 4 --length 6 p4.raw out6
expect_error "not a container" out7 "not a .zvc container" -- "$zvc" decompress raw.f32 out7
head -c 100 c4.zvc >trunc.zvc
expect_error "truncated container" out8 "truncated" -- "$zvc" decompress trunc.zvc out8
cp c4.zvc corrupt.zvc; printf '\xff' | dd of=corrupt.zvc bs=1 seek=5000 conv=notrunc status=none
expect_error "corrupted payload" out9 "corrupt" -- "$zvc" decompress corrupt.zvc out9
head -c $(( $(stat -c %s p4.raw) - 1 )) p4.raw >trunc.raw
expect_error "truncated payload" out10 "truncated" -- "$zvc" decompress --raw --elem 4 --length 20000 trunc.raw out10
cat p4.raw ex.f32 >trail.raw
expect_error "trailing payload" out11 "trailing" -- "$zvc" decompress --raw --elem 4 --length 20000 trail.raw out11
# --lenient: the hardware's reading, never failing; the status bits on stderr.
"$zvc" decompress --raw --lenient --elem 4 --length 20000 p4.raw l0.bin 2>l0.txt && cmp -s r4.bin l0.bin &&
  grep -q "^sts_error 0 (none)$" l0.txt && ok || bad "lenient decode of a good payload"
"$zvc" decompress --raw --lenient --elem 4 --length 20000 trunc.raw l1.bin 2>l1.txt &&
  [ "$(stat -c %s l1.bin)" = 20000 ] && grep -q "^sts_error 1 (truncated)$" l1.txt && ok || bad "lenient truncated"
"$zvc" decompress --raw --lenient --elem 4 --length 20000 trail.raw l2.bin 2>l2.txt && cmp -s r4.bin l2.bin &&
  grep -q "^sts_error 2 (trailing)$" l2.txt && ok || bad "lenient trailing"
expect_error "lenient without --raw" out14 "only with --raw" -- "$zvc" decompress --lenient c4.zvc out14
expect_error "lenient length not multiple" out15 "not a positive multiple" -- "$zvc" decompress --raw --lenient --elem 4 --length 6 p4.raw out15
expect_error "container options on container" out12 "only with --raw" -- "$zvc" decompress --elem 4 c4.zvc out12
expect_error "bad block size" out13 "block size" -- "$zvc" compress --block 100 raw.f32 out13
mkdir adir
expect_error "output is a directory" "" "directory" -- "$zvc" compress raw.f32 adir
expect_error "stats on odd file" "" "not a multiple" -- "$zvc" stats odd.bin
# Modes: the worked example's payload in each, containers and bare payloads.
for m in binarize:02000080 bf16:02000080803f0040 fp8:020000803840; do
  name=${m%%:*} hex=${m#*:}
  "$zvc" compress --raw --mode "$name" ex.f32 ex.$name && [ "$(od -An -tx1 ex.$name | tr -d ' \n')" = "$hex" ] &&
    ok || bad "worked example, mode $name"
  "$zvc" compress --mode "$name" raw.f32 m.$name.zvc && "$zvc" decompress m.$name.zvc m.$name.out &&
    "$zvc" compress --raw --mode "$name" raw.f32 m.$name.raw &&
    "$zvc" decompress --raw --mode "$name" --elem 4 --length $(stat -c %s raw.f32) m.$name.raw m.$name.out2 &&
    cmp -s m.$name.out m.$name.out2 && ok || bad "container and bare payload agree, mode $name"
  "$zvc" stats --json --mode "$name" raw.f32 >ms.json && grep -q "\"mode\": \"$name\"" ms.json &&
    "$zvc" stats --json m.$name.zvc >mc.json && grep -q "\"mode\": \"$name\"" mc.json &&
    grep -q "\"payload_bytes\": $(stat -c %s m.$name.raw)," ms.json &&
    grep -q "\"payload_bytes\": $(stat -c %s m.$name.raw)," mc.json && ok || bad "stats --mode $name"
done
# Binarize decodes to all-ones elements where the input is non-zero.
[ "$(od -An -tx1 -v m.binarize.out | tr -d ' \n' | head -c 400)" = \
  "$(od -An -tx1 -v raw.f32 | tr -d ' \n' | head -c 400 | sed -E 's/(..)(..)(..)(..)/\1\2\3\4 /g; s/00000000 /z/g; s/[0-9a-f]{8} /ffffffff/g; s/z/00000000/g')" ] &&
  ok || bad "binarize decodes to all-ones elements"
"$zvc" decompress --raw --lenient --mode binarize --elem 4 --length 128 <(head -c 3 ex.binarize) lb.bin 2>lb.txt &&
  grep -q "^sts_error 1 (truncated)$" lb.txt && ok || bad "lenient binarize truncated"
expect_error "unknown mode" out16 "unknown mode 'fp16'" -- "$zvc" compress --mode fp16 raw.f32 out16
expect_error "bf16 on 2-byte elements" out17 "must be 4" -- "$zvc" compress --mode bf16 --elem 2 r2.bin out17
expect_error "mode on a container" out18 "only with --raw" -- "$zvc" decompress --mode fp8 m.fp8.zvc out18
# Block ranges (docs/format.md, "Blocks"): of a container by its index, of a
# bare payload by an index file (the container's index bytes, as the engine
# will write them), in ZVC and in bf16.
"$zvc" compress --elem 4 r4.bin b4.zvc && "$zvc" compress --elem 4 --mode bf16 r4.bin b4bf.zvc &&
  "$zvc" decompress b4.zvc b4.full && "$zvc" decompress b4bf.zvc b4bf.full || bad "block containers"
for z in b4 b4bf; do
  n=$(od -An -tu4 -j 32 -N 4 "$z.zvc" | tr -d ' ')
  head -c $((40 + 4 * n)) "$z.zvc" | tail -c $((4 * n)) >"$z.idx"
  tail -c +$((41 + 4 * n)) "$z.zvc" >"$z.pay"
done
"$zvc" decompress --blocks 1:3 b4.zvc blk1.bin && cmp -s blk1.bin <(tail -c +4097 b4.full | head -c 12288) &&
  ok || bad "container blocks 1:3"
"$zvc" decompress --raw --elem 4 --length 20000 --index b4.idx --blocks 4:1 b4.pay blk2.bin &&
  cmp -s blk2.bin <(tail -c +16385 b4.full) && ok || bad "bare payload, last block"
"$zvc" decompress --raw --elem 4 --mode bf16 --length 20000 --index b4bf.idx --blocks 0:2 b4bf.pay blk3.bin &&
  cmp -s blk3.bin <(head -c 8192 b4bf.full) && ok || bad "bf16 bare payload, blocks 0:2"
expect_error "blocks past the end" out19 "outside the map" -- "$zvc" decompress --raw --elem 4 --length 20000 --index b4.idx --blocks 4:2 b4.pay out19
expect_error "index of another length" out20 "make 4 blocks" -- "$zvc" decompress --raw --elem 4 --length 16000 --index b4.idx --blocks 0:1 b4.pay out20
expect_error "index not summing to the payload" out21 "sums to" -- "$zvc" decompress --raw --elem 4 --length 20000 --index b4bf.idx --blocks 0:1 b4.pay out21
expect_error "bare blocks without an index" out22 "needs --index" -- "$zvc" decompress --raw --elem 4 --length 20000 --blocks 0:1 b4.pay out22
expect_error "bad range" out23 "FIRST:COUNT" -- "$zvc" decompress --blocks 0-1 b4.zvc out23
expect_error "container without an index" out24 "no block index" -- "$zvc" decompress --blocks 0:1 raw.zvc out24
head -c 7 b4.idx >odd.idx
expect_error "index of odd length" out25 "4 bytes per block" -- "$zvc" decompress --raw --elem 4 --length 20000 --index odd.idx --blocks 0:1 b4.pay out25

# An existing output is left untouched when the command fails.
echo keep >kept.bin
"$zvc" compress odd.bin kept.bin 2>/dev/null; [ "$(cat kept.bin)" = keep ] && ok || bad "existing output clobbered on error"

echo "cli: $passes passed, $fails failed"
[ "$fails" -eq 0 ]
