#!/bin/sh
# Checks the k loop of a compiled micro kernel in its disassembly:
#   check_kernel_loop.sh OBJDUMP OBJECT FUNCTION INSN EXPECTED
# FUNCTION: a substring of the demangled name of the full-tile kernel (all
# functions matching it are checked together, GCC's clones included);
# INSN: the multiply-accumulate mnemonic (a regular expression: objdump 2.40
# prints xvf64gerpp as dmxvf64gerpp). A loop is a conditional backward branch
# and the code it jumps back over, provided that code has no unconditional
# branch or return (those are shared tails, not loops). The loop with the
# most INSN must issue exactly EXPECTED of them (per step times the unroll),
# and no loop that issues INSN may move an accumulator out (xxmfacc /
# xxmtacc), store anything, or touch the stack (r1): the accumulators are
# never spilled.
set -eu
objdump=$1 object=$2 function=$3 insn=$4 expected=$5

listing=$("$objdump" -d -C --no-show-raw-insn "$object" |
  awk -v f="$function" '/^[0-9a-f]+ </ {on = index($0, f) > 0; next}
                        /^$/ {on = 0} on {print}')
if [ -z "$listing" ]; then
  echo "FAIL: no function matching '$function' in $object"
  exit 1
fi

echo "$listing" | awk -v insn="$insn" -v expected="$expected" '
  function hex(s,   v, i) {
    v = 0
    for (i = 1; i <= length(s); ++i) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
    return v
  }
  {
    sub(/^ +/, "")
    split($0, f, /[:\t ]+/)
    addr[NR] = hex(f[1]); op[NR] = f[2]; text[NR] = $0; n = NR
  }
  END {
    loops = 0; best = -1; bad = 0
    for (i = 1; i <= n; ++i) {
      if (op[i] !~ /^b/ || op[i] == "b" || text[i] !~ /\+0x[0-9a-f]+>$/) continue
      t = text[i]; sub(/.*\t[^ \t]+[ \t]+([a-z0-9]+,)?/, "", t); sub(/ .*/, "", t)
      target = hex(t)
      if (target >= addr[i]) continue
      count = 0; leaves = 0; spills = ""
      for (j = 1; j <= n; ++j) {
        if (addr[j] < target || addr[j] > addr[i]) continue
        if (op[j] ~ insn) ++count
        if (op[j] == "b" || op[j] == "blr") leaves = 1
        if (op[j] ~ /xxmfacc|xxmtacc/ || op[j] ~ /^st/ || text[j] ~ /\(r1\)/)
          spills = spills "\n  " text[j]
      }
      if (leaves) continue
      ++loops
      if (count > 0 && spills != "") {
        print "FAIL: spill or store inside the loop:" spills; bad = 1
      }
      printf "loop %x..%x: %d %s\n", target, addr[i], count, insn
      if (count > best) best = count
    }
    if (loops == 0) { print "FAIL: no loop found"; exit 1 }
    if (best != expected) {
      printf "FAIL: the k loop issues %d %s, expected %d\n", best, insn, expected
      exit 1
    }
    if (bad) exit 1
    printf "OK: %d %s per k-loop iteration, no accumulator spills or stores\n", best, insn
  }'
