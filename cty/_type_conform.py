"""Type conformance: whether a type fits a type constraint (go-cty's type_conform.go)."""

from __future__ import annotations

from ._deep import hop
from ._errors import PathError
from ._path import GetAttrStep, IndexStep, Path
from ._primitive_type import Number, String
from ._type import Type, install_conformance
from ._value import unknown_val


def test_conformance(given: Type, want: Type) -> list[PathError]:
    """Return a PathError for each way *given* does not conform to *want*."""
    errs: list[PathError] = []
    _conform(given, want, Path(), errs)
    return errs


@hop  # (it recurses: any depth)
def _conform(given: Type, want: Type, path: Path, errs: list[PathError]) -> None:
    if want.is_dynamic_pseudo_type() or given is want:
        return
    if given.is_object_type() and want.is_object_type():
        gattrs = given.attribute_types()
        wattrs = want.attribute_types()
        for k in gattrs:
            if k not in wattrs:
                errs.append(PathError(path, f'unsupported attribute "{k}"'))
        for k in wattrs:
            if k not in gattrs:
                errs.append(PathError(path, f'missing required attribute "{k}"'))
        for k, wt in wattrs.items():
            if k in gattrs:
                _conform(gattrs[k], wt, path._plus(GetAttrStep(k)), errs)
        return
    if given.is_tuple_type() and want.is_tuple_type():
        gelems = given.tuple_element_types()
        welems = want.tuple_element_types()
        if len(gelems) != len(welems):
            errs.append(PathError(
                path, f"{len(welems)} elements are required, but got {len(gelems)}"))
            return
        for i, (g, w) in enumerate(zip(gelems, welems, strict=True)):
            _conform(g, w, path.index_int(i), errs)
        return
    if given.is_list_type() and want.is_list_type():
        _conform(given.element_type(), want.element_type(),
                 path._plus(IndexStep(unknown_val(Number))), errs)
        return
    if given.is_map_type() and want.is_map_type():
        _conform(given.element_type(), want.element_type(),
                 path._plus(IndexStep(unknown_val(String))), errs)
        return
    if given.is_set_type() and want.is_set_type():
        _conform(given.element_type(), want.element_type(),
                 path._plus(IndexStep(unknown_val(given.element_type()))), errs)
        return
    errs.append(PathError(
        path, f"{want.friendly_name()} required, but received {given.friendly_name()}"))


install_conformance(test_conformance)
