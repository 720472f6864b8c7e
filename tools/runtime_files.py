"""The runtime's files that the app's start waits for, listed in index.html for
assets/runtime-load.js.

runtime-load.js asks for them itself, all at once (each would otherwise be asked for only once
the one before it has arrived and run), but only after the page's first paint on a first visit: the
page's own stylesheet and scripts are then never queued behind 8 MB of runtime. It also shows
the download's progress from them: each file's size, and the bytes a static host sends of it
(gzip, estimated here; the response's own Content-Length replaces the estimate once known).

The list is a JSON block (data that is never run: the page's Content-Security-Policy allows no
inline script), in place of index.html's `<!-- runtime-files: ... -->` comment. Each entry has
the same request mode as the runtime's own request for the file (modules as module scripts,
the runtime's classic copy as a script, the rest fetch() in CORS mode), so the two share one
download. The runtime is asked for as a module on a first visit and as the classic script on
the later starts (tools/classic_runtime.py).
"""

from __future__ import annotations

import gzip
from pathlib import Path

from tools.page_blocks import page_with_json_block
from tools.serve import COMPRESSED_TYPES, MIME_TYPES

ELEMENT_ID = "runtime-files"


class RuntimeFilesError(Exception):
    pass


def bytes_sent(path: Path) -> int:
    """What a static host sends of the file: gzipped if its type is compressed (as
    tools/serve.py does), else the file itself."""
    data = path.read_bytes()
    if MIME_TYPES.get(path.suffix) in COMPRESSED_TYPES:
        return len(gzip.compress(data, compresslevel=6, mtime=0))
    return len(data)


def page_with_runtime_files(
    page: str, dist: Path, modules: list[str], scripts: list[str], fetched: list[str]
) -> str:
    """index.html with the list of `modules` (module scripts), `scripts` (classic scripts) and
    `fetched` (asked for with fetch()), paths relative to dist, which must hold them already."""
    files = []
    for kind, names in (("module", modules), ("script", scripts), ("fetch", fetched)):
        for name in names:
            path = dist / name
            if not path.is_file():
                raise RuntimeFilesError(f"{name} is not in {dist}")
            files.append(
                {"href": name, "as": kind, "size": path.stat().st_size, "sent": bytes_sent(path)}
            )
    return page_with_json_block(page, ELEMENT_ID, files)
