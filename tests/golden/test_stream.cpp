#include <doctest/doctest.h>

#include "helpers.hpp"
#include "zvc/zvc.hpp"

using namespace zvc;

TEST_CASE("streaming codec equals the whole-buffer codec for any chunking") {
  SplitMix64 rng(3);
  for (const int e : {1, 2, 4}) {
    for (int iter = 0; iter < 40; ++iter) {
      const std::size_t n = rng.next() % 3000;
      const Bytes raw = random_sparse(n, e, 1.0 - (iter % 5) / 4.0, rng);
      const Bytes ref = compress(raw, e);
      StreamEncoder enc(e);
      Bytes payload;
      for (std::size_t at = 0; at < raw.size();) {
        const std::size_t len = std::min<std::size_t>(raw.size() - at, rng.next() % 300);
        enc.feed(ByteView(raw).subspan(at, len), payload);
        at += len;
      }
      enc.finish(payload);
      CHECK(payload == ref);
      CHECK(enc.payload_bytes() == ref.size());
      CHECK(enc.raw_bytes() == raw.size());

      StreamDecoder dec(e, raw.size());
      Bytes back;
      for (std::size_t at = 0; at < payload.size();) {
        const std::size_t len = std::min<std::size_t>(payload.size() - at, rng.next() % 300);
        dec.feed(ByteView(payload).subspan(at, len), back);
        at += len;
      }
      dec.finish();
      CHECK(dec.done());
      CHECK(back == raw);
    }
  }
}

TEST_CASE("streaming encoder rejects a partial element at finish") {
  StreamEncoder enc(4);
  Bytes out;
  enc.feed(Bytes(6, 1), out);
  CHECK_THROWS_WITH_AS(enc.finish(out), doctest::Contains("not a multiple"), Error);
}
