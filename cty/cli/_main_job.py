"""``cty convert`` and ``cty check``: data checked against a type and converted, record by
record (cty.cli._pipeline), with progress and every error at its place."""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from typing import BinaryIO

import cty
from cty import yaml as cty_yaml
from cty._internal import atomic_writer, payload
from cty.convert import Defaults, conversion_errors, convert

from ._input import InputError, read_type
from ._pipeline import Problem, Records, open_input, syntax_problem
from ._progress import Progress
from ._records import Reader, SyntaxProblem
from ._sinks import Sink

LINE_SUFFIXES = (".jsonl", ".ndjson")
YAML_SUFFIXES = (".yaml", ".yml")


class _Counted:
    """A binary file whose reads are counted (for the progress bar)."""

    def __init__(self, src: BinaryIO, on_read: Callable[[int], None]) -> None:
        self.src = src
        self.on_read = on_read

    def read(self, n: int = -1, /) -> bytes:
        """Read as the file does, counting the bytes."""
        data = self.src.read(n)
        self.on_read(len(data))
        return data


class _Abandon(Exception):
    """The output is not to be kept (the data has errors)."""


class _Job:
    """One file's records checked against the type, and maybe converted and written."""

    def __init__(self, args: argparse.Namespace, name: str, ty: cty.Type,
                 defaults: Defaults | None, progress: Progress) -> None:
        self.args = args
        self.name = name
        self.ty = ty
        self.defaults = defaults
        self.progress = progress
        self.problems: list[Problem] = []

    def run(self, out: BinaryIO | None) -> None:
        """Check the file's records; with *out*, write them there converted (in the form
        ``args.to``) while no record has had an error.

        Python's cyclic garbage collector is paused meanwhile: the records make no cycles,
        and it would otherwise walk every container built so far, again and again (a third
        of the time, measured on 200,000 records)."""
        if self.name == "-" and sys.stdin.isatty():
            self.progress.say("cty: reading standard input (end it with Ctrl-D)")
        paused = gc.isenabled()
        gc.disable()
        try:
            if _form(self.args, self.name) == "yaml":
                self._yaml(out)
            else:
                self._json(out)
        finally:
            if paused:
                gc.enable()

    def _say(self, since: int) -> None:
        for p in self.problems[since:]:
            self.progress.say(p.text(self.name))

    def _json(self, out: BinaryIO | None) -> None:
        args = self.args
        records = Records(self.ty, self.defaults, strict=args.strict,
                          duplicates=not args.allow_duplicate_keys,
                          as_json=out is None or args.to == "json")
        problems = self.problems
        with _opened(self.name) as src:
            reader = Reader(src, self.progress.read)
            try:
                batches, rty, indexed = records.batches(reader, _lines(args, self.name))
                sink = Sink(args.to, rty, indexed, out) if out is not None else None
                for batch in batches:
                    before = len(problems)
                    payloads = records.convert(batch, rty, indexed, problems)
                    if batch.syntax:  # (lines that are not JSON, among the records' errors)
                        problems[before:] = sorted(
                            [*problems[before:], *map(syntax_problem, batch.syntax)],
                            key=lambda p: (p.line, p.column))
                    self._say(before)
                    if sink is not None and not problems:
                        if isinstance(payloads, bytes):
                            sink.add_json(payloads, len(batch.records))
                        else:
                            sink.add(payloads)
                    self.progress.done(len(batch.records))
            except SyntaxProblem as e:
                problems.append(syntax_problem(e))
                self._say(len(problems) - 1)
                return
        if sink is not None and not problems:
            sink.close()

    def _yaml(self, out: BinaryIO | None) -> None:
        sink = Sink(self.args.to, self.ty, False, out) if out is not None else None
        with _opened(self.name) as src:
            try:
                seen = 0
                for doc in cty_yaml.iter_documents(
                        _Counted(src, self.progress.read),
                        allow_duplicate_keys=self.args.allow_duplicate_keys):
                    seen += 1
                    before = len(self.problems)
                    if doc.empty:  # (not taken for a null: that is written null or ~)
                        line, column = doc.position(cty.Path())
                        self.problems.append(Problem(
                            cty.Path(), "an empty YAML document (a --- with nothing after it; "
                            "write null for a null)", line, column))
                        self._say(before)
                        self.progress.done(1)
                        continue
                    p = self._yaml_record(doc)
                    self._say(before)
                    if sink is not None and not self.problems:
                        sink.add([p])
                    self.progress.done(1)
                if not seen:
                    self.problems.append(Problem(cty.Path(), "no YAML document: the file is "
                                                 "empty"))
                    self._say(len(self.problems) - 1)
            except cty_yaml.YAMLError as e:
                self.problems.append(Problem(cty.Path(), f"not valid YAML: {e.problem}",
                                             e.line, e.column))
                self._say(len(self.problems) - 1)
                return
            except cty.CtyValueError as e:  # (no PyYAML)
                raise InputError(f"{self.name}: {e}") from None
        if sink is not None and not self.problems:
            sink.close()

    def _yaml_record(self, doc: cty_yaml.Document) -> object:
        """The payload of the YAML document *doc* converted (None if it has errors: they are
        added to the problems)."""
        try:
            value = cty.from_python(doc.data)
        except cty.PathError as e:
            self._yaml_problems(doc, [e])
            return None
        if self.defaults is not None:
            value = self.defaults.apply(value)
        errors = conversion_errors(value, self.ty, strict=self.args.strict)
        if errors:
            self._yaml_problems(doc, errors)
            return None
        return payload(convert(value, self.ty))

    def _yaml_problems(self, doc: cty_yaml.Document, errors: list[cty.PathError]) -> None:
        for e in errors:
            line, column = doc.position(e.path)
            self.problems.append(Problem(e.path, e.message, line, column))


def convert_command(args: argparse.Namespace) -> int:
    """Convert a JSON or YAML file to a type and write the value(s)."""
    ty, defaults = read_type(args.type)
    progress = Progress("converting", _size(args.file), enabled=not args.quiet)
    job = _Job(args, args.file, ty, defaults, progress)
    try:
        with _destination(args.output) as out:
            job.run(out)
            if job.problems:
                raise _Abandon
    except _Abandon:
        return 1
    finally:
        progress.close()
    return 0


def check_command(args: argparse.Namespace) -> int:
    """Check JSON or YAML files against a type; list every error at its place."""
    ty, defaults = read_type(args.type)
    progress = Progress("checking", sum(_size(n) or 0 for n in args.files),
                        enabled=not args.quiet)
    failed = 0
    count = 0
    try:
        for name in args.files:
            job = _Job(args, name, ty, defaults, progress)
            try:
                job.run(None)
            except InputError as e:
                progress.say(f"cty: error: {e}")
                failed += 1
                count += 1
                continue
            if job.problems:
                failed += 1
                count += len(job.problems)
            elif not args.quiet:
                progress.tell(f"{name}: ok")
    finally:
        progress.close()
    if failed:
        verb = "does" if failed == 1 else "do"
        print(f"cty: {failed} of {_counted(len(args.files), 'file')} {verb} not conform "
              f"({_counted(count, 'error')})", file=sys.stderr)
        return 1
    return 0


def _counted(n: int, noun: str) -> str:
    """*n* and *noun*, in the plural unless n is 1 ("1 error", "4 errors")."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


def _form(args: argparse.Namespace, name: str) -> str:
    form: str = args.input_format
    if form == "auto":
        return "yaml" if name.endswith(YAML_SUFFIXES) else "json"
    return form


def _lines(args: argparse.Namespace, name: str) -> bool:
    return bool(args.lines) or name.endswith(LINE_SUFFIXES)


def _size(name: str) -> int | None:
    try:
        return os.stat(name).st_size if name != "-" else None
    except OSError:
        return None


@contextlib.contextmanager
def _opened(name: str) -> Iterator[BinaryIO]:
    try:
        src = open_input(name)
    except OSError as e:
        raise InputError(f"{name}: {e.strerror or e}") from None
    try:
        yield src
    finally:
        if src is not sys.stdin.buffer:
            src.close()


@contextlib.contextmanager
def _destination(output: str | None) -> Iterator[BinaryIO]:
    """Where the output is written as it is made: a new file that replaces *output* only if
    the work ends well, or a temporary file copied to standard output then; so bad data
    never leaves half an output."""
    if output is not None and output != "-":
        try:
            with atomic_writer(output) as f:
                yield f
        except OSError as e:
            raise InputError(f"{output}: {e.strerror or e}") from None
        return
    with tempfile.TemporaryFile() as f:
        yield f
        f.seek(0)
        shutil.copyfileobj(f, sys.stdout.buffer)
        sys.stdout.buffer.flush()
