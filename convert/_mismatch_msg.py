"""English reasons why one type does not convert to another (go-cty's mismatch_msg.go, 1.18).

Where go-cty picks "the first" of several attributes in Go's random map order, we take the
first in sorted order, so the message is always the same.
"""

from __future__ import annotations

from cty import Bool, DynamicPseudoType, Number, String, Type
from cty._internal import check_type, deep, go_quote

from ._dispatch import get_plan


@deep
def mismatch_message(got: Type, want: Type, /) -> str:
    """Return why a value of type *got* does not convert to type *want* (go-cty's
    MismatchMessage), for an English-speaking user.

    It does not try the conversion: call it once a conversion has failed.

    >>> mismatch_message(cty.Bool, cty.Number)
    'number required, but have bool'
    """
    check_type(got, "mismatch_message's got type")
    check_type(want, "mismatch_message's wanted type")
    return _message(got, want)


def _message(got: Type, want: Type) -> str:
    if got.is_object_type() and want.is_object_type():
        return _objects(got, want)
    if got.is_tuple_type() and want.is_list_type() and want.element_type() is DynamicPseudoType:
        return "all list elements must have the same type"
    if got.is_tuple_type() and want.is_set_type() and want.element_type() is DynamicPseudoType:
        return "all set elements must have the same type"
    if got.is_object_type() and want.is_map_type() and want.element_type() is DynamicPseudoType:
        return "all map elements must have the same type"
    if (got.is_tuple_type() or got.is_object_type()) and want.is_collection_type():
        return _collection_from_structural(got, want)
    if got.is_collection_type() and want.is_collection_type():
        return _collection_from_collection(got, want)
    if not _likely_to_confuse(got, want):
        return f"{want.friendly_name()} required, but have {got.friendly_name()}"
    return want.friendly_name_for_constraint() + " required"


def _converts(got: Type, want: Type, unsafe: bool) -> bool:
    return get_plan(got, want, unsafe) is not None


def _objects(got: Type, want: Type) -> str:
    got_atys = got.attribute_types()
    optional = want.optional_attributes()
    missing: list[str] = []
    unsafe_mismatch = ""
    safe_mismatch = ""
    for name, want_aty in want.attribute_types().items():
        got_aty = got_atys.get(name)
        if got_aty is None:
            if name not in optional:
                missing.append(name)
            continue
        if got_aty is want_aty or unsafe_mismatch:
            continue
        if not _converts(got_aty, want_aty, True):
            unsafe_mismatch = f"attribute {go_quote(name)}: {_message(got_aty, want_aty)}"
        if safe_mismatch:
            continue
        if not _converts(got_aty, want_aty, False):
            safe_mismatch = f"attribute {go_quote(name)}: {_message(got_aty, want_aty)}"
    if missing:
        quoted = [go_quote(name) for name in sorted(missing)]
        if len(quoted) == 1:
            return f"attribute {quoted[0]} is required"
        if len(quoted) == 2:
            return f"attributes {quoted[0]} and {quoted[1]} are required"
        return f"attributes {', '.join(quoted[:-1])}, and {quoted[-1]} are required"
    return unsafe_mismatch or safe_mismatch or "incorrect object attributes"


def _collection_from_structural(got: Type, want: Type) -> str:
    if (want.is_list_type() or want.is_set_type()) and not got.is_tuple_type():
        return want.friendly_name_for_constraint() + " required"
    if want.is_map_type() and not got.is_object_type():
        return want.friendly_name_for_constraint() + " required"
    want_ety = want.element_type()
    if got.is_tuple_type():
        for i, got_ety in enumerate(got.tuple_element_types()):
            if got_ety is want_ety or _converts(got_ety, want_ety, True):
                continue
            return f"element {i}: {_message(got_ety, want_ety)}"
    else:
        for name, got_aty in got.attribute_types().items():
            if got_aty is want_ety or _converts(got_aty, want_ety, True):
                continue
            return f"element {go_quote(name)}: {_message(got_aty, want_ety)}"
    return f"all elements must be {want_ety.friendly_name_for_constraint()}"


def _collection_from_collection(got: Type, want: Type) -> str:
    if want.is_list_type() or want.is_set_type():
        if not (got.is_list_type() or got.is_set_type()):
            return want.friendly_name_for_constraint() + " required"
    elif not got.is_map_type():
        return want.friendly_name_for_constraint() + " required"
    noun = "list" if want.is_list_type() else "set" if want.is_set_type() else "map"
    return (f"incorrect {noun} element type: "
            f"{_message(got.element_type(), want.element_type())}")


def _likely_to_confuse(got: Type, want: Type) -> bool:
    """Return whether "X required, but have Y" would mislead more than it helps."""
    if got.is_primitive_type() != want.is_primitive_type():
        return False
    if want is String:
        return False
    if (want is Bool and got is Number) or (got is Bool and want is Number):
        return False
    if (got.is_collection_type() and want.is_collection_type()
            and not got.element_type().has_dynamic_types()
            and want.element_type().has_dynamic_types()):
        return False
    # go-cty 1.18 also tests "got is an object and got is a tuple", which never holds
    return not (got.is_tuple_type() and want.is_object_type())
