"""IP addresses and networks as Terraform's CIDR functions see them.

Terraform (and OpenTofu, whose ``internal/ipaddr`` this follows) parses addresses with the
rules of Go 1.16's ``net`` package, kept on purpose: a decimal part may have leading zeros
(``010.001.0.0`` is 10.1.0.0), a hexadecimal group up to the value 0xFFFF. Everything else is
Go's ``net`` as it is today: an address is 4 or 16 bytes (an IPv4 address parsed alone is its
16-byte IPv4-mapped form, an IPv4 network's address is 4 bytes), a mask as long as its
network's address, and the text of each as ``IP.String``/``IPNet.String`` write it (an
IPv4-mapped address prints as IPv4; an IPv6 address with its first longest run of two or more
zero groups as ``::``). An empty address stands for Go's nil one.
"""

from __future__ import annotations

from typing import Final, NamedTuple

__all__ = ["IPV4_ZERO", "IPV6_ZERO", "IPNet", "cidr_mask", "contains", "equal", "from_int",
           "ip_string", "mask_ip", "mask_size", "net_string", "parse_cidr", "parse_ip", "to4",
           "to_int"]

_V4_IN_V6: Final = bytes(10) + b"\xff\xff"
_BIG: Final = 0xFFFFFF  # (where Go's digit readers give up)
IPV4_ZERO: Final = _V4_IN_V6 + bytes(4)
IPV6_ZERO: Final = bytes(16)


class IPNet(NamedTuple):
    """A network: its address (masked) and mask, each 4 or 16 bytes (or empty: Go's nil)."""

    ip: bytes
    mask: bytes


def _decimal(s: str) -> tuple[int, int, bool]:
    """Go's dtoi: the number at the start of *s*, the characters read, whether it is one."""
    n = i = 0
    while i < len(s) and "0" <= s[i] <= "9":
        n = n * 10 + ord(s[i]) - 48
        if n >= _BIG:
            return _BIG, i, False
        i += 1
    return n, i, i > 0


def _hexadecimal(s: str) -> tuple[int, int, bool]:
    """Go's xtoi: the hexadecimal number at the start of *s*."""
    n = i = 0
    while i < len(s):
        digit = int(s[i], 16) if s[i] in "0123456789abcdefABCDEF" else -1
        if digit < 0:
            break
        n = n * 16 + digit
        if n >= _BIG:
            return 0, i, False
        i += 1
    return n, i, i > 0


def _parse_ipv4(s: str) -> bytes | None:
    parts = bytearray()
    for i in range(4):
        if not s:
            return None
        if i > 0:
            if s[0] != ".":
                return None
            s = s[1:]
        n, c, ok = _decimal(s)
        if not ok or n > 0xFF:
            return None
        s = s[c:]
        parts.append(n)
    if s:
        return None
    return _V4_IN_V6 + bytes(parts)


def _parse_ipv6(s: str) -> bytes | None:
    ip = bytearray(16)
    ellipsis = -1
    if s.startswith("::"):
        ellipsis = 0
        s = s[2:]
        if not s:
            return bytes(ip)
    i = 0
    while i < 16:
        n, c, ok = _hexadecimal(s)
        if not ok or n > 0xFFFF:
            return None
        if c < len(s) and s[c] == ".":  # an IPv4 address in the last four bytes
            if (ellipsis < 0 and i != 12) or i + 4 > 16:
                return None
            v4 = _parse_ipv4(s)
            if v4 is None:
                return None
            ip[i:i + 4] = v4[12:]
            s = ""
            i += 4
            break
        ip[i], ip[i + 1] = n >> 8, n & 0xFF
        i += 2
        s = s[c:]
        if not s:
            break
        if s[0] != ":" or len(s) == 1:
            return None
        s = s[1:]
        if s[0] == ":":
            if ellipsis >= 0:
                return None
            ellipsis = i
            s = s[1:]
            if not s:
                break
    if s:
        return None
    if i < 16:
        if ellipsis < 0:
            return None
        gap = 16 - i
        ip[ellipsis + gap:16] = ip[ellipsis:i]
        ip[ellipsis:ellipsis + gap] = bytes(gap)
    elif ellipsis >= 0:
        return None  # (an ellipsis stands for at least one group)
    return bytes(ip)


def parse_ip(s: str) -> bytes | None:
    """*s* as an address (16 bytes), by the first ``.`` or ``:`` in it; None if it is none."""
    for ch in s:
        if ch == ".":
            return _parse_ipv4(s)
        if ch == ":":
            return _parse_ipv6(s)
    return None


def parse_cidr(s: str) -> IPNet | None:
    """*s* (``address/length``) as its network (the address masked), or None if it is none."""
    slash = s.find("/")
    if slash < 0:
        return None
    address, length = s[:slash], s[slash + 1:]
    size = 4
    ip = _parse_ipv4(address)
    if ip is None:
        size = 16
        ip = _parse_ipv6(address)
    n, c, ok = _decimal(length)
    if ip is None or not ok or c != len(length) or n > 8 * size:
        return None
    mask = cidr_mask(n, 8 * size)
    return IPNet(mask_ip(ip, mask), mask)


def to4(ip: bytes) -> bytes | None:
    """Go's IP.To4: the 4 bytes of an IPv4 (or IPv4-mapped) address, or None."""
    if len(ip) == 4:
        return ip
    if len(ip) == 16 and ip[:12] == _V4_IN_V6:
        return ip[12:]
    return None


def cidr_mask(ones: int, bits: int) -> bytes:
    """Go's CIDRMask: *ones* leading one bits of *bits* (empty where Go gives nil)."""
    if bits not in (32, 128) or not 0 <= ones <= bits:
        return b""
    return (((1 << ones) - 1) << (bits - ones)).to_bytes(bits // 8, "big")


def mask_ip(ip: bytes, mask: bytes) -> bytes:
    """Go's IP.Mask (empty where Go gives nil)."""
    if len(mask) == 16 and len(ip) == 4 and mask[:12] == b"\xff" * 12:
        mask = mask[12:]
    if len(mask) == 4 and len(ip) == 16 and ip[:12] == _V4_IN_V6:
        ip = ip[12:]
    if len(ip) != len(mask):
        return b""
    return bytes(a & b for a, b in zip(ip, mask, strict=True))


def _ones(mask: bytes) -> int:
    """Go's simpleMaskLength: the leading one bits of a canonical mask, or -1."""
    n = 0
    for i, byte in enumerate(mask):
        if byte == 0xFF:
            n += 8
            continue
        rest = byte
        while rest & 0x80:
            n += 1
            rest = (rest << 1) & 0xFF
        if rest or any(mask[i + 1:]):
            return -1
        break
    return n


def mask_size(mask: bytes) -> tuple[int, int]:
    """Go's IPMask.Size: (leading ones, bits), or (0, 0) for a mask that is not canonical."""
    ones = _ones(mask)
    return (0, 0) if ones < 0 else (ones, 8 * len(mask))


def equal(a: bytes, b: bytes) -> bool:
    """Go's IP.Equal: the same address, an IPv4 one equal to its IPv4-mapped form."""
    if len(a) == len(b):
        return a == b
    if len(a) == 4 and len(b) == 16:
        return b[:12] == _V4_IN_V6 and b[12:] == a
    if len(a) == 16 and len(b) == 4:
        return a[:12] == _V4_IN_V6 and a[12:] == b
    return False


def _number_and_mask(net: IPNet) -> tuple[bytes, bytes] | None:
    """Go's networkNumberAndMask: the address (4 bytes for IPv4) and its matching mask."""
    ip = to4(net.ip)
    if ip is None:
        ip = net.ip
        if len(ip) != 16:
            return None
    mask = net.mask
    if len(mask) == 4:
        if len(ip) != 4:
            return None
    elif len(mask) == 16:
        if len(ip) == 4:
            mask = mask[12:]
    else:
        return None
    return ip, mask


def contains(net: IPNet, ip: bytes) -> bool:
    """Go's IPNet.Contains."""
    found = _number_and_mask(net)
    if found is None:
        return False
    number, mask = found
    ip = to4(ip) or ip
    if len(ip) != len(number):
        return False
    return all(n & m == a & m for n, m, a in zip(number, mask, ip, strict=True))


def ip_string(ip: bytes) -> str:
    """Go's IP.String."""
    if not ip:
        return "<nil>"
    if len(ip) not in (4, 16):
        return "?" + ip.hex()
    v4 = to4(ip)
    if v4 is not None:
        return ".".join(str(b) for b in v4)
    groups = [ip[i] << 8 | ip[i + 1] for i in range(0, 16, 2)]
    start = end = -1
    for i in range(8):  # the first longest run of two or more zero groups
        j = i
        while j < 8 and groups[j] == 0:
            j += 1
        if j - i >= 2 and j - i > end - start:
            start, end = i, j
    if start < 0:
        return ":".join(f"{g:x}" for g in groups)
    return (":".join(f"{g:x}" for g in groups[:start]) + "::"
            + ":".join(f"{g:x}" for g in groups[end:]))


def net_string(net: IPNet) -> str:
    """Go's IPNet.String: ``address/length`` (``<nil>`` for a network Go cannot print)."""
    found = _number_and_mask(net)
    if found is None:
        return "<nil>"
    number, mask = found
    ones = _ones(mask)
    if ones < 0:
        return ip_string(number) + "/" + mask.hex()
    return f"{ip_string(number)}/{ones}"


def to_int(ip: bytes) -> int:
    """An address's bytes as a number."""
    return int.from_bytes(ip, "big")


def from_int(value: int, bits: int) -> bytes | None:
    """go-cidr's intToIP: the low bytes of |*value*| as an address of *bits*, or None where
    go-cidr would index past the address (Go panics)."""
    value = abs(value)
    if value.bit_length() > bits:
        return None
    return value.to_bytes(bits // 8, "big")
