"""Subnet and host arithmetic as Terraform does it (go-cidr 1.1.0, which Terraform and
OpenTofu use), quirks included, so that every answer is Terraform's:

* a host number is checked against the host bits by its low 64 bits read as a signed number
  (a negative number counts back from the last address: -1 is the last one);
* a subnet number is checked by the low 64 bits of its magnitude, and not at all when the new
  bits are 64 or more (a shift that wraps to zero in Go);
* in an IPv4-mapped IPv6 network a host number is placed 96 bits up (go-cidr takes the
  IPv4 width for the number but shifts within the 16-byte address);
* a negative new-bits count makes a network Go prints as ``<nil>``.

Where go-cidr would index past the end of an address (Go panics), ours refuses with the error
go-cidr gives for a number that does not fit.
"""

from __future__ import annotations

from typing import Final

from .._errors import FunctionError
from ._ipaddr import (
    IPV4_ZERO,
    IPV6_ZERO,
    IPNet,
    cidr_mask,
    equal,
    from_int,
    mask_ip,
    mask_size,
    to4,
    to_int,
)

__all__ = ["address_range", "host", "next_subnet", "previous_subnet", "subnet", "wrap64"]

_U64: Final = (1 << 64) - 1


def wrap64(n: int) -> int:
    """*n* as Go's 64-bit int arithmetic leaves it (wrapping)."""
    return ((n + (1 << 63)) & _U64) - (1 << 63)


def _low64_signed(n: int) -> int:
    """``big.NewInt(int64(n.Uint64()))``: the low 64 bits of |*n*|, read as signed."""
    low = abs(n) & _U64
    return low - (1 << 64) if low >> 63 else low


def host(net: IPNet, num: int, shown: str | None = None) -> bytes:
    """go-cidr's HostBig: address number *num* in *net* (*shown*: how to write a number too
    large to compute with, in the error)."""
    parent, bits = mask_size(net.mask)
    max_host = (1 << (bits - parent)) - 1
    checked = _low64_signed(num)
    if num < 0:
        checked = -num - 1
        num = max_host - checked
    if shown is not None or checked > max_host:
        raise FunctionError(f"prefix of {parent} does not accommodate a host numbered "
                            f"{shown if shown is not None else num}")
    width = 32 if to4(net.ip) is not None else 128
    total = 8 * len(net.ip)
    ip = from_int(to_int(net.ip) | num << (total - width), total)
    if ip is None:
        raise FunctionError(f"prefix of {parent} does not accommodate a host numbered {num}")
    return ip


def subnet(net: IPNet, new_bits: int, num: int, shown: str | None = None) -> IPNet:
    """go-cidr's SubnetBig: subnet number *num* of *net* extended by *new_bits* bits."""
    parent, bits = mask_size(net.mask)
    length = wrap64(parent + new_bits)
    if length > bits:
        raise FunctionError(
            f"insufficient address space to extend prefix of {parent} by {new_bits}")
    shift = new_bits & _U64
    max_num = (((1 << shift) & _U64) if shift < 64 else 0) - 1 & _U64
    refused = FunctionError(f"prefix extension of {new_bits} does not accommodate a subnet "
                            f"numbered {shown if shown is not None else num}")
    if shown is not None or abs(num) & _U64 > max_num:
        raise refused
    total = 8 * len(net.ip)
    up = (total - length) & _U64
    value = to_int(net.ip)
    if num:
        if up > total:
            raise refused  # (Go: far past the address, an index out of range)
        value |= num << up
    ip = from_int(value, total)
    if ip is None:
        raise refused
    return IPNet(ip, cidr_mask(length, bits))


def address_range(net: IPNet) -> tuple[bytes, bytes]:
    """go-cidr's AddressRange: the first and last addresses of *net*."""
    first = net.ip
    length, bits = mask_size(net.mask)
    if length == bits or len(first) not in (4, 16):
        return first, first
    total = 8 * len(first)
    last = from_int((1 << (total - length)) - 1 | to_int(first), total)
    return first, last if last is not None else first


def _step(ip: bytes, delta: int) -> bytes:
    """go-cidr's Inc and Dec: *ip* (4 bytes if IPv4) plus *delta*, wrapping around."""
    ip = to4(ip) or ip
    if not ip:
        return ip
    return ((to_int(ip) + delta) % (1 << 8 * len(ip))).to_bytes(len(ip), "big")


def previous_subnet(net: IPNet, length: int) -> IPNet:
    """go-cidr's PreviousSubnet: the network of *length* bits just below *net*."""
    start = to4(net.ip) or net.ip
    mask = cidr_mask(length, 8 * len(start))
    return IPNet(mask_ip(_step(start, -1), mask), mask)


def next_subnet(net: IPNet, length: int) -> tuple[IPNet, bool]:
    """go-cidr's NextSubnet: the network of *length* bits just after *net*, and whether the
    addresses wrapped around to zero."""
    _, last = address_range(net)
    mask = cidr_mask(length, 8 * len(last))
    _, last = address_range(IPNet(mask_ip(last, mask), mask))
    last = _step(last, 1)
    return IPNet(mask_ip(last, mask), mask), equal(last, IPV4_ZERO) or equal(last, IPV6_ZERO)
