/* The cDMA driver library (include/cdma.h). */
#include "cdma.h"

/* The tag of the blocking memcpy calls' descriptors. */
#define CDMA_SYNC_TAG 0xC0DEu

static uint32_t rd(cdma_dev* dev, uint32_t offset) {
  return dev->read32(dev->ctx, offset);
}
static void wr(cdma_dev* dev, uint32_t offset, uint32_t value) {
  dev->write32(dev->ctx, offset, value);
}
static uint32_t field(uint32_t value, uint32_t mask, uint32_t shift) {
  return (value & mask) >> shift;
}

/* Little-endian stores and loads, whatever the CPU's byte order. */
static void put32(uint8_t* p, uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = (uint8_t)(v >> (8 * i));
}
static void put64(uint8_t* p, uint64_t v) {
  put32(p, (uint32_t)v);
  put32(p + 4, (uint32_t)(v >> 32));
}
static uint32_t get32(const uint8_t* p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int cdma_open(cdma_dev* dev) {
  if (rd(dev, CDMA_ID) != CDMA_ID_VALUE) return CDMA_RC_NODEV;
  const uint32_t config = rd(dev, CDMA_CONFIG);
  dev->elem_bytes = field(config, CDMA_CONFIG_ELEM_BYTES_MASK, CDMA_CONFIG_ELEM_BYTES_SHIFT);
  dev->bus_bytes =
      1u << field(config, CDMA_CONFIG_BUS_BYTES_LOG2_MASK, CDMA_CONFIG_BUS_BYTES_LOG2_SHIFT);
  dev->max_burst = field(config, CDMA_CONFIG_MAX_BURST_MASK, CDMA_CONFIG_MAX_BURST_SHIFT);
  wr(dev, CDMA_CTRL, dev->wait_irq ? CDMA_CTRL_IRQ_EN_MASK : 0u);
  return 0;
}

int cdma_submit(cdma_dev* dev, const cdma_desc* desc) {
  if (rd(dev, CDMA_QUEUE) & CDMA_QUEUE_DESC_FULL_MASK) return CDMA_RC_FULL;
  wr(dev, CDMA_DESC_OP,
     (desc->op << CDMA_DESC_OP_OP_SHIFT & CDMA_DESC_OP_OP_MASK) |
         (desc->mode << CDMA_DESC_OP_MODE_SHIFT & CDMA_DESC_OP_MODE_MASK) |
         ((desc->flags & CDMA_FLAG_INDEX) ? CDMA_DESC_OP_INDEX_MASK : 0u));
  wr(dev, CDMA_DESC_TAG, desc->tag);
  wr(dev, CDMA_DESC_SRC_LO, (uint32_t)desc->src);
  wr(dev, CDMA_DESC_SRC_HI, (uint32_t)(desc->src >> 32));
  wr(dev, CDMA_DESC_DST_LO, (uint32_t)desc->dst);
  wr(dev, CDMA_DESC_DST_HI, (uint32_t)(desc->dst >> 32));
  wr(dev, CDMA_DESC_RAW_BYTES, desc->raw_bytes);
  wr(dev, CDMA_DESC_COMP_BYTES, desc->comp_bytes);
  /* Only this driver pushes, and the queue had room: the push is taken. */
  wr(dev, CDMA_DESC_PUSH, 1u);
  return 0;
}

/* Queues desc, polling QUEUE until it has room. */
static int submit_waiting(cdma_dev* dev, const cdma_desc* desc) {
  for (uint32_t polls = 0; dev->poll_budget == 0 || polls < dev->poll_budget; ++polls) {
    const int rc = cdma_submit(dev, desc);
    if (rc != CDMA_RC_FULL) return rc;
  }
  return CDMA_RC_TIMEOUT;
}

int cdma_copy(cdma_dev* dev, uint16_t tag, uint64_t dst, uint64_t src, uint32_t bytes) {
  const cdma_desc d = {CDMA_OP_COPY, CDMA_MODE_ZVC, tag, src, dst, bytes, 0, 0};
  return submit_waiting(dev, &d);
}

int cdma_offload(cdma_dev* dev, uint16_t tag, uint64_t dst, uint64_t src, uint32_t raw_bytes,
                 uint32_t capacity, unsigned mode) {
  const cdma_desc d = {CDMA_OP_OFFLOAD, mode, tag, src, dst, raw_bytes, capacity, 0};
  return submit_waiting(dev, &d);
}

int cdma_prefetch(cdma_dev* dev, uint16_t tag, uint64_t dst, uint64_t src, uint32_t raw_bytes,
                  uint32_t comp_bytes, unsigned mode) {
  const cdma_desc d = {CDMA_OP_PREFETCH, mode, tag, src, dst, raw_bytes, comp_bytes, 0};
  return submit_waiting(dev, &d);
}

/* Adds up n index entries from the u32 at addr into *sum (64 bits: no overflow). */
static void sum_entries(cdma_dev* dev, uint64_t addr, uint32_t n, uint64_t* sum) {
  uint8_t b[256];
  while (n) {
    const uint32_t k = n < 64u ? n : 64u;
    dev->read_mem(dev->ctx, addr, b, 4u * k);
    for (uint32_t i = 0; i < k; ++i) *sum += get32(b + 4 * i);
    addr += 4u * k;
    n -= k;
  }
}

int cdma_block_range(cdma_dev* dev, cdma_desc* desc, uint64_t map, uint32_t raw_bytes,
                     uint32_t first, uint32_t count) {
  if (!dev->read_mem) return CDMA_RC_NODEV;
  const uint64_t blocks = CDMA_INDEX_BYTES(raw_bytes) / 4u;
  if (count == 0 || first >= blocks || count > blocks - first) return CDMA_RC_RANGE;
  uint64_t offset = 0, comp = 0;
  sum_entries(dev, map, first, &offset);
  sum_entries(dev, map + 4u * (uint64_t)first, count, &comp);
  if (comp > 0xFFFFFFFFu) return CDMA_RC_RANGE;
  const uint64_t lo = (uint64_t)first * CDMA_BLOCK_BYTES;
  const uint64_t hi = (uint64_t)(first + count) * CDMA_BLOCK_BYTES;
  desc->op = CDMA_OP_PREFETCH;
  desc->flags = 0;
  desc->src = map + CDMA_INDEX_BYTES(raw_bytes) + offset;
  desc->raw_bytes = (uint32_t)((hi < raw_bytes ? hi : raw_bytes) - lo);
  desc->comp_bytes = (uint32_t)comp;
  return 0;
}

int cdma_prefetch_blocks(cdma_dev* dev, uint16_t tag, uint64_t dst, uint64_t map,
                         uint32_t raw_bytes, uint32_t first, uint32_t count, unsigned mode) {
  cdma_desc d = {CDMA_OP_PREFETCH, mode, tag, 0, dst, 0, 0, 0};
  const int rc = cdma_block_range(dev, &d, map, raw_bytes, first, count);
  return rc < 0 ? rc : submit_waiting(dev, &d);
}

static int sts_valid(cdma_dev* dev) {
  return (rd(dev, CDMA_QUEUE) & CDMA_QUEUE_STS_VALID_MASK) != 0;
}

/* The waiting record's tag. */
static uint16_t sts_tag(cdma_dev* dev) {
  return (uint16_t)field(rd(dev, CDMA_STS_TAG), CDMA_STS_TAG_TAG_MASK, CDMA_STS_TAG_TAG_SHIFT);
}

/* Reads the waiting record and removes it. */
static void take(cdma_dev* dev, cdma_status* status) {
  status->tag = sts_tag(dev);
  status->raw_bytes = rd(dev, CDMA_STS_RAW_BYTES);
  status->comp_bytes = rd(dev, CDMA_STS_COMP_BYTES);
  status->error =
      field(rd(dev, CDMA_STS_ERROR), CDMA_STS_ERROR_CODE_MASK, CDMA_STS_ERROR_CODE_SHIFT);
  wr(dev, CDMA_STS_POP, 1u);
}

int cdma_poll(cdma_dev* dev, cdma_status* status) {
  if (!sts_valid(dev)) return 0;
  take(dev, status);
  return 1;
}

/* Waits until a status record is waiting: 1, or CDMA_RC_TIMEOUT. With the
 * interrupt: acknowledge IRQ.DONE before looking at the queue, so a record
 * that reaches the head afterwards raises it again and cannot be missed. */
static int wait_valid(cdma_dev* dev) {
  for (uint32_t polls = 0; dev->poll_budget == 0 || polls < dev->poll_budget; ++polls) {
    if (dev->wait_irq) wr(dev, CDMA_IRQ, CDMA_IRQ_DONE_MASK);
    if (sts_valid(dev)) return 1;
    if (dev->wait_irq) dev->wait_irq(dev->ctx);
  }
  return CDMA_RC_TIMEOUT;
}

int cdma_wait(cdma_dev* dev, cdma_status* status) {
  const int rc = wait_valid(dev);
  if (rc < 0) return rc;
  take(dev, status);
  return 1;
}

int cdma_service_irq(cdma_dev* dev, void (*done)(void* ctx, const cdma_status* status), void* ctx) {
  wr(dev, CDMA_IRQ, CDMA_IRQ_DONE_MASK);
  int taken = 0;
  cdma_status s;
  while (cdma_poll(dev, &s) == 1) {
    done(ctx, &s);
    ++taken;
  }
  return taken;
}

/* Runs one descriptor alone and waits for its own record. */
static int64_t run_alone(cdma_dev* dev, const cdma_desc* desc, cdma_status* status) {
  const uint32_t queue = rd(dev, CDMA_QUEUE);
  if (queue & (CDMA_QUEUE_BUSY_MASK | CDMA_QUEUE_STS_VALID_MASK | CDMA_QUEUE_DESC_FULL_MASK))
    return CDMA_RC_BUSY;
  const int rc = cdma_submit(dev, desc);
  if (rc < 0) return rc;
  const int got = wait_valid(dev);
  if (got < 0) return got;
  /* A record of another descriptor (queued before this call, not yet
   * started) stays in the queue for its owner. */
  if (sts_tag(dev) != desc->tag) return CDMA_RC_ORDER;
  take(dev, status);
  return status->error != CDMA_ERR_OK ? -(int64_t)status->error : 0;
}

int64_t cdma_memcpy_compressed(cdma_dev* dev, uint64_t dst, uint64_t src, uint32_t raw_bytes,
                               uint32_t capacity, unsigned mode) {
  const cdma_desc d = {CDMA_OP_OFFLOAD, mode, CDMA_SYNC_TAG, src, dst, raw_bytes, capacity, 0};
  cdma_status s;
  const int64_t rc = run_alone(dev, &d, &s);
  return rc < 0 ? rc : (int64_t)s.comp_bytes;
}

int64_t cdma_memcpy_decompressed(cdma_dev* dev, uint64_t dst, uint64_t src, uint32_t raw_bytes,
                                 uint32_t comp_bytes, unsigned mode) {
  const cdma_desc d = {CDMA_OP_PREFETCH, mode, CDMA_SYNC_TAG, src, dst, raw_bytes, comp_bytes, 0};
  cdma_status s;
  const int64_t rc = run_alone(dev, &d, &s);
  return rc < 0 ? rc : (int64_t)s.raw_bytes;
}

/* ---- Descriptor rings ---- */

static uint16_t ring_mask(const cdma_ring* ring) {
  return (uint16_t)((1u << ring->size_log2) - 1u);
}

static void clear_record(cdma_dev* dev, const cdma_ring* ring, uint16_t slot) {
  static const uint8_t zero[CDMA_RING_CPL_BYTES] = {0};
  dev->write_mem(dev->ctx, ring->cpl_base + (uint64_t)slot * CDMA_RING_CPL_BYTES, zero,
                 CDMA_RING_CPL_BYTES);
}

int cdma_ring_open(cdma_dev* dev, cdma_ring* ring, uint64_t desc_base, uint64_t cpl_base,
                   unsigned size_log2, uint16_t irq_count, uint16_t irq_timer) {
  if (!dev->write_mem || !dev->read_mem || size_log2 < 1 || size_log2 > 15 ||
      desc_base % CDMA_RING_DESC_BYTES || cpl_base % CDMA_RING_CPL_BYTES)
    return CDMA_RC_NODEV;
  if (!(rd(dev, CDMA_RING_HEAD) & CDMA_RING_HEAD_QUIET_MASK)) return CDMA_RC_BUSY;
  ring->desc_base = desc_base;
  ring->cpl_base = cpl_base;
  ring->size_log2 = size_log2;
  for (uint32_t slot = 0; slot < 1u << size_log2; ++slot) clear_record(dev, ring, (uint16_t)slot);
  /* Disabled, the ring's head follows the tail: empty from slot 0. */
  wr(dev, CDMA_RING_CTRL, 0u);
  wr(dev, CDMA_RING_TAIL, 0u);
  wr(dev, CDMA_RING_BASE_LO, (uint32_t)desc_base);
  wr(dev, CDMA_RING_BASE_HI, (uint32_t)(desc_base >> 32));
  wr(dev, CDMA_CPL_BASE_LO, (uint32_t)cpl_base);
  wr(dev, CDMA_CPL_BASE_HI, (uint32_t)(cpl_base >> 32));
  wr(dev, CDMA_IRQ_COAL,
     (uint32_t)irq_count << CDMA_IRQ_COAL_COUNT_SHIFT | (uint32_t)irq_timer
                                                            << CDMA_IRQ_COAL_TIMER_SHIFT);
  wr(dev, CDMA_RING_CTRL, CDMA_RING_CTRL_EN_MASK | (size_log2 << CDMA_RING_CTRL_SIZE_LOG2_SHIFT));
  ring->tail = 0;
  ring->next = 0;
  return 0;
}

int cdma_ring_submit(cdma_dev* dev, cdma_ring* ring, const cdma_desc* descs, int n) {
  const uint16_t mask = ring_mask(ring);
  int queued = 0;
  while (queued < n && ((ring->tail + 1u) & mask) != ring->next) {
    const cdma_desc* d = &descs[queued];
    uint8_t b[CDMA_RING_DESC_BYTES] = {0};
    put64(b + CDMA_RING_DESC_SRC, d->src);
    put64(b + CDMA_RING_DESC_DST, d->dst);
    put32(b + CDMA_RING_DESC_RAW_BYTES, d->raw_bytes);
    put32(b + CDMA_RING_DESC_COMP_BYTES, d->comp_bytes);
    put32(b + CDMA_RING_DESC_CTRL, (d->op & 3u) | (d->mode & 3u) << CDMA_RING_DESC_CTRL_MODE_SHIFT |
                                       (d->flags & 0xFFu) << CDMA_RING_DESC_CTRL_FLAGS_SHIFT |
                                       (uint32_t)d->tag << CDMA_RING_DESC_CTRL_TAG_SHIFT);
    dev->write_mem(dev->ctx, ring->desc_base + (uint64_t)ring->tail * CDMA_RING_DESC_BYTES, b,
                   CDMA_RING_DESC_BYTES);
    ring->tail = (uint16_t)((ring->tail + 1u) & mask);
    ++queued;
  }
  if (queued) wr(dev, CDMA_RING_TAIL, ring->tail);
  return queued;
}

int cdma_ring_poll(cdma_dev* dev, cdma_ring* ring, cdma_status* status) {
  if (ring->next == ring->tail) return 0;
  uint8_t b[CDMA_RING_CPL_BYTES];
  dev->read_mem(dev->ctx, ring->cpl_base + (uint64_t)ring->next * CDMA_RING_CPL_BYTES, b,
                CDMA_RING_CPL_BYTES);
  if (!(get32(b + CDMA_RING_CPL_SLOT) & CDMA_RING_CPL_DONE)) return 0;
  const uint32_t w0 = get32(b + CDMA_RING_CPL_STATUS);
  status->tag = (uint16_t)field(w0, CDMA_RING_CPL_TAG_MASK, 0u);
  status->error = field(w0, CDMA_RING_CPL_ERROR_MASK, CDMA_RING_CPL_ERROR_SHIFT);
  status->raw_bytes = get32(b + CDMA_RING_CPL_RAW_BYTES);
  status->comp_bytes = get32(b + CDMA_RING_CPL_COMP_BYTES);
  clear_record(dev, ring, ring->next);
  ring->next = (uint16_t)((ring->next + 1u) & ring_mask(ring));
  return 1;
}

int cdma_ring_service_irq(cdma_dev* dev, cdma_ring* ring,
                          void (*done)(void* ctx, const cdma_status* status), void* ctx) {
  wr(dev, CDMA_IRQ, CDMA_IRQ_RING_MASK);
  int taken = 0;
  cdma_status s;
  while (cdma_ring_poll(dev, ring, &s)) {
    done(ctx, &s);
    ++taken;
  }
  return taken;
}

const char* cdma_strerror(int code) {
  static const char* const errors[] = {"ok",
                                       "truncated payload",
                                       "trailing payload bytes",
                                       "bad mask",
                                       "read SLVERR",
                                       "read DECERR",
                                       "write SLVERR",
                                       "write DECERR",
                                       "bad descriptor",
                                       "compressor input error",
                                       "payload over capacity",
                                       "descriptor fetch error"};
  const int e = code < 0 ? -code : code;
  if (e < (int)(sizeof errors / sizeof errors[0])) return errors[e];
  switch (code) {
    case CDMA_RC_NODEV:
      return "no cdma_dma at these registers";
    case CDMA_RC_FULL:
      return "descriptor queue full";
    case CDMA_RC_BUSY:
      return "other descriptors outstanding";
    case CDMA_RC_TIMEOUT:
      return "timed out";
    case CDMA_RC_ORDER:
      return "another descriptor's status came first";
    case CDMA_RC_RANGE:
      return "block range outside the map";
    default:
      return "unknown";
  }
}
