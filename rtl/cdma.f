// The one list of the IP's RTL sources, in compile order, paths relative to
// this file (Verilator: -F rtl/cdma.f). CMake, the FPGA flow, synthesis,
// formal, lint and cdma-gen all read it; the FPGA self-test core
// (selftest/cdma_selftest.sv) is not part of the IP.
+incdir+include
prim/cdma_prim_pkg.sv
prim/cdma_ring_ptr.sv
prim/cdma_ram_1r1w.sv
prim/cdma_fifo_sync.sv
prim/cdma_owner_queue.sv
prim/cdma_rotate.sv
prim/cdma_prefix_and.sv
prim/cdma_incr.sv
prim/cdma_len_acc.sv
prim/cdma_popcount.sv
prim/zvc_compact_rounds.sv
prim/zvc_compact_scan.sv
prim/zvc_compact_ctrl.sv
prim/zvc_compact.sv
prim/zvc_expand.sv
zvc/zvc_pkg.sv
zvc/zvc_fp_reduce.sv
zvc/zvc_fp_widen.sv
zvc/zvc_packer.sv
zvc/zvc_unpacker.sv
zvc/zvc_compressor.sv
zvc/zvc_decompressor.sv
dma/cdma_regs_pkg.sv
dma/cdma_buffer.sv
dma/cdma_realign.sv
dma/cdma_legalizer.sv
dma/cdma_axi_mux_grant.sv
dma/cdma_axi_wmux.sv
dma/cdma_index_writer.sv
dma/cdma_engine.sv
dma/cdma_axi_mux.sv
dma/cdma_ring.sv
dma/cdma_csr_regs.sv
dma/cdma_csr.sv
dma/cdma_dma.sv
