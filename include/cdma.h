/* The cDMA driver library: C99, no allocation, no OS. It drives cdma_dma
 * (the AXI4-Lite register top, include/cdma_regs.h) through two register
 * access functions the platform supplies, so the same code runs over a
 * memory-mapped device, a simulator or a remote debugger. docs/dma.md
 * ("Software") says how it uses the registers.
 *
 *   cdma_dev dev = {my_read32, my_write32, my_wait_irq, my_ctx};
 *   if (cdma_open(&dev) != 0) ...;
 *   int64_t payload = cdma_memcpy_compressed(&dev, host_dst, dev_src, bytes, capacity,
 * CDMA_MODE_ZVC);
 *
 * Functions return 0 or a positive count on success and a negative cdma_rc
 * on failure; a status record's error code (enum cdma_error) is returned
 * negated by the calls that wait for their own descriptor. */
#ifndef CDMA_H
#define CDMA_H

#include <stdint.h>

#include "cdma_regs.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Frame modes of OFFLOAD and PREFETCH (docs/format.md, "Modes"). */
enum cdma_mode { CDMA_MODE_ZVC = 0, CDMA_MODE_BINARIZE = 1, CDMA_MODE_BF16 = 2, CDMA_MODE_FP8 = 3 };

/* Library failures, as negative return values (below -CDMA_ERR_* codes). */
enum cdma_rc {
  CDMA_RC_NODEV = -16,   /* no cdma_dma at these registers (ID mismatch) */
  CDMA_RC_FULL = -17,    /* the descriptor queue is full; nothing was queued */
  CDMA_RC_BUSY = -18,    /* a blocking call found other descriptors outstanding */
  CDMA_RC_TIMEOUT = -19, /* no status record within the poll budget */
  CDMA_RC_ORDER = -20,   /* a status record carried another descriptor's tag */
  CDMA_RC_RANGE = -21    /* a block range outside the map, or an index that does not fit it */
};

/* Descriptor flags (cdma_desc.flags). */
enum cdma_flag {
  /* OFFLOAD: also write the block index (docs/dma.md, "Block index"): at dst
   * one little-endian u32 per CDMA_BLOCK_BYTES of raw data, its payload
   * bytes; the payload follows at dst + CDMA_INDEX_BYTES(raw_bytes). dst
   * must be 4-byte aligned; capacity bounds the payload alone. */
  CDMA_FLAG_INDEX = 1u
};
#define CDMA_BLOCK_BYTES 4096u
/* The block index's size for a map of raw bytes (4 per block, the last one partial). */
#define CDMA_INDEX_BYTES(raw) (4u * (((uint64_t)(raw) + CDMA_BLOCK_BYTES - 1u) / CDMA_BLOCK_BYTES))

typedef struct cdma_dev {
  /* Platform: 32-bit register read and write at a byte offset of the block. */
  uint32_t (*read32)(void* ctx, uint32_t offset);
  void (*write32)(void* ctx, uint32_t offset, uint32_t value);
  /* Optional: returns once irq_o is high (or may return early); NULL polls. */
  void (*wait_irq)(void* ctx);
  void* ctx;
  /* Register reads a wait may spend polling before CDMA_RC_TIMEOUT; 0 waits forever. */
  uint32_t poll_budget;
  /* Set by cdma_open from CONFIG. */
  unsigned elem_bytes, bus_bytes, max_burst;
  /* Descriptor rings only: copy n bytes to / from memory at a bus address as
   * the engine sees it (a plain memcpy through a mapping, with the platform's
   * write barrier before returning from write_mem). */
  void (*write_mem)(void* ctx, uint64_t addr, const void* src, uint32_t n);
  void (*read_mem)(void* ctx, uint64_t addr, void* dst, uint32_t n);
} cdma_dev;

typedef struct cdma_desc {
  unsigned op;   /* enum cdma_op */
  unsigned mode; /* enum cdma_mode; OFFLOAD and PREFETCH only */
  uint16_t tag;
  uint64_t src, dst;
  uint32_t raw_bytes;
  uint32_t comp_bytes; /* PREFETCH: the payload's length; OFFLOAD: its capacity, 0 none */
  unsigned flags;      /* enum cdma_flag bits; 0 none */
} cdma_desc;

typedef struct cdma_status {
  uint16_t tag;
  uint32_t raw_bytes;
  uint32_t comp_bytes; /* payload bytes: OFFLOAD its size (CDMA_ERR_CAPACITY: the size it
                        * needs, of which capacity bytes were written), PREFETCH consumed */
  unsigned error;      /* enum cdma_error */
} cdma_status;

/* Checks the ID register and reads CONFIG; enables the completion interrupt
 * when dev->wait_irq is set. 0 or CDMA_RC_NODEV. */
int cdma_open(cdma_dev* dev);

/* Queues a descriptor without waiting: 0, or CDMA_RC_FULL (QUEUE.DESC_FULL
 * was set, so DESC_PUSH was not written and no bus error can occur). */
int cdma_submit(cdma_dev* dev, const cdma_desc* desc);

/* The three operations: queue one descriptor, waiting for room in the queue.
 * 0 or CDMA_RC_TIMEOUT. An OFFLOAD writes at most capacity bytes of payload
 * (0: no limit); a larger payload ends with CDMA_ERR_CAPACITY. */
int cdma_copy(cdma_dev* dev, uint16_t tag, uint64_t dst, uint64_t src, uint32_t bytes);
int cdma_offload(cdma_dev* dev, uint16_t tag, uint64_t dst, uint64_t src, uint32_t raw_bytes,
                 uint32_t capacity, unsigned mode);
int cdma_prefetch(cdma_dev* dev, uint16_t tag, uint64_t dst, uint64_t src, uint32_t raw_bytes,
                  uint32_t comp_bytes, unsigned mode);

/* Random access into a map OFFLOADed with CDMA_FLAG_INDEX at map (index,
 * then payload): fills desc with the PREFETCH of its blocks [first, first +
 * count) (src, raw_bytes, comp_bytes; op PREFETCH; flags 0), reading the
 * index through dev->read_mem. desc's dst, mode and tag are left as they
 * are: its raw bytes land at dst. 0, CDMA_RC_RANGE (an empty range, one
 * past the map's last block, or index entries that overflow 32 bits), or
 * CDMA_RC_NODEV (no read_mem). Submit it with cdma_submit or cdma_ring_submit. */
int cdma_block_range(cdma_dev* dev, cdma_desc* desc, uint64_t map, uint32_t raw_bytes,
                     uint32_t first, uint32_t count);

/* cdma_block_range and cdma_prefetch in one: queues the PREFETCH of blocks
 * [first, first + count) of the indexed map at map into dst. 0, or as those two. */
int cdma_prefetch_blocks(cdma_dev* dev, uint16_t tag, uint64_t dst, uint64_t map,
                         uint32_t raw_bytes, uint32_t first, uint32_t count, unsigned mode);

/* Takes the oldest status record if one is waiting: 1 (filled in), or 0. */
int cdma_poll(cdma_dev* dev, cdma_status* status);

/* Waits for the oldest status record (the interrupt if dev->wait_irq, else
 * polling): 1, or CDMA_RC_TIMEOUT. */
int cdma_wait(cdma_dev* dev, cdma_status* status);

/* The interrupt handler's body: acknowledges IRQ.DONE, then takes every
 * waiting status record, oldest first, and hands each to done(ctx, record).
 * A record that reaches the head after the acknowledgement raises the
 * interrupt again, so none is missed. Returns the number of records taken. */
int cdma_service_irq(cdma_dev* dev, void (*done)(void* ctx, const cdma_status* status), void* ctx);

/* The paper's cudaMemcpyCompressed(): OFFLOADs raw_bytes at src into a
 * payload of at most capacity bytes at dst (0: no limit) and waits for it.
 * Returns the payload's size in bytes, or -CDMA_ERR_CAPACITY (the size it
 * needed is in the status: cdma_offload and cdma_wait give it), or
 * the negated error code of its status (-CDMA_ERR_*), or CDMA_RC_BUSY when
 * other descriptors or status records are outstanding (their records would
 * be taken here), or CDMA_RC_TIMEOUT. */
int64_t cdma_memcpy_compressed(cdma_dev* dev, uint64_t dst, uint64_t src, uint32_t raw_bytes,
                               uint32_t capacity, unsigned mode);

/* The same for the way back: PREFETCHes a payload of comp_bytes at src into
 * raw_bytes at dst. Returns raw_bytes, or as cdma_memcpy_compressed. */
int64_t cdma_memcpy_decompressed(cdma_dev* dev, uint64_t dst, uint64_t src, uint32_t raw_bytes,
                                 uint32_t comp_bytes, unsigned mode);

/* ---- Descriptor rings (docs/dma.md, "Descriptor rings") ----
 * Software writes 32-byte descriptors into a ring of 2**size_log2 slots in
 * memory and moves RING_TAIL on; the engine fetches them, runs them in order
 * with any register-queued ones, and writes a 16-byte completion record per
 * slot (tag, error, done bit, raw bytes, payload bytes). One slot stays empty,
 * so a ring holds 2**size_log2 - 1 descriptors. */
/* The ring's memory layout: byte offsets, fields little-endian. */
#define CDMA_RING_DESC_BYTES 32u      /* a descriptor slot */
#define CDMA_RING_DESC_SRC 0u         /* u64 */
#define CDMA_RING_DESC_DST 8u         /* u64 */
#define CDMA_RING_DESC_RAW_BYTES 16u  /* u32 */
#define CDMA_RING_DESC_COMP_BYTES 20u /* u32: PREFETCH payload length, OFFLOAD capacity */
#define CDMA_RING_DESC_CTRL 24u       /* u32: op [1:0], mode [5:4], flags [15:8], tag [31:16] */
#define CDMA_RING_DESC_CTRL_MODE_SHIFT 4u
#define CDMA_RING_DESC_CTRL_FLAGS_SHIFT 8u /* enum cdma_flag; the other flag bits 0 */
#define CDMA_RING_DESC_CTRL_TAG_SHIFT 16u
/* bytes 28-31 reserved, 0; a descriptor with any reserved bit set ends with
 * CDMA_ERR_DESCRIPTOR */
#define CDMA_RING_CPL_BYTES 16u /* a completion record */
#define CDMA_RING_CPL_STATUS 0u /* u32: tag [15:0], error [19:16] */
#define CDMA_RING_CPL_TAG_MASK 0x0000FFFFu
#define CDMA_RING_CPL_ERROR_SHIFT 16u
#define CDMA_RING_CPL_ERROR_MASK 0x000F0000u
#define CDMA_RING_CPL_RAW_BYTES 4u  /* u32 */
#define CDMA_RING_CPL_COMP_BYTES 8u /* u32: payload bytes (cudaMemcpyCompressed()'s result) */
#define CDMA_RING_CPL_SLOT 12u      /* u32: slot [15:0], done [31], written last */
#define CDMA_RING_CPL_DONE 0x80000000u

typedef struct cdma_ring {
  uint64_t desc_base; /* bus address of slot 0's descriptor, 32-byte aligned */
  uint64_t cpl_base;  /* bus address of slot 0's completion record, 16-byte aligned */
  unsigned size_log2; /* 1 to 15 */
  uint16_t tail;      /* the next slot software fills */
  uint16_t next;      /* the oldest slot whose record software has not taken */
} cdma_ring;

/* Sets the ring up and enables it, empty, with interrupt coalescing: IRQ.RING
 * after irq_count records (0 counts as 1) or irq_timer cycles after the first
 * one not yet signalled (0: no timer). Clears every completion record.
 * 0, CDMA_RC_BUSY (the ring still runs descriptors: RING_HEAD.QUIET clear),
 * or CDMA_RC_NODEV (no write_mem/read_mem, or a bad size or alignment). */
int cdma_ring_open(cdma_dev* dev, cdma_ring* ring, uint64_t desc_base, uint64_t cpl_base,
                   unsigned size_log2, uint16_t irq_count, uint16_t irq_timer);

/* Writes up to n descriptors into free slots, then moves RING_TAIL once.
 * Returns how many were queued (fewer than n when the ring fills). A slot is
 * free once its previous record has been taken by cdma_ring_poll. */
int cdma_ring_submit(cdma_dev* dev, cdma_ring* ring, const cdma_desc* descs, int n);

/* Takes the oldest completion record if it is done: 1 (status filled in and
 * the record cleared for the slot's next use), or 0. */
int cdma_ring_poll(cdma_dev* dev, cdma_ring* ring, cdma_status* status);

/* The ring's interrupt handler body: acknowledges IRQ.RING, then takes every
 * done record, oldest first, handing each to done(ctx, record). Returns the
 * number taken. */
int cdma_ring_service_irq(cdma_dev* dev, cdma_ring* ring,
                          void (*done)(void* ctx, const cdma_status* status), void* ctx);

/* A short name for a status error code or a cdma_rc ("ok", "truncated", ...). */
const char* cdma_strerror(int code);

#ifdef __cplusplus
}
#endif

#endif
