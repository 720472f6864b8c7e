"""A small static file server for the built site, for development and the browser tests.

The standard library's server is enough, but it needs three things added: the MIME types
browsers insist on (.mjs, .wasm for streaming compilation, .webmanifest), mounting the site under
a sub-path (GitHub Pages serves project sites under /<repo>/), and a clean stop from tests.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path
from types import TracebackType
from typing import Any, Self

MIME_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "application/toml",
    ".py": "text/x-python",
    ".zip": "application/zip",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
}


class _SiteHandler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: the app is a few dozen files

    def __init__(self, *args: Any, mount: str, **kwargs: Any) -> None:
        self._mount = mount
        self.extensions_map = {**self.extensions_map, **MIME_TYPES}
        super().__init__(*args, **kwargs)

    def translate_path(self, path: str) -> str:
        # Only paths under the mount exist; everything else maps to a file that is never there.
        if not path.startswith(self._mount):
            return str(Path(self.directory) / "__outside_mount__")
        return super().translate_path("/" + path[len(self._mount) :])

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        outputfile.write(data)
        self.server.bodies_sent.append((self.path, len(data)))  # type: ignore[attr-defined]

    def end_headers(self) -> None:
        # Like a static host (GitHub Pages): the browser may keep files but must revalidate
        # them, so a new deployment is seen at once while unchanged files cost only a 304.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass  # Quiet: tests and benchmarks print their own findings.


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    bodies_sent: list[tuple[str, int]]

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that stops reading (a reload, the end of a test) is normal, not an error.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class SiteServer:
    """Serves `root` at http://127.0.0.1:<port><mount> in a background thread until stopped."""

    def __init__(self, root: Path, mount: str = "/", port: int = 0) -> None:
        if not (mount.startswith("/") and mount.endswith("/")):
            raise ValueError(f"mount must start and end with '/': {mount!r}")
        handler = functools.partial(_SiteHandler, directory=str(root), mount=mount)
        self._httpd = _Server(("127.0.0.1", port), handler)
        # Every response body sent, as (URL path, bytes): what clients downloaded (a 304 sends
        # none). Read by the tests and the start-up benchmark.
        self.bodies_sent = self._httpd.bodies_sent = []
        # Used by start() only; serve_forever() serves in the caller's thread instead.
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}{mount}"

    def start(self) -> Self:
        self._thread.start()
        return self

    def serve_forever(self) -> None:
        """Serves in the calling thread until interrupted (Ctrl+C)."""
        try:
            self._httpd.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            self._httpd.server_close()

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve the built site on localhost.")
    parser.add_argument("root", nargs="?", default="dist", type=Path)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--mount", default="/", help="URL path to serve the site under")
    args = parser.parse_args()
    server = SiteServer(args.root, args.mount, args.port)
    print(f"Penta is served at {server.url}  (Ctrl+C stops)", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
