"""A mkdocs hook: lets mkdocstrings find cty.convert and cty.encoding in a source checkout.

The repository keeps ``convert/`` and ``encoding/`` beside ``cty/`` (setup.cfg maps them into
the package), so the source tree has no ``cty/convert`` for the reference pages' reader to
find, and an editable install does not help it (it takes only the top package's directory
from the install's mapping). Before the site is built, this lays out the package as it is
installed, in ``build/docs-package``: a ``cty`` directory of links to the files of ``cty/``,
and ``convert`` and ``encoding`` links beside them. CI sets ``CTY_DOCS_PACKAGE_DIR`` to an
installed copy instead, and then this does nothing.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TREE = ROOT / "build" / "docs-package"


def on_startup(command: str, dirty: bool) -> None:
    """Lay out the package tree the reference pages are read from (mkdocs.yml names it);
    before the configuration is read, because mkdocstrings looks for the tree then."""
    if os.environ.get("CTY_DOCS_PACKAGE_DIR"):
        return
    package = TREE / "cty"
    if package.exists():
        shutil.rmtree(package)
    package.mkdir(parents=True)
    for entry in (ROOT / "cty").iterdir():
        if entry.name != "__pycache__":
            (package / entry.name).symlink_to(entry)
    for sub in ("convert", "encoding"):
        (package / sub).symlink_to(ROOT / sub, target_is_directory=True)
