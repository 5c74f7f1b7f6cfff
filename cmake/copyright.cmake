# Writes the Debian package's copyright file (/usr/share/doc/umpire/copyright): umpire's
# own licence, then the copyright files Debian ships for each library the static binary
# carries (libedit, libbsd, libmd, ncurses' tinfo, glibc, libstdc++, CLI11, toml++,
# nlohmann-json, Boost, GMP, libsodium, libunistring), so their notices travel with the binary.
# Run as: cmake -DSOURCE=... -DOUT=... -P copyright.cmake
file(READ ${SOURCE}/LICENSE umpire_licence)
set(text "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n")
string(APPEND text "Upstream-Name: umpire\n\nFiles: *\nCopyright: 2026 the umpire authors\nLicense: Expat\n")
string(REPLACE "\n" "\n " indented "${umpire_licence}")
string(APPEND text " ${indented}\n")
string(APPEND text "Comment: the umpire binary is linked statically; the notices of the libraries it\n"
                   " carries follow, as Debian ships them.\n")
foreach(package libedit2 libbsd0 libmd0 libtinfo6 libc6 libstdc++6 libcli11-dev libtomlplusplus-dev
                nlohmann-json3-dev libboost-random1.74-dev libgmp10 libsodium23 libunistring2)
  if(EXISTS /usr/share/doc/${package}/copyright)
    file(READ /usr/share/doc/${package}/copyright notice)
    string(APPEND text "\n\n==== ${package} (/usr/share/doc/${package}/copyright) ====\n\n${notice}")
  endif()
endforeach()
file(WRITE ${OUT} "${text}")
