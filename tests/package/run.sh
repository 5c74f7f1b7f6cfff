#!/usr/bin/env bash
# The Debian package (issue 14): cpack -G DEB builds it from the build directory; its
# metadata and contents are listed and checked; as root on a machine without umpire
# installed, 'apt-get install ./umpire_*.deb' must install it, the command, man pages and
# completions must be where Debian looks, and it is removed again.
# Usage: run.sh BUILD_DIR SOURCE_DIR
set -uo pipefail
build=$1
source_dir=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

(cd "$build" && cpack -G DEB -B "$work" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; fail "cpack -G DEB"; }
version=$(sed -n 's/^project(umpire VERSION \([0-9.]*\).*/\1/p' "$source_dir/CMakeLists.txt")
arch=$(dpkg --print-architecture)
deb="$work/umpire_${version}_${arch}.deb"
[ -f "$deb" ] || { fail "no $deb (made: $(ls "$work"/*.deb 2>/dev/null))"; exit 1; }

field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = umpire ] || fail "Package: $(field Package)"
[ "$(field Version)" = "$version" ] || fail "Version: $(field Version), expected $version"
[ "$(field Architecture)" = "$arch" ] || fail "Architecture: $(field Architecture)"
[ "$(field Section)" = utils ] || fail "Section: $(field Section)"  # a tool for games, not a game (lintian)
[ -n "$(field Maintainer)" ] || fail "no Maintainer"
# read whole, then cut: 'dpkg-deb ... | head -1' can kill dpkg-deb with SIGPIPE under pipefail
description=$(field Description)
[[ "${description%%$'\n'*}" == *"referee for tabletop wargames"* ]] || fail "Description: ${description%%$'\n'*}"
[[ "$description" == *$'\n'*"umpire resolves"* ]] || fail "no long description: $description"
[[ "$(field Depends)" == *libc6* ]] || fail "Depends: $(field Depends)"

dpkg-deb -c "$deb" | awk '{print $NF}' | sed 's|^\./|/|' >"$work/contents"
for path in /usr/bin/umpire /usr/share/man/man1/umpire.1.gz /usr/share/man/man5/umpire-tables.5.gz \
    /usr/share/doc/umpire/changelog.gz \
    /usr/share/bash-completion/completions/umpire /usr/share/zsh/vendor-completions/_umpire \
    /usr/share/fish/vendor_completions.d/umpire.fish /usr/share/umpire/umpire.schema.json \
    /usr/share/doc/umpire/README.md /usr/share/doc/umpire/LICENSE /usr/share/doc/umpire/copyright \
    /usr/share/doc/umpire/examples/border-war/README.md \
    /usr/share/doc/umpire/examples/border-war/tables/border-war/crt.toml /usr/libexec/umpire/umpire-draw; do
    grep -qx "$path" "$work/contents" || fail "the package lacks $path"
done
# lintian, pedantic: no error and no warning (issue 29). Its overrides say why the binary is
# static; the README's test command installs lintian.
if command -v lintian >/dev/null; then
    lintian --pedantic "$deb" >"$work/lintian" 2>&1
    if grep -E '^[EW]: ' "$work/lintian"; then
        fail "lintian finds errors or warnings in the package"
    fi
else
    fail "lintian is not installed (the README's test command installs it)"
fi
dpkg-deb -x "$deb" "$work/root"
grep -q "^License: Expat" "$work/root/usr/share/doc/umpire/copyright" || fail "copyright names no licence"
for library in libedit libgmp10 libsodium23 libunistring2; do
    grep -q "==== $library" "$work/root/usr/share/doc/umpire/copyright" || fail "copyright lacks $library's notice"
done
[[ "$("$work/root/usr/bin/umpire" --version)" == *"$version"* ]] || fail "the packaged umpire does not say version $version"
# --draw finds umpire-draw where the package puts it, under umpire's own prefix.
"$work/root/usr/bin/umpire" --draw "$work/asw.svg" table show black-sea.asw >/dev/null ||
    fail "the packaged umpire cannot draw with its umpire-draw"
grep -q "<text" "$work/asw.svg" 2>/dev/null || fail "the packaged umpire drew no SVG"

# Installed with apt as a user would, where that can be done without touching a real install.
if [ "$(id -u)" = 0 ] && ! dpkg -s umpire >/dev/null 2>&1; then
    # another apt (a second suite on the same machine) may hold the lock a while: wait for it
    if DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y "$deb" >"$work/apt.log" 2>&1; then
        resolved=$(/usr/bin/umpire melee --attacker 4 --attacker 4 --defender 5 --roll 4)
        [[ "$resolved" == *$'\n'"result: D  Damaged"* ]] || fail "the installed umpire does not resolve 15.23's example"
        [ "$(dpkg -L umpire | grep -c .)" -gt 5 ] || fail "dpkg -L umpire lists nothing"
        /usr/bin/umpire --draw "$work/installed.pdf" table show black-sea.asw >/dev/null ||
            fail "the installed umpire cannot draw (its Depends: Cairo, Pango, DejaVu)"
        if command -v man >/dev/null; then
            man -w umpire >/dev/null 2>&1 || fail "man -w umpire finds no page"
        fi
        DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 remove -y umpire >/dev/null 2>&1 || fail "apt-get remove umpire"
        [ -e /usr/bin/umpire ] && fail "/usr/bin/umpire left after removal"
    else
        cat "$work/apt.log"
        fail "apt-get install ./umpire_${version}_${arch}.deb"
    fi
else
    echo "package: not installed with apt (not root, or umpire is installed already)"
fi

if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "package: $(basename "$deb"), $(grep -c . "$work/contents") entries, metadata and contents as Debian expects"
