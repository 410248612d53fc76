"""The ``cty`` command (also ``python -m cty``): check and convert data against cty types.

    cty convert --type 'list(object({name=string, port=number}))' services.json
    cty check --type @schema.type config/*.yaml
    cty unify 'list(string)' 'tuple([string, number])'
    cty type 'map(object({a=optional(number)}))'
    cty inspect values.gob
    cty decode --type 'list(string)' values.msgpack
    cty eval --var 'names=["web", "db"]' '[for n in names: upper(n)]'
    cty plan summary --schema schemas.json plan.json

A type is a type expression (HCL's syntax, ``optional(T, default)`` included), or ``@FILE``
for one written in a file. Data files are JSON, or YAML when PyYAML is installed. Every error
in the data is listed with its path; the exit status is 0 for success, 1 for bad data or a bad
type, 2 for a mistake on the command line. No traceback is printed for bad input.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import cty

from ._commands import (
    OUTPUT_FORMATS,
    decode_command,
    inspect_command,
    type_command,
    unify_command,
)
from ._eval import eval_command, eval_options
from ._input import InputError
from ._main_job import check_command, convert_command
from ._plan import plan_options

__all__ = ["main", "parser"]


_EPILOG = """\
A type is a type expression (HCL's syntax, optional(T, default) included), or
@FILE for one written in a file. Exit status: 0 success, 1 bad data or a bad
type, 2 a mistake on the command line.

examples:
  cty convert --type 'list(object({name=string, port=number}))' services.json
  cty check --type @schema.type config/*.yaml
  cty unify 'list(string)' 'tuple([string, number])'
  cty type 'map(object({a=optional(number)}))'
  cty inspect values.gob
  cty decode --type 'list(string)' values.msgpack
  cty eval --var 'names=["web", "db"]' '[for n in names: upper(n)]'
  cty plan summary --schema schemas.json plan.json"""


def _version() -> str:
    """The installed distribution's version (the command is run from an installed cty)."""
    import importlib.metadata  # noqa: PLC0415 - (asked for by --version only: 20 ms to import)

    try:
        return importlib.metadata.version("cty")
    except importlib.metadata.PackageNotFoundError:
        return "(not installed)"


class _VersionAction(argparse.Action):
    """--version: prints the version, found only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        """Print the version and exit."""
        print(f"cty {_version()}")
        parser.exit()


def parser() -> argparse.ArgumentParser:
    """Return the command line parser of the ``cty`` command."""
    p = argparse.ArgumentParser(
        prog="cty", description="Check and convert data against cty types.",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=_EPILOG)
    p.add_argument("--version", action=_VersionAction,
                   help="print the library's version and exit")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND",
                           help="what to do (cty COMMAND --help says more)")

    def data_options(c: argparse.ArgumentParser) -> None:
        c.add_argument("--type", "-t", required=True, metavar="EXPR",
                       help="the type: a type expression, or @FILE holding one")
        c.add_argument("--from", dest="input_format", choices=("auto", "json", "yaml"),
                       default="auto", help="the data's format (auto: YAML for .yaml and "
                                            ".yml files, JSON otherwise)")
        c.add_argument("--strict", action="store_true",
                       help="report object attributes the type does not have (conversion "
                            "drops them)")
        c.add_argument("--lines", action="store_true",
                       help="the data is JSON Lines: each line a record of the type (also "
                            "for .jsonl and .ndjson files)")
        c.add_argument("--allow-duplicate-keys", action="store_true",
                       help="an object that gives a key twice takes the last (by default it "
                            "is an error)")
        c.add_argument("--quiet", "-q", action="store_true",
                       help="no progress bar, no 'ok' lines")

    c = sub.add_parser("convert", help="convert a JSON or YAML document to a type")
    data_options(c)
    c.add_argument("file", nargs="?", default="-", metavar="FILE",
                   help="the document (default: standard input)")
    c.add_argument("--to", choices=OUTPUT_FORMATS, default="json",
                   help="what to write: cty JSON (default), msgpack, gob, or text for people")
    c.add_argument("--output", "-o", metavar="FILE", help="write there (default: stdout)")
    c.set_defaults(run=convert_command)

    c = sub.add_parser("check", help="check JSON or YAML documents against a type")
    data_options(c)
    c.add_argument("files", nargs="+", metavar="FILE", help="the documents to check")
    c.set_defaults(run=check_command)

    c = sub.add_parser("unify", help="the one type the given types all convert to")
    c.add_argument("types", nargs="+", metavar="EXPR", help="type expressions")
    c.add_argument("--unsafe", action="store_true", help="allow unsafe conversions")
    c.set_defaults(run=unify_command)

    c = sub.add_parser("type", help="a type's canonical form and friendly name")
    c.add_argument("type", metavar="EXPR", help="a type expression")
    c.add_argument("--json", action="store_true", help="print the type's JSON instead")
    c.set_defaults(run=type_command)

    c = sub.add_parser("inspect", help="the values of a gob or msgpack file")
    c.add_argument("file", metavar="FILE", help="a gob or msgpack file")
    c.add_argument("--type", "-t", metavar="EXPR",
                   help="the type of a msgpack file's value (default: any, go-cty's "
                        "dynamic form)")
    c.add_argument("--lines", action="store_true",
                   help="the msgpack file is a stream of values, one per record (as "
                        "convert --lines --to msgpack writes)")
    c.add_argument("--show-sensitive", action="store_true",
                   help="print values marked sensitive instead of (sensitive value)")
    c.set_defaults(run=inspect_command)

    c = sub.add_parser("decode", help="decode a gob or msgpack file (what convert writes)")
    c.add_argument("file", metavar="FILE", help="the gob or msgpack file")
    c.add_argument("--type", "-t", metavar="EXPR",
                   help="the type of its values: a type expression (a constraint: optional "
                        "attributes and defaults are applied), or @FILE holding one; needed "
                        "for msgpack, and a gob file's values are converted to it")
    c.add_argument("--lines", action="store_true",
                   help="the msgpack file is a stream of values, one per record (as "
                        "convert --lines --to msgpack writes)")
    c.add_argument("--to", choices=OUTPUT_FORMATS, default="json",
                   help="what to write: cty JSON (default), msgpack, gob, or text for people")
    c.add_argument("--output", "-o", metavar="FILE", help="write there (default: stdout)")
    c.set_defaults(run=decode_command)

    c = sub.add_parser("eval", help="evaluate an HCL expression or template with variables",
                       description="Evaluate an HCL expression (or with --template a "
                                   "template) with variables and go-cty's standard library "
                                   "(with try and can), as cty.hcl does; print its value, or "
                                   "HCL's diagnostics with their source lines (status 1).")
    eval_options(c)
    c.set_defaults(run=eval_command)

    c = sub.add_parser("plan", help="read a Terraform plan: 'cty plan summary PLAN.json'",
                       description="Read what 'terraform show -json PLAN' writes.")
    plan_options(c)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cty`` command with *argv* (default: the process's arguments); return the
    exit status."""
    p = parser()
    args = p.parse_args(argv)
    if getattr(args, "to", None) in ("msgpack", "gob") and args.output in (None, "-") \
            and sys.stdout.isatty():
        p.error(f"refusing to write {args.to} to a terminal; use -o FILE or a pipe")
    try:
        status: int = args.run(args)
    except InputError as e:
        print(f"cty: error: {e}", file=sys.stderr)
        return 1
    except cty.CtyError as e:
        print(f"cty: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away: nothing more to say, and no traceback
        return 1
    return status
