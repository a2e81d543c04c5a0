#!/usr/bin/env bash
# Makes an installed swblas the system BLAS through Debian's alternatives, the
# way OpenBLAS and BLIS register (docs/packaging.md), or gives the choice back.
#
#   use-as-system-blas.sh install|remove|status [--prefix P]
#
# install: registers <P>/lib[/<multiarch>]/swblas/libblas.so.3 as
#   libblas.so.3-<multiarch> and its libblas.so as libblas.so-<multiarch>
#   (with cblas.h and blas.pc), likewise swblas64/libblas64.so.3 where it is
#   installed, and selects them.
# remove: unregisters them; each group goes back to its automatic choice.
# status: what each group points at now.
#
# P defaults to /usr/local. For a test in a scratch directory, all three of
#   --altdir DIR --admindir DIR  update-alternatives' own directories
#   --link-root DIR  the system links (/usr/lib/<multiarch>/libblas.so.3, ...)
#                    under DIR instead of /
# and --log FILE for update-alternatives' log.
set -euo pipefail

# Below BLIS (80) and OpenBLAS (100): swblas becomes the system BLAS only by
# the explicit choice `install` makes, and `update-alternatives --auto` gives
# the distribution's choice back.
readonly priority=50

die() { echo "use-as-system-blas: $*" >&2; exit 1; }
usage() { sed -n '5,18s/^# \{0,1\}//p' "$0" >&2; exit 2; }

(($# >= 1)) || usage
action=$1
shift
prefix=/usr/local
link_root=
altdir=
admindir=
log=
while (($#)); do
  (($# >= 2)) || usage
  case $1 in
    --prefix) prefix=$2 ;;
    --link-root) link_root=$2 ;;
    --altdir) altdir=$2 ;;
    --admindir) admindir=$2 ;;
    --log) log=$2 ;;
    *) usage ;;
  esac
  shift 2
done
case $action in install | remove | status) ;; *) usage ;; esac
# A group is one link: the system's groups must never get a scratch link.
if [[ -n $link_root$altdir$admindir && (-z $link_root || -z $altdir || -z $admindir) ]]; then
  die "--link-root, --altdir and --admindir go together"
fi
alternatives_options=()
[[ -n $altdir ]] && alternatives_options+=(--altdir "$altdir" --admindir "$admindir")
[[ -n $log ]] && alternatives_options+=(--log "$log")

command -v update-alternatives >/dev/null || die "update-alternatives not found (this is for Debian and its derivatives)"
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch 2>/dev/null) ||
  die "cannot tell the multiarch tuple (neither dpkg-architecture nor gcc -print-multiarch)"
[[ -n $multiarch ]] || die "empty multiarch tuple"
if [[ $action != status && -z $link_root && $(id -u) -ne 0 ]]; then
  die "changing the system's alternatives needs root (sudo $0 $action ...)"
fi

alternatives() { update-alternatives --quiet "${alternatives_options[@]}" "$@"; }
system_libdir=$link_root/usr/lib/$multiarch

# The provider directories <dir> may be installed in: GNUInstallDirs uses
# lib/<multiarch> for the prefix /usr and lib for any other.
candidate_dirs() { echo "$prefix/lib/$multiarch/$1" "$prefix/lib/$1"; }

installed_dir() {
  local dir
  for dir in $(candidate_dirs "$1"); do
    [[ -e $dir/lib$2.so.3 ]] && { echo "$dir"; return 0; }
  done
  return 1
}

is_registered() { alternatives --list "$1" 2>/dev/null | grep -qxF "$2"; }

# register_provider NAME DIR: the runtime group lib<NAME>.so.3 and, where
# the dev link is installed, the dev group lib<NAME>.so with its headers'
# and pkg-config file's links; then selects both.
register_provider() {
  local name=$1 dir=$2
  local runtime_group=lib$name.so.3-$multiarch dev_group=lib$name.so-$multiarch
  alternatives --install "$system_libdir/lib$name.so.3" "$runtime_group" "$dir/lib$name.so.3" $priority
  alternatives --set "$runtime_group" "$dir/lib$name.so.3"
  [[ -e $dir/lib$name.so ]] || { echo "no $dir/lib$name.so: $dev_group left as it is"; return 0; }
  local slaves=()
  local header=$prefix/include/swblas/c$name.h pc=$dir/pkgconfig/$name-swblas.pc
  [[ -e $header ]] && slaves+=(--slave "$link_root/usr/include/$multiarch/c$name.h" "c$name.h-$multiarch" "$header")
  [[ -e $pc ]] && slaves+=(--slave "$system_libdir/pkgconfig/$name.pc" "$name.pc-$multiarch" "$pc")
  alternatives --install "$system_libdir/lib$name.so" "$dev_group" "$dir/lib$name.so" $priority "${slaves[@]}"
  alternatives --set "$dev_group" "$dir/lib$name.so"
}

# unregister_group GROUP PATH: removes PATH from GROUP if it is there, and
# puts what is left of the group back in automatic mode.
unregister_group() {
  is_registered "$1" "$2" || return 0
  alternatives --remove "$1" "$2"
  if alternatives --query "$1" >/dev/null 2>&1; then alternatives --auto "$1"; fi
}

unregister_provider() {
  local name=$1 dir
  for dir in $(candidate_dirs "$2"); do
    unregister_group "lib$name.so.3-$multiarch" "$dir/lib$name.so.3"
    unregister_group "lib$name.so-$multiarch" "$dir/lib$name.so"
  done
}

# One line a group: `<group>: <path> (<auto|manual>)`, `swblas` after it when
# the path is swblas's; `<group>: none` when the group does not exist.
show_group() {
  local query value mode
  if ! query=$(alternatives --query "$1" 2>/dev/null); then
    echo "$1: none"
    return 0
  fi
  value=$(sed -n 's/^Value: //p' <<<"$query")
  mode=$(sed -n 's/^Status: //p' <<<"$query")
  echo "$1: $value ($mode)$([[ $value == "$prefix"/* ]] && echo ' swblas')"
}

providers=("blas swblas" "blas64 swblas64")
case $action in
  install)
    installed_dir swblas blas >/dev/null ||
      die "no libblas.so.3 in $(candidate_dirs swblas | sed 's/ / or /'): install swblas first (cmake --install build --prefix $prefix)"
    for provider in "${providers[@]}"; do
      read -r name dir <<<"$provider"
      if installed=$(installed_dir "$dir" "$name"); then
        register_provider "$name" "$installed"
        echo "lib$name.so.3: $installed/lib$name.so.3 selected"
      fi
    done
    ;;
  remove)
    for provider in "${providers[@]}"; do
      read -r name dir <<<"$provider"
      unregister_provider "$name" "$dir"
    done
    echo "swblas under $prefix is no longer a system BLAS"
    ;;
  status)
    for provider in "${providers[@]}"; do
      read -r name dir <<<"$provider"
      show_group "lib$name.so.3-$multiarch"
      show_group "lib$name.so-$multiarch"
    done
    ;;
esac
