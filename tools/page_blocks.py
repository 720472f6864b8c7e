"""The data blocks the build writes into index.html: JSON in `<script type="application/json">`
(data that is never run: the page's Content-Security-Policy allows no inline script), each in
place of its `<!-- id: ... -->` comment in the source page (tools/boot_texts.py,
tools/runtime_files.py, tools/runtime_snapshot.py)."""

from __future__ import annotations

import json
import re


class PageBlockError(Exception):
    pass


def page_with_json_block(page: str, element_id: str, data: object) -> str:
    """index.html with `data` as a JSON block of that id in place of its one
    `<!-- element_id: ... -->` comment."""
    marker = re.compile(rf"^ *<!-- {re.escape(element_id)}:.*?-->\n", re.MULTILINE | re.DOTALL)
    if len(marker.findall(page)) != 1:
        raise PageBlockError(f"index.html must have exactly one `<!-- {element_id}: ... -->`")
    # "<" escaped: nothing in the data can end the block ("</script>") or open a comment.
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    block = f'  <script type="application/json" id="{element_id}">{text}</script>\n'
    return marker.sub(lambda _: block, page)
