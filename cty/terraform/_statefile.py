"""Terraform's state file (``terraform.tfstate``, format version 4) read into typed values and
written back byte for byte.

Each resource instance's ``attributes`` are a value of its resource type's implied type (given
the provider schemas; otherwise the JSON implies it), marked ``"sensitive"`` at each path its
``sensitive_attributes`` lists; each output's value has the type the file gives it, marked
sensitive when the output is. Writing gives the file Terraform writes for the same state: its
properties in Terraform's order, indented by two spaces, and each instance's sensitive paths
taken from the marks of its attributes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import cty
from cty import Type, Value
from cty._internal import go_json_string
from cty.encoding import json as cty_json

from ._document import (
    DocumentError,
    Invalid,
    array,
    count,
    flag,
    kind,
    load,
    object_,
    quote,
    strings,
    text,
    whole,
)
from ._schema import ProviderSchemas, resource_schema
from ._values import SENSITIVE, ValueJSONError, value_from_json
from ._write import json_text

__all__ = ["Instance", "StateFile", "StateFileError", "StateFileOutput", "StateFileResource",
           "read_state_file", "write_state_file"]

_Dynamic: Final = cty.DynamicPseudoType


class StateFileError(DocumentError):
    """A state file that is not what Terraform writes (or does not fit the schemas given):
    ``where`` says where in it (``resources[2].instances[0].attributes.tags``)."""


@dataclass(frozen=True, slots=True)
class StateFileOutput:
    """A root module output: its value, typed, marked sensitive when the output is."""

    value: Value
    sensitive: bool = False


@dataclass(frozen=True, slots=True)
class Instance:
    """One object of a resource: its instance key, status and deposed key, its attributes
    (typed; marked sensitive where ``sensitive_attributes`` says), and what Terraform keeps
    with them (``private`` as the file's base64 text)."""

    attributes: Value
    schema_version: int = 0
    index_key: Value | None = None
    status: str = ""
    """``tainted``, or "" for a ready object."""
    deposed: str = ""
    attributes_flat: Mapping[str, str] | None = None
    """The flat attributes of states from before Terraform 0.12, where the file has them."""
    identity_schema_version: int | None = None
    identity: Value | None = None
    """The object's identity (Terraform 1.12 on), typed by its identity schema (given
    schemas; by its JSON otherwise), or None where the file has none."""
    private: str = ""
    dependencies: tuple[str, ...] = ()
    create_before_destroy: bool = False


@dataclass(frozen=True, slots=True)
class StateFileResource:
    """A resource of the state file: its address parts, provider configuration, instances."""

    mode: str
    type: str
    name: str
    provider: str
    """The provider configuration's address: ``provider["registry.terraform.io/…/aws"]``."""
    instances: tuple[Instance, ...] = ()
    module: str = ""
    each: str = ""
    """``list`` (count), ``map`` (for_each), or "" for neither."""

    @property
    def provider_source(self) -> str:
        """The provider's source address inside ``provider``."""
        found = _PROVIDER.search(self.provider)
        return found.group(1) if found else self.provider


_PROVIDER: Final = re.compile(r'provider\["([^"]*)"\]')


@dataclass(frozen=True)
class StateFile:
    """A ``terraform.tfstate`` file."""

    terraform_version: str
    serial: int
    lineage: str
    outputs: Mapping[str, StateFileOutput] = field(default_factory=dict)
    resources: tuple[StateFileResource, ...] = ()
    check_results: Any = None
    """The check results as the JSON has them (null when there are none)."""
    has_check_results: bool = True
    """Whether the file has ``check_results`` (Terraform writes it from 1.3 on)."""
    version: int = 4


def read_state_file(data: str | bytes, schemas: ProviderSchemas | None = None) -> StateFile:
    """Read a ``terraform.tfstate`` file (format version 4) into a ``StateFile``, each
    instance's attributes typed by *schemas* where given.

    Raises StateFileError, naming where in the file, for what is not such a file, for another
    format version, and where attributes do not fit their resource type's schema.
    """
    try:
        return _read(object_(load(data), ""), schemas)
    except Invalid as e:
        raise StateFileError(e.where, e.problem) from None


def _read(doc: dict[str, Any], schemas: ProviderSchemas | None) -> StateFile:
    version = doc.get("version")
    if whole(version) != 4:
        raise Invalid("version", f"this reader reads format version 4, not {_words(version)}")
    outputs = {}
    for name, o in object_(doc.get("outputs", {}), "outputs").items():
        where = f"outputs[{quote(name)}]"
        out = object_(o, where)
        try:
            ty = cty.type_from_json(out.get("type", "dynamic"))
        except (cty.TypeJSONError, TypeError) as e:
            raise Invalid(f"{where}.type", str(e)) from None
        sensitive = flag(out, "sensitive", where)
        outputs[name] = StateFileOutput(
            _value(out.get("value"), ty, f"{where}.value", sensitive), sensitive)
    resources = []
    for i, r in enumerate(array(doc.get("resources", []), "resources")):
        where = f"resources[{i}]"
        res = object_(r, where)
        mode, type_name = text(res, "mode", where), text(res, "type", where)
        provider = text(res, "provider", where)
        resource = StateFileResource(mode, type_name, text(res, "name", where), provider,
                                     module=text(res, "module", where),
                                     each=text(res, "each", where))
        ty = _Dynamic if schemas is None else resource_schema(
            schemas, resource.provider_source, mode, type_name, where=where,
            provider_field="provider").implied_type()
        identity = _identity_type(schemas, resource.provider_source, type_name)
        instances = tuple(_instance(object_(x, f"{where}.instances[{j}]"), ty,
                                    f"{where}.instances[{j}]", identity)
                          for j, x in enumerate(array(res.get("instances", []),
                                                       f"{where}.instances")))
        resources.append(StateFileResource(mode, type_name, resource.name, provider,
                                           instances, resource.module, resource.each))
    return StateFile(text(doc, "terraform_version", ""), count(doc, "serial", ""),
                     text(doc, "lineage", ""), outputs, tuple(resources),
                     doc.get("check_results"), "check_results" in doc)


def _identity_type(schemas: ProviderSchemas | None, provider: str, type_name: str
                   ) -> Type | str:
    """The type of the resource type's identities: dynamic without schemas; the reason
    there is none where the schemas have no identity schema for it."""
    if schemas is None:
        return _Dynamic
    found = schemas.providers.get(provider)
    schema = None if found is None else found.resource_identities.get(type_name)
    if schema is None:
        return f"the schemas of {quote(provider)} have no identity schema for {quote(type_name)}"
    return schema.implied_type()


def _instance(x: dict[str, Any], ty: Type, where: str, identity_type: Type | str
              ) -> Instance:
    paths = [_path(p, f"{where}.sensitive_attributes[{i}]")
             for i, p in enumerate(array(x.get("sensitive_attributes", []),
                                          f"{where}.sensitive_attributes"))]
    raw = x.get("attributes")
    if ty is _Dynamic and raw is not None and any(
            isinstance(s, cty.IndexStep) and s.key.type() is cty.String for p in paths
            for s in p):
        ty = _hinted(raw, paths, f"{where}.attributes")
    attributes = _value(raw, ty, f"{where}.attributes", False)
    for i, p in enumerate(paths):
        try:
            p.apply(attributes)
        except (cty.CtyError, ValueError):
            raise Invalid(f"{where}.sensitive_attributes[{i}]", "the path leads nowhere in the "
                          "attributes") from None
    if paths:
        attributes = attributes.mark_with_paths(
            [cty.PathValueMarks(p, frozenset({SENSITIVE})) for p in paths])
    flat = x.get("attributes_flat")
    if flat is not None:
        flat = object_(flat, f"{where}.attributes_flat")
        for k, v in flat.items():
            if v.__class__ is not str:
                raise Invalid(f"{where}.attributes_flat[{quote(k)}]", "must be a string")
    key = x.get("index_key")
    index: Value | None = None
    number = whole(key)
    if key.__class__ is str:
        index = cty.string_val(key)
    elif number is not None:
        index = cty.number_int_val(number)
    elif key is not None:
        raise Invalid(f"{where}.index_key", f"an instance key is a string or a whole "
                                            f"number, not {kind(key)}")
    return Instance(
        attributes, count(x, "schema_version", where), index,
        text(x, "status", where), text(x, "deposed", where), flat,
        count(x, "identity_schema_version", where) if "identity_schema_version" in x else None,
        _identity(x, identity_type, where), text(x, "private", where),
        tuple(strings(x.get("dependencies", []), f"{where}.dependencies")),
        flag(x, "create_before_destroy", where))


def _identity(x: dict[str, Any], ty: Type | str, where: str) -> Value | None:
    if x.get("identity") is None:
        return None
    if isinstance(ty, str):
        raise Invalid(f"{where}.identity", ty)
    return _value(x["identity"], ty, f"{where}.identity", False)


def _path(tree: Any, where: str) -> cty.Path:
    steps: list[cty.PathStep] = []
    for i, s in enumerate(array(tree, where)):
        at = f"{where}[{i}]"
        step = object_(s, at)
        kind_ = step.get("type")
        if kind_ == "get_attr" and step.get("value").__class__ is str:
            steps.append(cty.GetAttrStep(step["value"]))
        elif kind_ == "index":
            key = _value(step.get("value"), _Dynamic, f"{at}.value", False, wrapped=True)
            steps.append(cty.IndexStep(key))
        else:
            raise Invalid(at, 'a path step is {"type": "get_attr", "value": NAME} or '
                              '{"type": "index", "value": KEY}')
    return cty.Path(tuple(steps))


def _hinted(raw: Any, paths: list[cty.Path], where: str) -> Type:
    """The type the attributes' JSON implies, with each object that a sensitive path indexes
    by a string key made the map it was (Terraform wrote a map's key as an index)."""
    try:
        ty = cty_json.implied_type(json_text(raw))
    except cty_json.DecodeError as e:
        raise Invalid(where, str(e)) from None
    for p in paths:
        ty = _map_along(ty, list(p))
    return ty


def _map_along(ty: Type, steps: list[cty.PathStep]) -> Type:
    if not steps:
        return ty
    step, rest = steps[0], steps[1:]
    if ty.is_object_type():
        attrs = ty.attribute_types()
        if isinstance(step, cty.GetAttrStep) and step.name in attrs:
            return cty.Object({**attrs, step.name: _map_along(attrs[step.name], rest)})
        if isinstance(step, cty.IndexStep) and step.key.type() is cty.String:
            kinds = set(attrs.values())
            if len(kinds) <= 1:  # (an object whose attributes differ in type is no map)
                element = kinds.pop() if kinds else _Dynamic
                return cty.Map(_map_along(element, rest))
        return ty
    if ty.is_map_type():
        return cty.Map(_map_along(ty.element_type(), rest))
    if ty.is_tuple_type() and isinstance(step, cty.IndexStep) and step.key.type() is cty.Number:
        types = list(ty.tuple_element_types())
        at = int(step.key.as_big_float())
        if 0 <= at < len(types):
            types[at] = _map_along(types[at], rest)
            return cty.Tuple(types)
    return ty


def _value(x: Any, ty: Type, where: str, sensitive: bool, wrapped: bool = False) -> Value:
    if wrapped:  # (go-cty's JSON of a value of no fixed type: {"value": ..., "type": ...})
        try:
            return cty_json.unmarshal(json_text(x), _Dynamic)
        except cty_json.DecodeError as e:
            raise Invalid(where, str(e)) from None
    try:
        return value_from_json(x, ty, sensitive=sensitive)
    except ValueJSONError as e:
        raise Invalid(where + e.path.format(), e.problem) from None


def _words(value: Any) -> str:
    number = whole(value)
    return kind(value) if number is None else str(number)


# --- writing ----------------------------------------------------------------------------------

def write_state_file(state: StateFile) -> bytes:
    """Return *state* as the ``terraform.tfstate`` file Terraform writes for it."""
    props = [("version", str(state.version)),
             ("terraform_version", go_json_string(state.terraform_version)),
             ("serial", str(state.serial)), ("lineage", go_json_string(state.lineage)),
             ("outputs", "{" + ",".join(
                 f"{go_json_string(k)}:{_output(state.outputs[k])}"
                 for k in sorted(state.outputs)) + "}"),
             ("resources", "[" + ",".join(_resource(r) for r in state.resources) + "]")]
    if state.has_check_results:
        props.append(("check_results", json_text(state.check_results)))
    return (indent(_object(props)) + "\n").encode()


def _object(props: Sequence[tuple[str, str | None]]) -> str:
    return "{" + ",".join(f"{go_json_string(k)}:{v}" for k, v in props if v is not None) + "}"


def _plain(value: Value) -> Value:
    plain, _ = value.unmark_deep()
    return plain


def _output(o: StateFileOutput) -> str:
    plain = _plain(o.value)
    return _object([("value", cty_json.marshal(plain, plain.type()).decode()),
                    ("type", cty.type_to_json(plain.type()).decode()),
                    ("sensitive", "true" if o.sensitive else None)])


def _resource(r: StateFileResource) -> str:
    return _object([("module", go_json_string(r.module) if r.module else None),
                    ("mode", go_json_string(r.mode)), ("type", go_json_string(r.type)),
                    ("name", go_json_string(r.name)),
                    ("each", go_json_string(r.each) if r.each else None),
                    ("provider", go_json_string(r.provider)),
                    ("instances", "[" + ",".join(_instance_text(x) for x in r.instances)
                     + "]")])


def _instance_text(x: Instance) -> str:
    plain, marked = x.attributes.unmark_deep_with_paths()
    paths = [pvm.path for pvm in marked if not cty.sensitive_marks().isdisjoint(pvm.marks)]
    attributes = None if plain.is_null() else cty_json.marshal(plain, plain.type()).decode()
    return _object([
        ("index_key", None if x.index_key is None else
         cty_json.marshal(x.index_key, x.index_key.type()).decode()),
        ("status", go_json_string(x.status) if x.status else None),
        ("deposed", go_json_string(x.deposed) if x.deposed else None),
        ("schema_version", str(x.schema_version)),
        ("attributes", attributes),
        ("attributes_flat", None if not x.attributes_flat else "{" + ",".join(
            f"{go_json_string(k)}:{go_json_string(x.attributes_flat[k])}"
            for k in sorted(x.attributes_flat)) + "}"),
        ("sensitive_attributes", "[" + ",".join(_path_text(p) for p in paths) + "]"),
        ("identity_schema_version", None if x.identity_schema_version is None
         else str(x.identity_schema_version)),
        ("identity", None if x.identity is None else
         cty_json.marshal(x.identity, x.identity.type()).decode()),
        ("private", go_json_string(x.private) if x.private else None),
        ("dependencies", "[" + ",".join(go_json_string(d) for d in x.dependencies) + "]"
         if x.dependencies else None),
        ("create_before_destroy", "true" if x.create_before_destroy else None)])


def _path_text(path: cty.Path) -> str:
    steps = []
    for step in path:
        if isinstance(step, cty.GetAttrStep):
            steps.append(_object([("type", '"get_attr"'), ("value", go_json_string(step.name))]))
        elif isinstance(step, cty.IndexStep):
            key = cty_json.marshal(step.key, _Dynamic).decode()
            steps.append(_object([("type", '"index"'), ("value", key)]))
    return "[" + ",".join(steps) + "]"


_TOKENS: Final = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\],:]|[^{}\[\],:"]+')


def indent(compact: str, step: str = "  ") -> str:
    """*compact* JSON indented as Go's ``json.MarshalIndent(v, "", step)`` writes it: each
    element on its own line, ``": "`` after a key, empty objects and arrays as ``{}``/``[]``."""
    out: list[str] = []
    depth = 0
    tokens = _TOKENS.findall(compact)
    i = 0
    n = len(tokens)
    while i < n:
        t = tokens[i]
        if t in ("{", "["):
            close = "}" if t == "{" else "]"
            if i + 1 < n and tokens[i + 1] == close:
                out.append(t + close)
                i += 2
                continue
            depth += 1
            out.append(t + "\n" + step * depth)
        elif t in ("}", "]"):
            depth -= 1
            out.append("\n" + step * depth + t)
        elif t == ",":
            out.append(",\n" + step * depth)
        elif t == ":":
            out.append(": ")
        else:
            out.append(t)
        i += 1
    return "".join(out)
