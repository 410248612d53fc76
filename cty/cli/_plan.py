"""``cty plan summary``: a Terraform plan (``terraform show -json PLAN``) summed up as
``terraform plan`` shows it, typed by provider schemas when given; never a sensitive value's
text."""

from __future__ import annotations

import argparse
import sys

from ._input import read_bytes

__all__ = ["plan_command", "plan_options"]


def plan_options(c: argparse.ArgumentParser) -> None:
    """Add ``cty plan``'s subcommands to its parser *c*."""
    sub = c.add_subparsers(dest="plan_command", required=True, metavar="SUBCOMMAND",
                           help="what to do with the plan (summary)")
    s = sub.add_parser("summary", help="each change and the attributes that change",
                       description="Each resource and output change of a plan that does "
                                   "something, with the attributes that change: unknowns as "
                                   "(known after apply), sensitive values as (sensitive "
                                   "value); then what it imports, adds, changes and destroys.")
    s.add_argument("plan", metavar="PLAN.json",
                   help="what 'terraform show -json PLAN' writes (- for standard input)")
    s.add_argument("--schema", metavar="SCHEMAS.json",
                   help="what 'terraform providers schema -json' writes: the values are "
                        "typed by it (without it, by their JSON)")
    s.add_argument("--to", choices=("text", "json"), default="text",
                   help="text for people (default), or JSON: each difference with its "
                        "values in go-cty's typed JSON")
    s.set_defaults(run=plan_command)


def plan_command(args: argparse.Namespace) -> int:
    """Sum the plan up on standard output (status 0)."""
    from cty.terraform import (  # noqa: PLC0415 - (only this command needs them)
        read_plan,
        read_provider_schemas,
        summarize,
        summary_json,
    )

    schemas = None if args.schema is None else read_provider_schemas(read_bytes(args.schema))
    plan = read_plan(read_bytes(args.plan), schemas)
    if args.to == "json":
        sys.stdout.buffer.write(summary_json(plan))
    else:
        sys.stdout.write(summarize(plan))
    return 0
