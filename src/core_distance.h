// How far apart a team's cores are, as the cost of sharing packed operands
// between them. The jr and ic loops share packed blocks (each thread reads
// what another packed), split rows shares nothing; what sharing costs
// depends on where the OS (or a hypervisor) put the threads, not on the CPU
// model: two vCPUs of one Zen 5 guest sat on different dies in one session
// (a cache line's round trip 490 ns), where jr ran 10-20 % behind split
// rows at every shape measured, 500^3 to 2000^3, k = 64 to 2000, m = 48 to
// 2000 (other sessions' calibrations, on cores that shared a cache, had jr
// ahead up to ~1000 rows a thread). So the planner has that round trip
// measured between the caller and a helper (again every second, as
// placements change), and scales the sharing costs of loop_balance when it
// is long.
#pragma once

namespace swblas {

// A round trip at least this long (ns) means the cores are far apart (no
// shared cache between them): cores sharing an L3 take 100-200 ns, cores on
// two Zen 5 dies under a hypervisor 490.
inline constexpr double kFarRoundTripNs = 250.0;

// The sharing costs of loop_balance (kIcSharedBRows, kJrSharingPanels) on
// far cores: Zen 5 guest, two threads on two dies, jr against split rows
// (loops forced): split rows 12-17 % ahead at 48 rows (48x2000x1000,
// 48x1000x300), 5 % behind at 72, even at 100; the smallest factor that
// picks split rows at 48 rows is 6.
inline constexpr double kFarSharingScale = 6.0;

// One probe through the pool: the best average round trip (ns) of a cache
// line between the caller and the helper that took part, over a few
// batches; 0 when no helper joined within 200 us (a single thread, a busy
// pool, a helper parked or not running).
double measure_round_trip_ns();

// What sharing costs a team of `threads` over the defaults: 1, or
// kFarSharingScale when the last successful probe found the cores far
// apart. Probes are taken by calls with two threads or more once the pool
// has helpers: until one succeeds, then every second (a failed one is
// tried again on later calls, spaced in time, a limited number of times
// in a row). Before any succeeds, 1.
double sharing_cost_scale(int threads);

}  // namespace swblas
