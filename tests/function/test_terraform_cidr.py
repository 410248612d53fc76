"""Terraform's CIDR functions beyond what go-cty-funcs can answer (its vectors are in
test_terraform_vectors.py): OpenTofu's own cases restated, prefixes with leading zeros (read as
Go 1.16 read them), numbers beyond int64 and new bits beyond 32, go-cidr's quirks, and
properties checked against Python's ipaddress module, an implementation of its own."""

from __future__ import annotations

import ipaddress
import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cty
from cty.function import ArgError, FunctionError
from cty.function.terraform import cidrcontains, cidrhost, cidrnetmask, cidrsubnet, cidrsubnets

S = cty.string_val
N = cty.number_val


def _error(call: object, *args: cty.Value) -> str:
    with pytest.raises((FunctionError, cty.PathError)) as e:
        call(*args)  # type: ignore[operator]
    return getattr(e.value, "message", str(e.value))


@pytest.mark.parametrize(("prefix", "num", "want"), [
    ("192.168.1.0/24", 5, "192.168.1.5"),
    ("192.168.1.0/24", -5, "192.168.1.251"),
    ("192.168.1.0/24", -256, "192.168.1.0"),
    ("010.001.0.0/24", 6, "10.1.0.6"),  # leading zeros are decimal, the result canonical
    ("fe80::/64", 2 ** 63, "fe80::8000:0:0:0"),  # beyond int64: Terraform reads a big.Int
    ("::/0", 2 ** 127 + 1, "8000::1"),
    ("::/0", -(2 ** 100), "ffff:fff0::"),  # counted back from the last address
    ("::ffff:10.0.0.0/120", 1, "0:1::ffff:a00:0"),  # go-cidr shifts an IPv4-mapped host 96 up
])
def test_cidrhost(prefix: str, num: int, want: str) -> None:
    assert cidrhost(S(prefix), N(num)) == S(want)


@pytest.mark.parametrize(("prefix", "num", "message"), [
    ("192.168.1.0/30", 255, "prefix of 30 does not accommodate a host numbered 255"),
    # (go-cidr names the number it made of a negative one: 3 - 254)
    ("192.168.1.0/30", -255, "prefix of 30 does not accommodate a host numbered -251"),
    ("10.0.0.0/8", 2 ** 63,  # (go-cidr checks the low 64 bits, then panics: it does not fit)
     "prefix of 8 does not accommodate a host numbered 9223372036854775808"),
    ("10.0.0.0/8", 2 ** 5000, f"prefix of 8 does not accommodate a host numbered {2 ** 5000}"),
    ("not-a-cidr", 6, "invalid CIDR expression: invalid CIDR address: not-a-cidr"),
    ("10.256.0.0/8", 6, "invalid CIDR expression: invalid CIDR address: 10.256.0.0/8"),
])
def test_cidrhost_refuses(prefix: str, num: int, message: str) -> None:
    assert _error(cidrhost, S(prefix), N(num)) == message


def test_a_fraction_is_not_a_host_number() -> None:
    assert _error(cidrhost, S("10.0.0.0/8"), N(0.75)) == "value must be a whole number"
    assert _error(cidrsubnet, S("10.0.0.0/8"), N(4), N(0.75)) == "value must be a whole number"
    assert _error(cidrsubnet, S("10.0.0.0/8"), N(2 / 3), N(1)) == (
        "value must be a whole number, between -9223372036854775808 and 9223372036854775807")


def test_a_number_too_large_to_write_is_refused_quickly() -> None:
    huge = cty.parse_number_val("1e400000000")
    assert _error(cidrhost, S("10.0.0.0/8"), huge) == (  # (its digits are never made)
        "prefix of 8 does not accommodate a host numbered 1e+400000000")
    assert _error(cidrsubnet, S("10.0.0.0/8"), N(8), huge.negate()).startswith(
        "prefix extension of 8 does not accommodate")


@pytest.mark.parametrize(("prefix", "want"), [
    ("192.168.1.0/24", "255.255.255.0"), ("192.168.1.0/32", "255.255.255.255"),
    ("0.0.0.0/0", "0.0.0.0"), ("010.001.0.0/24", "255.255.255.0"),
    ("::ffff:10.0.0.0/104", "ffff:ffff:ffff:ffff:ffff:ffff:ff00:0"),  # an IPv4-mapped network
])
def test_cidrnetmask(prefix: str, want: str) -> None:
    assert cidrnetmask(S(prefix)) == S(want)


def test_cidrnetmask_refuses() -> None:
    assert _error(cidrnetmask, S("1::/64")) == "IPv6 addresses cannot have a netmask: 1::/64"
    assert _error(cidrnetmask, S("110.256.0.0/8")) == (
        "invalid CIDR expression: invalid CIDR address: 110.256.0.0/8")


@pytest.mark.parametrize(("prefix", "newbits", "num", "want"), [
    ("192.168.2.0/20", 4, 6, "192.168.6.0/24"),
    ("fe80::/48", 16, 6, "fe80:0:0:6::/64"),
    ("::ffff:192.168.0.0/112", 8, 6, "192.168.6.0/24"),  # IPv4-mapped: written as IPv4
    ("fe80::/48", 33, 6, "fe80::3:0:0:0/81"),  # more than 32 bits: Terraform allows it
    ("010.001.0.0/24", 4, 1, "10.1.0.16/28"),
    ("::/0", 100, 2 ** 70, "0:4::/100"),  # beyond int64 (and no check at 64 bits or more)
    ("::/64", 64, 2 ** 64 + 1, "::1:0:0:0:1/128"),  # (go-cidr checks the low 64 bits only)
    ("10.0.0.0/8", 8, -1, "0.1.0.0/16"),  # (a negative number's bits, as big.Int has them)
    ("10.0.0.0/8", -1, 0, "10.0.0.0/7"),
    ("10.0.0.0/8", -9, 0, "<nil>"),  # a prefix length below zero: Go prints <nil>
])
def test_cidrsubnet(prefix: str, newbits: int, num: int, want: str) -> None:
    assert cidrsubnet(S(prefix), N(newbits), N(num)) == S(want)


@pytest.mark.parametrize(("prefix", "newbits", "num", "message"), [
    ("192.168.0.0/30", 4, 6, "insufficient address space to extend prefix of 30 by 4"),
    ("192.168.0.0/24", 2, 16, "prefix extension of 2 does not accommodate a subnet numbered 16"),
    ("10.0.0.0/8", -9, 1,  # (go-cidr panics: the number lands past the address)
     "prefix extension of -9 does not accommodate a subnet numbered 1"),
    ("::/0", 100, 2 ** 5000,
     f"prefix extension of 100 does not accommodate a subnet numbered {2 ** 5000}"),
    ("192.168.0.0/168", 2, 16, "invalid CIDR expression: invalid CIDR address: 192.168.0.0/168"),
])
def test_cidrsubnet_refuses(prefix: str, newbits: int, num: int, message: str) -> None:
    assert _error(cidrsubnet, S(prefix), N(newbits), N(num)) == message


def test_cidrsubnets() -> None:
    got = cidrsubnets(S("10.0.0.0/21"), *(N(n) for n in (3, 3, 3, 4, 4, 4, 7, 7, 7)))
    assert got == cty.list_val([S(s) for s in (
        "10.0.0.0/24", "10.0.1.0/24", "10.0.2.0/24", "10.0.3.0/25", "10.0.3.128/25",
        "10.0.4.0/25", "10.0.4.128/28", "10.0.4.144/28", "10.0.4.160/28")])
    assert cidrsubnets(S("010.0.0.0/21"), N(3)) == cty.list_val([S("10.0.0.0/24")])
    assert cidrsubnets(S("10.0.0.0/8")) == cty.list_val_empty(cty.String)


@pytest.mark.parametrize(("prefix", "newbits", "index", "message"), [
    ("10.0.0.0/30", (1, 3), 2, "would extend prefix to 33 bits, which is too long for an IPv4 "
                               "address"),
    ("10.0.0.0/8", (1, 1, 1), 3, "not enough remaining address space for a subnet with a "
                                 "prefix of 9 bits after 10.128.0.0/9"),
    ("10.0.0.0/8", (1, 0), 2, "must extend prefix by at least one bit"),
    ("10.0.0.0/8", (1, -1), 2, "must extend prefix by at least one bit"),
    ("fe80::/48", (1, 33), 2, "may not extend prefix by more than 32 bits"),
    # (an IPv4-mapped network: go-cidr starts from its 4 bytes, and finds nothing after it)
    ("::ffff:10.0.0.0/104", (4,), 1, "not enough remaining address space for a subnet with a "
                                     "prefix of 108 bits after <nil>"),
    ("not-a-cidr", (1,), 0, "invalid CIDR expression: invalid CIDR address: not-a-cidr"),
])
def test_cidrsubnets_refuses(prefix: str, newbits: tuple[int, ...], index: int,
                             message: str) -> None:
    with pytest.raises(ArgError) as e:
        cidrsubnets(S(prefix), *(N(n) for n in newbits))
    assert (e.value.index, e.value.message) == (index, message)


@pytest.mark.parametrize(("prefix", "address", "want"), [
    ("192.168.2.0/20", "192.168.2.1", True), ("192.168.2.0/20", "192.168.2.0/22", True),
    ("192.168.2.0/20", "192.126.2.1", False), ("192.168.2.0/20", "192.126.2.0/18", False),
    ("192.168.2.0/20", "192.168.0.0/16", False), ("fe80::/48", "fe80::1", True),
    ("fe80::/48", "fe81::1", False), ("10.0.0.0/8", "010.1.2.3", True),
    ("10.0.0.0/8", "::ffff:10.1.2.3", True),  # an IPv4-mapped address is IPv4
    ("::/0", "::/80", False),  # (so is the last address of ::/80, which ::/0 cannot hold)
])
def test_cidrcontains(prefix: str, address: str, want: bool) -> None:
    assert cidrcontains(S(prefix), S(address)) == cty.bool_val(want)


@pytest.mark.parametrize(("prefix", "address", "message"), [
    ("192.168.2.0/20", "fe80::1", "address family mismatch: 192.168.2.0/20 vs. fe80::1"),
    ("192.168.2.0/20", "fe80::/24", "address family mismatch: 192.168.2.0/20 vs. fe80::/24"),
    ("fe80::/48", "192.168.2.1", "address family mismatch: fe80::/48 vs. 192.168.2.1"),
    ("fe80::/48", "192.168.2.0/20", "address family mismatch: fe80::/48 vs. 192.168.2.0/20"),
    ("not-a-cidr", "192.168.2.1", "invalid CIDR address: not-a-cidr"),
    ("192.168.2.0/20", "not-an-address", "invalid IP address or prefix: not-an-address"),
])
def test_cidrcontains_refuses(prefix: str, address: str, message: str) -> None:
    assert _error(cidrcontains, S(prefix), S(address)) == message


def test_unknowns_and_marks() -> None:
    unknown = cty.unknown_val(cty.String)
    assert cidrhost(unknown, N(1)) == unknown.refine_not_null()
    assert cidrcontains(unknown, S("10.0.0.1")) == cty.unknown_val(cty.Bool)  # (not refined)
    secret = S("10.0.0.0/8").mark("sensitive")
    assert cidrsubnet(secret, N(8), N(3)) == S("10.3.0.0/16").mark("sensitive")
    assert _error(cidrnetmask, S("10.0.0.0/99").mark("sensitive")) == (
        "invalid CIDR expression: invalid CIDR address: (sensitive value)")


# Properties, against Python's ipaddress module (which refuses leading zeros, so the prefixes
# are written canonically). Go writes an IPv4-mapped IPv6 address as IPv4, and a network at one
# with the bits of its mask past the first 96.
def _go_address(a: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str:
    mapped = getattr(a, "ipv4_mapped", None)
    return str(mapped if mapped is not None else a)


def _go_network(n: ipaddress.IPv4Network | ipaddress.IPv6Network) -> str:
    if getattr(n.network_address, "ipv4_mapped", None) is None:
        return str(n)
    return f"{_go_address(n.network_address)}/{max(n.prefixlen - 96, 0)}"


_V4 = st.builds(lambda a, n: ipaddress.ip_network((a, n), strict=False),
                st.integers(0, 2 ** 32 - 1).map(ipaddress.IPv4Address), st.integers(0, 32))
_V6 = st.builds(lambda a, n: ipaddress.ip_network((a, n), strict=False),
                st.integers(0, 2 ** 128 - 1).map(ipaddress.IPv6Address), st.integers(0, 128))
_NETWORKS = st.one_of(_V4, _V6).filter(
    lambda n: n.version == 4 or n.network_address.ipv4_mapped is None)


@given(_NETWORKS, st.data())
def test_cidrhost_is_the_numbered_address(net: ipaddress._BaseNetwork,
                                          data: st.DataObject) -> None:
    size = net.num_addresses
    num = data.draw(st.integers(-size, size - 1))
    want = net.network_address + (num if num >= 0 else size + num)
    assert cidrhost(S(str(net)), N(num)) == S(_go_address(want))


@given(_NETWORKS, st.data())
def test_cidrsubnet_is_the_numbered_subnet(net: ipaddress._BaseNetwork,
                                           data: st.DataObject) -> None:
    newbits = data.draw(st.integers(0, net.max_prefixlen - net.prefixlen))
    num = data.draw(st.integers(0, min(2 ** newbits, 2 ** 64) - 1))
    length = net.prefixlen + newbits
    first = int(net.network_address) + (num << (net.max_prefixlen - length))
    want = type(net)((first, length))
    assert cidrsubnet(S(str(net)), N(newbits), N(num)) == S(_go_network(want))


@given(_NETWORKS, st.lists(st.integers(1, 32), max_size=8))
def test_cidrsubnets_allocates_in_order_without_overlap(net: ipaddress._BaseNetwork,
                                                        newbits: list[int]) -> None:
    try:
        got = cidrsubnets(S(str(net)), *(N(n) for n in newbits))
    except ArgError as e:
        assert 1 <= e.index <= len(newbits)
        return
    subnets = [ipaddress.ip_network(s.as_string()) for s in got.as_value_slice()]
    if any(getattr(s.network_address, "ipv4_mapped", None) for s in subnets):
        return  # (written as IPv4: see cidrsubnet's property)
    for bits, sub in zip(newbits, subnets, strict=True):
        assert sub.prefixlen == net.prefixlen + bits and sub.subnet_of(net)  # type: ignore[arg-type]
    for a, b in itertools.pairwise(subnets):
        assert a.broadcast_address < b.network_address


@given(_NETWORKS, _NETWORKS)
def test_cidrcontains_is_subnet_of(outer: ipaddress._BaseNetwork,
                                   inner: ipaddress._BaseNetwork) -> None:
    if outer.version != inner.version:
        assert _error(cidrcontains, S(str(outer)), S(str(inner))).startswith(
            "address family mismatch")
        return
    if getattr(inner.broadcast_address, "ipv4_mapped", None) is not None:
        return  # (Go sees an IPv4 address there, in no IPv6 network: ::/0 holds no ::/80)
    assert cidrcontains(S(str(outer)), S(str(inner))) == cty.bool_val(
        inner.subnet_of(outer))  # type: ignore[arg-type]


@given(_NETWORKS, st.data())
def test_cidrcontains_holds_its_subnets_and_addresses(outer: ipaddress._BaseNetwork,
                                                      data: st.DataObject) -> None:
    length = data.draw(st.integers(outer.prefixlen, outer.max_prefixlen))
    offset = data.draw(st.integers(0, outer.num_addresses - 1))
    address = outer.network_address + offset
    inner = ipaddress.ip_network((address, length), strict=False)
    if getattr(inner.broadcast_address, "ipv4_mapped", None) is not None or \
            getattr(address, "ipv4_mapped", None) is not None:
        return  # (see above)
    assert cidrcontains(S(str(outer)), S(str(inner))) == cty.True_
    assert cidrcontains(S(str(outer)), S(str(address))) == cty.True_
    if int(outer.broadcast_address) + 1 < 2 ** outer.max_prefixlen:
        after = outer.broadcast_address + 1
        if getattr(after, "ipv4_mapped", None) is None:
            assert cidrcontains(S(str(outer)), S(str(after))) == cty.False_
