"""Terraform's CIDR functions (OpenTofu's lang/funcs cidr.go): cidrhost, cidrnetmask,
cidrsubnet, cidrsubnets, and OpenTofu's cidrcontains.

Prefixes are read as Terraform reads them (``_ipaddr``: leading zeros allowed) and the
arithmetic is go-cidr's (``_netcalc``), so results and errors are Terraform's, and results are
always written in canonical form.
"""

from __future__ import annotations

from typing import Final

from cty import (
    Bool,
    False_,
    LimitExceededError,
    List,
    Number,
    PathError,
    String,
    True_,
    Type,
    Value,
    list_val,
    list_val_empty,
    string_val,
)
from cty._number import format_g, whole_number_text

from .._errors import ArgError, FunctionError
from .._function import Function, refine_not_null, static_return_type
from .._parameter import Parameter
from ..stdlib._gocty import go_big_int, go_int
from ._ipaddr import (
    IPNet,
    contains,
    ip_string,
    mask_size,
    net_string,
    parse_cidr,
    parse_ip,
    to4,
)
from ._netcalc import address_range, host, next_subnet, previous_subnet, subnet, wrap64

__all__ = ["cidrcontains", "cidrhost", "cidrnetmask", "cidrsubnet", "cidrsubnets"]

_MAX_BITS: Final = 4096
"""A host or network number of more bits than this fits no address, whatever else: it is
refused without computing with it."""


def _network(text: str) -> IPNet:
    net = parse_cidr(text)
    if net is None:
        raise FunctionError(f"invalid CIDR expression: invalid CIDR address: {text}")
    return net


def _big(v: Value) -> tuple[int, str | None]:
    """A host or network number, and its text when it is too large to compute with."""
    n = go_big_int(v, _MAX_BITS)
    if n is not None:
        return n, None
    try:
        return 0, whole_number_text(v._v)
    except LimitExceededError:  # (too long to write out: written short)
        return 0, format_g(v._v)


def _cidrhost(args: list[Value], ty: Type) -> Value:
    num, shown = _big(args[1])
    return string_val(ip_string(host(_network(args[0].as_string()), num, shown)))


cidrhost = Function(params=[Parameter("prefix", String), Parameter("hostnum", Number)],
                    type=static_return_type(String), refine_result=refine_not_null,
                    impl=_cidrhost,
                    description="Calculates a full host IP address within a given IP network "
                                "address prefix.")
"""cidrhost(prefix, hostnum): address number *hostnum* in network *prefix* (a negative number
counts back from the last address)."""


def _cidrnetmask(args: list[Value], ty: Type) -> Value:
    text = args[0].as_string()
    net = _network(text)
    if to4(net.ip) is None:
        raise FunctionError(f"IPv6 addresses cannot have a netmask: {text}")
    return string_val(ip_string(net.mask))


cidrnetmask = Function(params=[Parameter("prefix", String)], type=static_return_type(String),
                       refine_result=refine_not_null, impl=_cidrnetmask,
                       description="Converts an IPv4 address prefix given in CIDR notation "
                                   "into a subnet mask address.")
"""cidrnetmask(prefix): the IPv4 network's mask in dotted form (an IPv6 network has none)."""


def _cidrsubnet(args: list[Value], ty: Type) -> Value:
    new_bits = go_int(args[1])
    num, shown = _big(args[2])
    return string_val(net_string(subnet(_network(args[0].as_string()), new_bits, num, shown)))


cidrsubnet = Function(params=[Parameter("prefix", String), Parameter("newbits", Number),
                              Parameter("netnum", Number)],
                      type=static_return_type(String), refine_result=refine_not_null,
                      impl=_cidrsubnet,
                      description="Calculates a subnet address within a given IP network "
                                  "address prefix.")
"""cidrsubnet(prefix, newbits, netnum): subnet number *netnum* of *prefix* extended by
*newbits* bits."""


def _length(args: list[Value], i: int) -> int:
    try:
        return go_int(args[i])
    except PathError as e:
        raise ArgError(i, e.message) from None


def _cidrsubnets(args: list[Value], ty: Type) -> Value:
    text = args[0].as_string()
    net = parse_cidr(text)
    if net is None:
        raise ArgError(0, f"invalid CIDR expression: invalid CIDR address: {text}")
    if len(args) == 1:
        return list_val_empty(String)
    start = mask_size(net.mask)[0]
    current = previous_subnet(net, wrap64(_length(args, 1) + start))
    bits = 8 * len(net.ip)
    out = []
    for i in range(1, len(args)):
        length = _length(args, i)
        if length < 1:
            raise ArgError(i, "must extend prefix by at least one bit")
        if length > 32:  # (for 32-bit machines, where a subnet number has 32 bits)
            raise ArgError(i, "may not extend prefix by more than 32 bits")
        length += start
        if length > bits:
            raise ArgError(i, f"would extend prefix to {length} bits, which is too long for an "
                              f"{'IPv4' if bits == 32 else 'IPv6'} address")
        following, wrapped = next_subnet(current, length)
        if wrapped or not contains(net, following.ip):
            raise ArgError(i, "not enough remaining address space for a subnet with a prefix "
                              f"of {length} bits after {net_string(current)}")
        current = following
        out.append(string_val(net_string(current)))
    return list_val(out)


cidrsubnets = Function(params=[Parameter("prefix", String)],
                       var_param=Parameter("newbits", Number),
                       type=static_return_type(List(String)), refine_result=refine_not_null,
                       impl=_cidrsubnets,
                       description="Calculates a sequence of consecutive subnet prefixes that "
                                   "may be of different prefix lengths under a common base "
                                   "prefix.")
"""cidrsubnets(prefix, newbits...): consecutive subnets of *prefix*, each extended by its
*newbits* (1 to 32), as a list."""


def _cidrcontains(args: list[Value], ty: Type) -> Value:
    prefix, text = args[0].as_string(), args[1].as_string()
    containing = parse_cidr(prefix)
    if containing is None:
        raise FunctionError(f"invalid CIDR address: {prefix}")
    first = parse_ip(text)
    last: bytes | None = None
    if first is None:
        contained = parse_cidr(text)
        if contained is None:
            raise FunctionError(f"invalid IP address or prefix: {text}")
        first, last = address_range(contained)
    if (to4(first) is None) != (to4(containing.ip) is None):
        raise FunctionError(f"address family mismatch: {prefix} vs. {text}")
    inside = contains(containing, first) and (last is None or contains(containing, last))
    return True_ if inside else False_


cidrcontains = Function(params=[Parameter("containing_prefix", String),
                                Parameter("contained_ip_or_prefix", String)],
                        type=static_return_type(Bool), impl=_cidrcontains,
                        description="Checks whether a given IP address or prefix is within a "
                                    "given IP network address prefix.")
"""cidrcontains(containing_prefix, contained_ip_or_prefix): whether the address, or every
address of the prefix, is in *containing_prefix* (OpenTofu's; an unknown result is not refined,
as OpenTofu's is not)."""
