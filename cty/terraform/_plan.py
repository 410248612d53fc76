"""Terraform's plans and states, as ``terraform show -json`` writes them, read into typed
values: unknown wherever ``after_unknown`` says so, marked ``"sensitive"`` wherever the
sensitive trees say so, typed by the provider schemas when given and by the JSON otherwise.

``read_plan`` reads a plan (format versions 0.1 to 1.2) into a ``Plan``: its resource changes
and drift (``ResourceChange``: the address parts, the provider, and a ``Change`` of ``before``
and ``after`` values with the actions and the paths that force replacement), output changes,
variables, planned values and prior state (``StateValues`` of ``Module``s of ``Resource``s and
``Output``s), and the attributes relevant to drift (``RelevantAttribute``: an address and a
``cty.Path``). ``read_state`` reads a state the same way. What this reader does not type (the
configuration, checks, deferred changes, actions) is kept as the JSON's Python objects.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

import cty
from cty import Type, Value

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
from ._schema import Block, ProviderSchemas, resource_schema
from ._values import SENSITIVE, ValueJSONError, value_from_json

__all__ = ["Change", "Module", "Output", "Plan", "PlanError", "RelevantAttribute", "Resource",
           "ResourceChange", "State", "StateValues", "read_plan", "read_state"]

_Dynamic: Final = cty.DynamicPseudoType
_SENSITIVE_MARKS: Final = frozenset({SENSITIVE})


class PlanError(DocumentError):
    """A plan or state document that is not what Terraform writes (or does not fit the schemas
    given): ``where`` says where in it (``resource_changes[0].change.after.tags``)."""


@dataclass(frozen=True, slots=True)
class Change:
    """A change of one object: its ``actions`` as Terraform writes them (``("create",)``,
    ``("delete", "create")``...), its value ``before`` and ``after`` (null where there is none;
    unknown parts and sensitive marks where the plan says), and the paths in the value that
    force its replacement."""

    actions: tuple[str, ...]
    before: Value
    after: Value
    replace_paths: tuple[cty.Path, ...] = ()
    importing: Any = None
    """The import's details as the JSON has them (``{"id": ...}``), or None."""
    generated_config: str = ""
    before_identity: Value | None = None
    """The resource's identity before (Terraform 1.12 on), typed by its identity schema
    (given schemas; by its JSON otherwise), or None where the plan has none."""
    after_identity: Value | None = None
    """The resource's identity after, likewise."""

    @property
    def action(self) -> str:
        """The change in one word: ``create``, ``read``, ``update``, ``delete``, ``replace``
        (any of the two-action forms), ``no-op``, ``forget``, or Terraform's word if new."""
        if len(self.actions) == 2:
            return "replace"
        return self.actions[0] if self.actions else "no-op"


@dataclass(frozen=True, slots=True)
class ResourceChange:
    """A change to one resource instance (or a deposed object of it)."""

    address: str
    mode: str
    """``managed`` or ``data``."""
    type: str
    name: str
    provider_name: str
    change: Change
    index: Value | None = None
    """The instance key: a number (``count``) or a string (``for_each``); None for neither."""
    index_unknown: bool = False
    module_address: str = ""
    previous_address: str = ""
    """The address before a ``moved`` block moved it ("" when it did not move)."""
    deposed: str = ""
    action_reason: str = ""


@dataclass(frozen=True, slots=True)
class Resource:
    """A resource instance in a state, or as planned: its values (typed, sensitive parts
    marked; in planned values, unknown where the plan's change says so)."""

    address: str
    mode: str
    type: str
    name: str
    provider_name: str
    schema_version: int
    values: Value
    index: Value | None = None
    depends_on: tuple[str, ...] = ()
    tainted: bool = False
    deposed_key: str = ""
    identity_schema_version: int | None = None
    identity: Value | None = None
    """The resource's identity (Terraform 1.12 on), typed by its identity schema (given
    schemas; by its JSON otherwise), or None where the document has none."""


@dataclass(frozen=True, slots=True)
class Module:
    """A module's resources and its child modules (the root module's address is "")."""

    address: str = ""
    resources: tuple[Resource, ...] = ()
    child_modules: tuple[Module, ...] = ()

    def all_resources(self) -> list[Resource]:
        """This module's resources and those of every module below it, in document order."""
        out: list[Resource] = []
        todo: list[Module] = [self]
        while todo:
            module = todo.pop()
            out.extend(module.resources)
            todo.extend(reversed(module.child_modules))
        return out


@dataclass(frozen=True, slots=True)
class Output:
    """A root module output: its value (marked sensitive when the output is; unknown where
    the plan does not know it yet), whether it is sensitive, and its type when written."""

    value: Value
    sensitive: bool = False
    type: Type | None = None


@dataclass(frozen=True, slots=True)
class StateValues:
    """The values of a state or of a plan's planned state: root outputs and the modules."""

    outputs: Mapping[str, Output] = field(default_factory=dict)
    root_module: Module = field(default_factory=Module)


@dataclass(frozen=True, slots=True)
class State:
    """A state as ``terraform show -json`` writes it."""

    format_version: str
    terraform_version: str = ""
    values: StateValues | None = None
    checks: Any = None


@dataclass(frozen=True, slots=True)
class RelevantAttribute:
    """An attribute of a resource that contributed to the plan (drift Terraform reports)."""

    resource: str
    attribute: cty.Path


@dataclass(frozen=True)
class Plan:
    """A plan as ``terraform show -json PLAN`` writes it."""

    format_version: str
    terraform_version: str = ""
    variables: Mapping[str, Value] = field(default_factory=dict)
    planned_values: StateValues | None = None
    resource_drift: tuple[ResourceChange, ...] = ()
    resource_changes: tuple[ResourceChange, ...] = ()
    output_changes: Mapping[str, Change] = field(default_factory=dict)
    prior_state: State | None = None
    configuration: Any = None
    """The configuration as the JSON has it (Python objects), or None."""
    relevant_attributes: tuple[RelevantAttribute, ...] = ()
    checks: Any = None
    timestamp: str = ""
    applyable: bool | None = None
    """Whether the plan can be applied (None: the document does not say: before 1.2)."""
    complete: bool | None = None
    errored: bool | None = None
    others: Mapping[str, Any] = field(default_factory=dict)
    """The document's other properties (deferred changes, action invocations, what later
    versions add), as the JSON has them."""


# --- reading -----------------------------------------------------------------------------------

def read_plan(data: str | bytes, schemas: ProviderSchemas | None = None) -> Plan:
    """Read the JSON ``terraform show -json PLAN`` writes into a ``Plan``, its values typed by
    *schemas* (``read_provider_schemas``) where given, by their JSON otherwise.

    Raises PlanError, naming where in the document, for what is not such a document, and
    where a value does not fit its resource type's schema or the schemas have no such type.
    """
    try:
        return _Reader(schemas).plan(object_(load(data), ""))
    except Invalid as e:
        raise PlanError(e.where, e.problem) from None


def read_state(data: str | bytes, schemas: ProviderSchemas | None = None) -> State:
    """Read the JSON ``terraform show -json`` writes for a state into a ``State`` (see
    ``read_plan``)."""
    try:
        return _Reader(schemas).state(object_(load(data), ""), "")
    except Invalid as e:
        raise PlanError(e.where, e.problem) from None


_PLAN_FIELDS: Final = frozenset({
    "format_version", "terraform_version", "variables", "planned_values", "resource_drift",
    "resource_changes", "output_changes", "prior_state", "configuration",
    "relevant_attributes", "checks", "timestamp", "applyable", "complete", "errored"})


class _Reader:
    """One document's reading: the schemas, and the unknown trees of the resource changes
    (which planned values, written without their unknowns, take theirs from)."""

    def __init__(self, schemas: ProviderSchemas | None) -> None:
        self.schemas = schemas
        self.unknowns: dict[str, Any] = {}
        self.afters: dict[str, Value] = {}
        self.after_json: dict[str, tuple[Any, Any]] = {}
        self.output_afters: dict[str, Value] = {}

    def plan(self, doc: dict[str, Any]) -> Plan:
        changes = self.changes(doc, "resource_changes", remember=True)
        outputs = {}
        where = "output_changes"
        for name, c in object_(doc.get("output_changes", {}), where).items():
            outputs[name] = self.change(object_(c, f"{where}[{quote(name)}]"), _Dynamic,
                                        f"{where}[{quote(name)}]", output=True)
        variables = {}
        for name, v in object_(doc.get("variables", {}), "variables").items():
            at = f"variables[{quote(name)}]"
            variables[name] = self.value(object_(v, at).get("value"), _Dynamic, False, False,
                                         f"{at}.value")
        self.output_afters = {n: c.after for n, c in outputs.items()}
        planned = doc.get("planned_values")
        prior = doc.get("prior_state")
        return Plan(
            format_version=text(doc, "format_version", ""),
            terraform_version=text(doc, "terraform_version", ""),
            variables=variables,
            planned_values=None if planned is None else self.values(planned, "planned_values",
                                                                     planned=True),
            resource_drift=self.changes(doc, "resource_drift"),
            resource_changes=changes,
            output_changes=outputs,
            prior_state=None if prior is None else self.state(object_(prior, "prior_state"),
                                                              "prior_state"),
            configuration=doc.get("configuration"),
            relevant_attributes=self.relevant(doc),
            checks=doc.get("checks"),
            timestamp=text(doc, "timestamp", ""),
            applyable=_maybe_flag(doc, "applyable"),
            complete=_maybe_flag(doc, "complete"),
            errored=_maybe_flag(doc, "errored"),
            others={k: v for k, v in doc.items() if k not in _PLAN_FIELDS})

    def state(self, doc: dict[str, Any], where: str) -> State:
        values = doc.get("values")
        dot = f"{where}." if where else ""
        return State(text(doc, "format_version", where), text(doc, "terraform_version", where),
                     None if values is None else self.values(values, f"{dot}values"),
                     doc.get("checks"))

    # changes

    def changes(self, doc: dict[str, Any], key: str, remember: bool = False
                ) -> tuple[ResourceChange, ...]:
        out = []
        for i, rc in enumerate(array(doc.get(key, []), key)):
            where = f"{key}[{i}]"
            r = object_(rc, where)
            address = text(r, "address", where)
            mode = text(r, "mode", where)
            type_name = text(r, "type", where)
            provider = text(r, "provider_name", where)
            ty, block = self.resource_type(provider, mode, type_name, where)
            c = object_(r.get("change", {}), f"{where}.change")
            change = self.change(c, ty, f"{where}.change", block=block,
                                 identity=(provider, type_name))
            deposed = text(r, "deposed", where)
            if remember and not deposed:
                self.unknowns[address] = c.get("after_unknown", False)
                self.afters[address] = change.after
                self.after_json[address] = (c.get("after"), c.get("after_sensitive", False))
            out.append(ResourceChange(
                address, mode, type_name, text(r, "name", where), provider, change,
                self.index(r, where), flag(r, "index_unknown", where),
                text(r, "module_address", where), text(r, "previous_address", where), deposed,
                text(r, "action_reason", where)))
        return tuple(out)

    def change(self, c: dict[str, Any], ty: Type, where: str, output: bool = False, *,
               block: Block | None = None, identity: tuple[str, str] = ("", "")) -> Change:
        actions = tuple(strings(c.get("actions", []), f"{where}.actions"))
        before_s = c.get("before_sensitive", False)
        after_s = c.get("after_sensitive", False)
        if output and (before_s.__class__ is not bool or after_s.__class__ is not bool):
            raise Invalid(f"{where}.before_sensitive", "an output's is true or false")
        before = self.resource_value(c.get("before"), ty, block, unknown=False,
                                     sensitive=before_s, where=f"{where}.before")
        after = self.resource_value(c.get("after"), ty, block,
                                    unknown=c.get("after_unknown", False), sensitive=after_s,
                                    where=f"{where}.after")
        paths = tuple(self.path(p, after.type() if after.is_known() else ty,
                                f"{where}.replace_paths[{i}]")
                      for i, p in enumerate(array(c.get("replace_paths", []),
                                                   f"{where}.replace_paths")))
        return Change(actions, before, after, paths, c.get("importing"),
                      text(c, "generated_config", where),
                      self.identity(c, "before_identity", *identity, where),
                      self.identity(c, "after_identity", *identity, where))

    def identity(self, doc: dict[str, Any], key: str, provider: str, type_name: str,
                 where: str) -> Value | None:
        """The identity *doc* holds at *key*, typed by the resource type's identity schema
        (given schemas), or None where it holds none."""
        x = doc.get(key)
        if x is None:
            return None
        ty = _Dynamic
        if self.schemas is not None:
            found = self.schemas.providers.get(provider)
            schema = None if found is None else found.resource_identities.get(type_name)
            if schema is None:
                raise Invalid(f"{where}.{key}", f"the schemas of {quote(provider)} have no "
                                                f"identity schema for {quote(type_name)}")
            ty = schema.implied_type()
        return self.value(x, ty, False, False, f"{where}.{key}")

    # state values

    def values(self, tree: Any, where: str, planned: bool = False) -> StateValues:
        doc = object_(tree, where)
        outputs = {}
        at = f"{where}.outputs"
        for name, o in object_(doc.get("outputs", {}), at).items():
            here = f"{at}[{quote(name)}]"
            out = object_(o, here)
            sensitive = flag(out, "sensitive", here)
            ty = None
            if "type" in out:
                try:
                    ty = cty.type_from_json(out["type"])
                except (cty.TypeJSONError, TypeError) as e:
                    raise Invalid(f"{here}.type", str(e)) from None
            if "value" in out:
                value = self.value(out["value"], ty or _Dynamic, False, sensitive,
                                   f"{here}.value")
            elif planned:  # (a planned output not wholly known is written without its value)
                value = self.output_afters.get(name, cty.DynamicVal)
                if not value.is_known() and ty is not None:
                    value = cty.unknown_val(ty)
                value = value.mark(SENSITIVE) if sensitive else value
            else:
                value = cty.null_val(ty or _Dynamic)
            outputs[name] = Output(value, sensitive, ty)
        root = self.module(doc.get("root_module", {}), f"{where}.root_module", planned)
        return StateValues(outputs, root)

    def module(self, tree: Any, where: str, planned: bool) -> Module:
        doc = object_(tree, where)
        resources = []
        for i, r in enumerate(array(doc.get("resources", []), f"{where}.resources")):
            resources.append(self.resource(object_(r, f"{where}.resources[{i}]"),
                                           f"{where}.resources[{i}]", planned))
        children = tuple(self.module(m, f"{where}.child_modules[{i}]", planned)
                         for i, m in enumerate(array(doc.get("child_modules", []),
                                                      f"{where}.child_modules")))
        return Module(text(doc, "address", where), tuple(resources), children)

    def resource(self, r: dict[str, Any], where: str, planned: bool) -> Resource:
        address = text(r, "address", where)
        mode = text(r, "mode", where)
        type_name = text(r, "type", where)
        provider = text(r, "provider_name", where)
        ty, block = self.resource_type(provider, mode, type_name, where)
        deposed = text(r, "deposed_key", where)
        unknown = self.unknowns.get(address, False) if planned and not deposed else False
        x = r.get("values")
        sensitive = r.get("sensitive_values", False)
        if planned and not deposed and self.after_json.get(address) == (x, sensitive):
            # (Terraform writes a planned resource's values from its change's after value:
            # the same JSON is the same value, read once)
            values = self.afters[address]
        else:
            if x is None and unknown.__class__ is dict:
                x = {}  # (planned values with no attribute known are written without values)
            values = self.resource_value(x, ty, block, unknown=unknown, sensitive=sensitive,
                                         where=f"{where}.values")
        return Resource(address, mode, type_name, text(r, "name", where), provider,
                        count(r, "schema_version", where), values, self.index(r, where),
                        tuple(strings(r.get("depends_on", []), f"{where}.depends_on")),
                        flag(r, "tainted", where), deposed,
                        count(r, "identity_schema_version", where)
                        if "identity_schema_version" in r else None,
                        self.identity(r, "identity", provider, type_name, where))

    # parts

    def resource_type(self, provider: str, mode: str, type_name: str, where: str
                      ) -> tuple[Type, Block | None]:
        """The implied type of the resource type's values and its block (dynamic and None
        without schemas)."""
        if self.schemas is None:
            return _Dynamic, None
        schema = resource_schema(self.schemas, provider, mode, type_name, where=where,
                                 provider_field="provider_name")
        return schema.implied_type(), schema.block

    def resource_value(self, x: Any, ty: Type, block: Block | None, *, unknown: Any,
                       sensitive: Any, where: str) -> Value:
        """A resource's value, marked sensitive where the trees say and (given its block)
        where the schema says, as Terraform marks it before writing its trees."""
        value = self.value(x, ty, unknown, sensitive, where)
        if block is not None and not value.is_null():
            paths = [p for p in block.sensitive_paths(value) if not _marked_at(value, p)]
            if paths:  # (documents from format 0.2 on mark them all already)
                value = value.mark_with_paths(
                    [cty.PathValueMarks(p, _SENSITIVE_MARKS) for p in paths])
        return value

    def value(self, x: Any, ty: Type, unknown: Any, sensitive: Any, where: str) -> Value:
        try:
            return value_from_json(x, ty, unknown=unknown, sensitive=sensitive)
        except ValueJSONError as e:
            raise Invalid(where + e.path.format(), e.problem) from None

    def index(self, r: dict[str, Any], where: str) -> Value | None:
        if "index" not in r:
            return None
        key = r["index"]
        if key.__class__ is str:
            return cty.string_val(key)
        number = whole(key)
        if number is not None:
            return cty.number_int_val(number)
        raise Invalid(f"{where}.index", f"an instance key is a string or a whole number, not "
                                        f"{kind(key)}")

    def path(self, steps: Any, ty: Type, where: str) -> cty.Path:
        """The path *steps* write (strings, and numbers), each string an attribute where
        the type there is an object (or not known) and a key where it is a map."""
        out: list[cty.PathStep] = []
        for i, s in enumerate(array(steps, where)):
            step: cty.PathStep
            if s.__class__ is str:
                step = (cty.IndexStep(cty.string_val(s)) if ty.is_map_type()
                        else cty.GetAttrStep(s))
            elif (number := whole(s)) is not None:
                step = cty.IndexStep(cty.number_int_val(number))
            else:
                raise Invalid(f"{where}[{i}]", f"a path's step is a string or a whole number, "
                                               f"not {kind(s)}")
            out.append(step)
            try:
                ty = step.apply_type(ty)
            except (cty.CtyError, ValueError):
                ty = _Dynamic  # (a path beyond the type: kept as written)
        return cty.Path(tuple(out))

    def relevant(self, doc: dict[str, Any]) -> tuple[RelevantAttribute, ...]:
        out = []
        for i, ra in enumerate(array(doc.get("relevant_attributes", []),
                                      "relevant_attributes")):
            where = f"relevant_attributes[{i}]"
            r = object_(ra, where)
            resource = text(r, "resource", where)
            after = self.afters.get(resource)
            ty = after.type() if after is not None else _Dynamic
            out.append(RelevantAttribute(resource, self.path(r.get("attribute", []), ty,
                                                             f"{where}.attribute")))
        return tuple(out)


def _maybe_flag(doc: dict[str, Any], key: str) -> bool | None:
    return flag(doc, key, "") if key in doc else None


def _marked_at(value: Value, path: cty.Path) -> bool:
    """Whether the value at *path* in *value*, or one on the way to it, is marked sensitive."""
    for step in path:
        if value.has_mark(SENSITIVE):
            return True
        try:
            value = step.apply(value.unmark()[0])
        except (cty.CtyError, ValueError):
            return False
    return value.has_mark(SENSITIVE)
