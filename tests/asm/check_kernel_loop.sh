#!/bin/sh
# Checks the k loop of a compiled micro kernel in its disassembly:
#   check_kernel_loop.sh OBJDUMP OBJECT FUNCTION INSN EXPECTED
# FUNCTION: a substring of the demangled name of the full-tile kernel, as
# objdump heads it ("<name>:", so a leading "<" matches the name's start);
# all functions matching it are checked together, GCC's clones included;
# INSN: the multiply-accumulate mnemonic (a regular expression: objdump 2.40
# prints xvf64gerpp as dmxvf64gerpp). A loop is a conditional backward branch
# and the code it jumps back over, provided that code has no unconditional
# branch or return (those are shared tails, not loops). The loop with the
# most INSN must issue exactly EXPECTED of them (per step times the unroll),
# and no loop that issues INSN may move an accumulator out (POWER: xxmfacc /
# xxmtacc), store anything, or touch the stack (r1 on POWER, %rsp on
# x86-64): nothing is spilled. The object's architecture (objdump -f) picks
# the mnemonics.
set -eu
objdump=$1 object=$2 function=$3 insn=$4 expected=$5

listing=$("$objdump" -d -C --no-show-raw-insn "$object" |
  awk -v f="$function" '/^[0-9a-f]+ </ {on = index($0, f) > 0; if (on) print "function"; next}
                        /^$/ {on = 0} on {print}')
if [ -z "$listing" ]; then
  echo "FAIL: no function matching '$function' in $object"
  exit 1
fi
case $("$objdump" -f "$object") in
  *x86-64*) arch=x86 ;;
  *) arch=power ;;
esac

echo "$listing" | awk -v insn="$insn" -v expected="$expected" -v arch="$arch" '
  # A conditional branch; an unconditional branch or return; a spill or store.
  function conditional(o) { return arch == "x86" ? o ~ /^j/ && o != "jmp" : o ~ /^b/ && o != "b" }
  function leaving(o) { return arch == "x86" ? o ~ /^(jmp|ret)/ : o == "b" || o == "blr" }
  function spill(o, t) {
    if (arch == "x86") return t ~ /%rsp/ || (o ~ /^v?mov/ && t ~ /,[^,]*\(.*\)$/)
    return o ~ /xxmfacc|xxmtacc/ || o ~ /^st/ || t ~ /\(r1\)/
  }
  function hex(s,   v, i) {
    v = 0
    for (i = 1; i <= length(s); ++i) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
    return v
  }
  # Each function apart: in an object file every one may start at 0.
  $0 == "function" { ++fn; next }
  {
    sub(/^ +/, "")
    split($0, f, /[:\t ]+/)
    ++n; addr[n] = hex(f[1]); op[n] = f[2]; text[n] = $0; func[n] = fn
  }
  END {
    loops = 0; best = -1; bad = 0
    for (i = 1; i <= n; ++i) {
      if (!conditional(op[i]) || text[i] !~ /\+0x[0-9a-f]+>$/) continue
      t = text[i]; sub(/.*\t[^ \t]+[ \t]+([a-z0-9]+,)?/, "", t); sub(/ .*/, "", t)
      target = hex(t)
      if (target >= addr[i]) continue
      count = 0; leaves = 0; spills = ""
      for (j = 1; j <= n; ++j) {
        if (func[j] != func[i] || addr[j] < target || addr[j] > addr[i]) continue
        if (op[j] ~ insn) ++count
        if (leaving(op[j])) leaves = 1
        if (spill(op[j], text[j])) spills = spills "\n  " text[j]
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
