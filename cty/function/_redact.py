"""Error messages that never show a marked value's text.

go-cty's functions put their arguments' text in some errors (``cannot convert "hunter2" to
number``), marks and all: the implementation sees arguments without their marks. Here an error
raised by a call whose arguments carry marks has each marked string's quoted text replaced by
``(sensitive value)``, as Terraform redacts its diagnostics (marks are how cty carries
secrecy; docs/design/divergences.md, REDACTED_MARKED_TEXT).
"""

from __future__ import annotations

from collections.abc import Iterable

from cty import String, Value
from cty._internal import go_quote, hop

__all__ = ["REDACTED", "redact_error", "redact_message"]

REDACTED = "(sensitive value)"
"""What an error message shows in place of a marked value's text."""


@hop  # (it recurses: any depth)
def _marked_texts(v: Value, under_mark: bool, out: set[str]) -> None:
    marked = under_mark or bool(v.marks())
    bare = v.unmark()[0]
    if not bare.is_known() or bare.is_null():
        return
    t = bare.type()
    if t is String:
        if marked:
            out.add(bare.as_string())
        return
    if t.is_collection_type() or t.is_object_type() or t.is_tuple_type():
        for _, e in bare.elements():
            _marked_texts(e, marked, out)


def redact_message(message: str, texts: Iterable[str]) -> str:
    """*message* with each of *texts* replaced by REDACTED: quoted as Go quotes it, and (for
    texts of three characters or more, where a chance match is unlikely) as it is."""
    for t in sorted(texts, key=len, reverse=True):
        message = message.replace(go_quote(t), REDACTED)
        if len(t) >= 3:
            message = message.replace(t, REDACTED)
    return message


def redact_error(e: Exception, args: Iterable[Value]) -> None:
    """Replace, in place, the quoted text of every marked string in *args* in *e*'s message."""
    marked = [a for a in args if a.contains_marked()]
    if not marked:
        return
    texts: set[str] = set()
    for a in marked:
        _marked_texts(a, False, texts)
    message = getattr(e, "message", None)
    text = message if isinstance(message, str) else str(e.args[0]) if e.args else ""
    new = redact_message(text, texts)
    if new == text:
        return
    e.args = (new, *e.args[1:])
    if isinstance(message, str):
        e.message = new  # type: ignore[attr-defined]
