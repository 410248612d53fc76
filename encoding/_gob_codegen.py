"""Generated object converters: a function written for one object type's attributes.

Objects are the hot shape of real data (a list of resources), so each object type gets an
encoder and a decoder written for its attributes: a usual attribute (an ASCII string, an int, a
bool, a float64 number, a map or set of ASCII strings) then costs a few inline checks instead
of calls, and anything else goes to the attribute's planned converter. The source is
registered in linecache under ``<cty generated ...>``, so tracebacks show it. The source
holds nothing from the data (attribute names are passed in the function's namespace), so
types with attributes of the same kinds share one compiled code object.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any, Final, Literal, TypeAlias

from msgspec.msgpack import Ext

from cty import _number
from cty._internal import EMPTY_SET, SetPayload, SourceWriter, code, join, worth_generating

from ._errors import Fail

MAX_GENERATED: Final = 4096
"""Functions generated at most, per process; object types beyond use planned closures. This
bounds the memory a stream describing very many object types can make us spend."""
_generated = 0


def can_generate(width: int) -> bool:
    """Return whether another function may be generated, for an object type of *width*
    attributes (cty._internal.worth_generating)."""
    return _generated < MAX_GENERATED and worth_generating(width)


def compile_function(writer: SourceWriter) -> Callable[..., Any]:
    """Return the function *writer* wrote, counted against MAX_GENERATED."""
    global _generated
    _generated += 1
    return writer.function()


# --- decoding -----------------------------------------------------------------------------------

Kind: TypeAlias = Literal["str", "num", "bool", "mapstr", "setstr", "call"]
"""How a generated decoder takes an attribute: an ASCII str, an int or float, a bool, a map or
set of ASCII strings (sorted keys or elements) directly, falling back to the attribute's slot
decoder for anything else; or always through the slot decoder."""

_INLINE_DEC = {
    "num": "        if v{i}.__class__ is not int:\n"
           "            v{i} = float53(v{i}) if v{i}.__class__ is float and v{i} == v{i} "
           "else d{i}(v{i})\n",
    "bool": "        if v{i} is not True and v{i} is not False:\n            v{i} = d{i}(v{i})\n",
    "mapstr": "        ok = False\n"
              "        if v{i}.__class__ is list and len(v{i}) == 2:\n"
              "            k, e = v{i}\n"
              "            if k.__class__ is list and e.__class__ is list and len(k) == len(e):\n"
              "                try:\n"
              "                    ok = JOIN(k).isascii() and JOIN(e).isascii() and "
              "all(map(lt, k, k[1:]))\n"
              "                except TypeError:\n"
              "                    pass\n"
              "        v{i} = dict(zip(k, e)) if ok else d{i}(v{i})\n",
    "setstr": "        ok = False\n"
              "        if v{i}.__class__ is list:\n"
              "            try:\n"
              "                ok = JOIN(v{i}).isascii() and all(map(lt, v{i}, v{i}[1:]))\n"
              "            except TypeError:\n"
              "                pass\n"
              "        v{i} = (SetPayload(tuple(v{i})) if v{i} else EMPTY_SET) if ok else "
              "d{i}(v{i})\n",
    "call": "        v{i} = d{i}(v{i})\n",
}


def object_decoder(names: Sequence[str], kinds: Sequence[Kind],
                   decs: Sequence[Callable[[Any], Any]],
                   tail: Callable[[Any], Any],
                   locate: Callable[[Any], Fail]) -> Callable[[Any], Any]:
    """Return the slot decoder of an object type with attributes *names*.

    A known object is an array of one value per attribute; *decs* are the attributes' slot
    decoders. *tail(x)* takes any other slot content (nil, unknown, marked); *locate(x)* turns
    a failed array into the Fail of its first failing attribute, with its path step.
    """
    n = len(names)
    w = SourceWriter("obj")
    w.bind_names(Fail=Fail, locate=locate, tail=tail, Ext=Ext, lt=operator.lt,
                 float53=_number.from_float, SetPayload=SetPayload, EMPTY_SET=EMPTY_SET,
                 JOIN="".join,
                 WRONG_LENGTH=f"an object of {n} attributes is an array of {n} values, not ")
    w.add("def obj(x):\n"
          "    if x.__class__ is not list or (x and x[0].__class__ is Ext and x[0].code == 2):\n"
          "        return tail(x)\n"
          "    if len(x) != {n}:\n"
          "        raise Fail(WRONG_LENGTH + str(len(x)))\n", n=n)
    if n == 0:
        w.add("    return {{}}\n")
        return compile_function(w)
    vs = join([code("v{i}", i=i) for i in range(n)])
    w.add("    {vs}, = x\n    try:\n", vs=vs)
    for i, d in enumerate(decs):
        w.bind(d, name=f"d{i}")
    strs = [i for i, k in enumerate(kinds) if k == "str"]
    if strs:
        joined = join([code("v{i},", i=i) for i in strs], " ")
        w.add("        try:\n            ok = JOIN(({joined})).isascii()\n"
              "        except TypeError:\n            ok = False\n"
              "        if not ok:\n", joined=joined)
        for i in strs:
            w.add("            v{i} = d{i}(v{i})\n", i=i)
    for i, k in enumerate(kinds):
        if k != "str":
            w.add(_INLINE_DEC[k], i=i)
    w.add("    except Fail:\n        raise locate(x) from None\n")
    # the names come from the data: they are bound, never in the source
    keys = [w.bind(name, prefix="k") for name in names]
    body = join([code("{k}: v{i}", k=k, i=i) for i, k in enumerate(keys)])
    w.add("    return {{{body}}}\n", body=body)
    return compile_function(w)


# --- encoding -----------------------------------------------------------------------------------

EncKind: TypeAlias = Literal["pass", "num", "map", "set", "call"]
"""How a generated encoder takes an attribute: as it is; an int as it is and a float64-exact
number of precision 53 as a float; a map or set whose elements need no conversion as arrays;
anything else (and the unusual cases of these) through the attribute's converter."""

_INLINE_ENC = {
    "num": "    c = v{i}.__class__\n"
           "    if c is not int:\n"
           "        if c is MPFR and v{i}.precision == 53 and v{i} is not ZERO:\n"
           "            f = float(v{i})\n"
           "            v{i} = f if f == v{i} else c{i}(v{i})\n"
           "        else:\n"
           "            v{i} = c{i}(v{i})\n",
    "map": "    v{i} = [list(v{i}), list(v{i}.values())] if v{i}.__class__ is dict "
           "else c{i}(v{i})\n",
    "set": "    v{i} = v{i}.elems if v{i}.__class__ is SetPayload else c{i}(v{i})\n",
    "call": "    v{i} = c{i}(v{i})\n",
}


def object_encoder(n: int, kinds: Sequence[EncKind], convs: Sequence[Callable[[Any], Any] | None],
                   special: Callable[[Any, Callable[[Any], Any]], Any]) -> Callable[[Any], Any]:
    """Return the fast converter of an object's payload (a dict of *n* attributes, sorted) to
    its wire array; *convs* are the attributes' converters, *special(p, conv)* takes a null,
    unknown or marked payload."""
    w = SourceWriter("enc")
    w.bind_names(special=special, MPFR=type(_number.ZERO), ZERO=_number.ZERO, SetPayload=SetPayload)
    w.add("def enc(p):\n    if p.__class__ is not dict:\n        return special(p, enc)\n")
    if n == 0:
        w.add("    return []\n")
        return compile_function(w)
    vs = join([code("v{i}", i=i) for i in range(n)])
    w.add("    {vs}, = p.values()\n", vs=vs)
    for i, (k, c) in enumerate(zip(kinds, convs, strict=True)):
        w.bind(c, name=f"c{i}")
        if k != "pass":
            w.add(_INLINE_ENC[k], i=i)
    w.add("    return [{vs}]\n", vs=vs)
    return compile_function(w)
