// What every CPE (slave) kernel that swblas-gen prints for the Sunway target
// includes: the index type and the helpers its expressions call (imin,
// imax, floord), and the athread calls its statements stand for (tile DMA,
// row and column broadcasts, scaling of the C tile). Compiled with swgcc
// -mslave on the machine, or on the host against sim/ (the athread
// emulation). Internal linkage: each CPE source keeps its own copy, as when
// these helpers were printed into it.
#pragma once

#include "slave.h"

// The emulator's checks (sim/README.md) have no counterpart under swgcc.
#ifdef __sw_slave__
#define SW_EMU_CHECK_READ(p, bytes) ((void)0)
#define SW_EMU_CHECK_WRITE(p, bytes) ((void)0)
#define SW_EMU_COUNT_FLOPS(n) ((void)0)
#else
#define SW_EMU_CHECK_READ(p, bytes) sim_check_ldm_read((p), (bytes))
#define SW_EMU_CHECK_WRITE(p, bytes) sim_check_ldm_write((p), (bytes))
#define SW_EMU_COUNT_FLOPS(n) sim_count_flops(n)
#endif

namespace {

typedef long sw_dim;
[[maybe_unused]] inline sw_dim imin(sw_dim a, sw_dim b) { return a < b ? a : b; }
[[maybe_unused]] inline sw_dim imax(sw_dim a, sw_dim b) { return a > b ? a : b; }
[[maybe_unused]] inline sw_dim floord(sw_dim a, sw_dim b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

// The part of a tile of `size` at `origin` inside a matrix of `extent`:
// 0 for a tile of the padding (nothing moved, nothing computed).
inline sw_dim sw_clip(sw_dim origin, sw_dim size, sw_dim extent) { return imax(0, imin(size, extent - origin)); }
// Which of the two buffers of a double buffer holds the tile at `origin`.
inline int sw_slot(sw_dim origin, sw_dim period) { return static_cast<int>((origin / period) % 2); }

// DMA keeps main-memory order and packs the LDM side: a tile lands with its
// unit-stride dimension contiguous. Element (r, c) of a rows x cols tile is at
// r*rs + c*cs in LDM. Strides without a unit one move column by column.
struct sw_layout {
  sw_dim rs, cs;
};
inline sw_layout sw_tile_layout(sw_dim rs, sw_dim cs, sw_dim rows, sw_dim cols) {
  return (cs == 1 && rs != 1) ? sw_layout{cols, 1} : sw_layout{1, rows};
}

// One rows x cols tile of the matrix at `mem` (element (r, c) at
// mem[r*rs + c*cs]) between main memory and LDM: len = rows*cols*sizeof(T)
// bytes, bsize = the contiguous run, stride = the gap to the next run
// (docs/targets.md A.5). Returns the requests issued; each raises *reply by one.
template <bool get, class T>
int sw_tile_dma(T* ldm, T* mem, sw_dim rs, sw_dim cs, sw_dim rows, sw_dim cols, athread_rply_t* reply) {
  if (rows <= 0 || cols <= 0) return 0;
  constexpr int size = static_cast<int>(sizeof(T));
  const bool by_rows = cs == 1 && rs != 1;
  const sw_dim run = by_rows ? cols : rows, runs = by_rows ? rows : cols, pitch = by_rows ? rs : cs;
  if (rs != 1 && cs != 1) {  // no unit stride: one element-gather per column
    for (sw_dim c = 0; c < cols; ++c) {
      const int len = static_cast<int>(rows * size), gap = static_cast<int>((rs - 1) * size);
      if (get) athread_dma_iget_stride(ldm + c * rows, mem + c * cs, len, size, gap, reply);
      else athread_dma_iput_stride(mem + c * cs, ldm + c * rows, len, size, gap, reply);
    }
    return static_cast<int>(cols);
  }
  const int len = static_cast<int>(rows * cols * size), bsize = static_cast<int>(run * size);
  const int stride = runs > 1 ? static_cast<int>((pitch - run) * size) : 0;
  if (get) athread_dma_iget_stride(ldm, mem, len, bsize, stride, reply);
  else athread_dma_iput_stride(mem, ldm, len, bsize, stride, reply);
  return 1;
}
template <class T>
int sw_tile_get(T* ldm, const T* mem, sw_dim rs, sw_dim cs, sw_dim rows, sw_dim cols, athread_rply_t* reply) {
  return sw_tile_dma<true>(ldm, const_cast<T*>(mem), rs, cs, rows, cols, reply);
}
template <class T>
int sw_tile_put(T* mem, T* ldm, sw_dim rs, sw_dim cs, sw_dim rows, sw_dim cols, athread_rply_t* reply) {
  return sw_tile_dma<false>(ldm, mem, rs, cs, rows, cols, reply);
}

// Broadcast of a tile of `elements` elements from this CPE's DMA buffer into
// the same RMA buffer of every CPE of its row (A) or column (B), sender
// included. words[0] is the landed word (r_rply), words[1] the sent word
// (l_rply). Returns the sends issued.
template <class T>
int sw_row_bcast(T* dst, T* src, sw_dim elements, athread_rply_t* words) {
  if (elements <= 0) return 0;
  athread_rma_row_ibcast(dst, src, static_cast<int>(elements * sizeof(T)), &words[1], &words[0]);
  return 1;
}
template <class T>
int sw_col_bcast(T* dst, T* src, sw_dim elements, athread_rply_t* words) {
  if (elements <= 0) return 0;
  athread_rma_col_ibcast(dst, src, static_cast<int>(elements * sizeof(T)), &words[1], &words[0]);
  return 1;
}

// C tile := beta * C tile (beta == 0: C was not read, so zero it).
template <class T>
void sw_scale_tile(T* c, sw_dim elements, T beta) {
  if (elements <= 0 || beta == T(1)) return;
  SW_EMU_CHECK_WRITE(c, sizeof(T) * elements);
  for (sw_dim e = 0; e < elements; ++e) c[e] = beta == T(0) ? T(0) : beta * c[e];
}

}  // namespace
