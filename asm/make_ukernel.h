// make_ukernel: a micro kernel's descriptor (ukernel.h) from its SIMD
// traits V and its register block, so that a kernel file states only what
// is its own: traits, MR x NR and, where it is hand-written, the full-tile
// kernel. The descriptor's element type is V::value_type.
//
// Every template instantiated here has V, or the kernel file's own
// full-tile function, among its arguments: kernel files compiled with
// different ISA flags never instantiate the same one, so the linker cannot
// merge an -mavx2 copy into code that must run on any CPU (README).
#pragma once

#include "edge.h"
#include "pack.h"
#include "register_block.h"
#include "solve_tile.h"
#include "ukernel.h"

namespace swblas::kernels {

// The parts every kernel shares: edge tiles from the full-tile kernel,
// packing by V's vectors.
template <class V, int MR, int NR, ukernel_full_fn<typename V::value_type> Full,
          ukernel_full_epilogue_fn<typename V::value_type> FullEpilogue = nullptr>
constexpr ukernel_desc<typename V::value_type> ukernel_around(
    const char* name, isa needs, full_epilogue_table<typename V::value_type> by_op = {}) {
  using edges = edge_tile<typename V::value_type, MR, NR, Full, FullEpilogue>;
  return {name, needs, MR, NR, &edges::ukernel, Full, &edges::ukernel_epilogue, by_op,
          &pack_a<V, MR>, &pack_b<V, NR>, pack_a_1m_of<V, MR>(), &pack_b_1m<V, NR>, &solve_tile<V, MR, NR>};
}

// A kernel whose full tile is register_block<V, MR, NR, KUnroll>: the fused
// epilogue applied to the accumulators, full tiles straight to it.
template <class V, int MR, int NR, int KUnroll = 4>
constexpr ukernel_desc<typename V::value_type> make_ukernel(const char* name, isa needs) {
  using block = register_block<V, MR, NR, KUnroll>;
  return ukernel_around<V, MR, NR, &block::full, &block::full_epilogue_any>(
      name, needs, block::full_epilogues());
}

// A kernel with a hand-written full tile Full (a function of the kernel
// file): the fused epilogue applied to the stored tile.
template <class V, int MR, int NR, ukernel_full_fn<typename V::value_type> Full>
constexpr ukernel_desc<typename V::value_type> make_ukernel(const char* name, isa needs) {
  return ukernel_around<V, MR, NR, Full>(name, needs);
}

}  // namespace swblas::kernels
