"""A small static file server for the built site, for development and the browser tests.

The standard library's server is enough, but it needs four things added: the MIME types
browsers insist on (.mjs, .wasm for streaming compilation, .webmanifest), mounting the site under
a sub-path (GitHub Pages serves project sites under /<repo>/), gzip for the types GitHub Pages
compresses (so that what a browser downloads here is what users download), and a clean stop
from tests.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import hashlib
import http.server
import io
import os
import sys
import threading
from pathlib import Path
from types import TracebackType
from typing import Any, BinaryIO, Self, cast

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

# What a static host compresses: text and WebAssembly (the runtime's 9.6 MB shrinks to a third);
# archives and images are compressed already.
COMPRESSED_TYPES = frozenset(
    {
        "text/javascript",
        "text/css",
        "text/html",
        "text/x-python",
        "application/wasm",
        "application/json",
        "application/manifest+json",
        "application/toml",
        "image/svg+xml",
    }
)


class _SiteHandler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: the app is a few dozen files

    def __init__(self, *args: Any, mount: str, **kwargs: Any) -> None:
        self._mount = mount
        self.extensions_map = {**self.extensions_map, **MIME_TYPES}
        super().__init__(*args, **kwargs)

    @property
    def _site(self) -> _Server:
        return cast(_Server, self.server)

    def translate_path(self, path: str) -> str:
        # Only paths under the mount exist; everything else maps to a file that is never there.
        if not path.startswith(self._mount):
            return str(Path(self.directory) / "__outside_mount__")
        return super().translate_path("/" + path[len(self._mount) :])

    def send_head(self) -> io.BytesIO | BinaryIO | None:
        path = Path(self.translate_path(self.path))
        if self.path.split("?")[0].endswith("/") and (path / "index.html").is_file():
            path = path / "index.html"  # a folder's start page, compressed as any page
        wanted = "gzip" in self.headers.get("Accept-Encoding", "")
        content_type = self.guess_type(str(path))
        if not (self._site.compress and wanted and content_type in COMPRESSED_TYPES):
            return super().send_head()
        try:
            stat = path.stat()
        except OSError:
            return super().send_head()  # the 404 (or a directory's redirect) as usual
        if not path.is_file():
            return super().send_head()
        if self._not_modified(stat.st_mtime):
            self.send_response(http.HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        body = _gzipped(path, stat)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def _not_modified(self, modified: float) -> bool:
        since = self.headers.get("If-Modified-Since")
        if since is None or "If-None-Match" in self.headers:
            return False
        try:
            moment = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        return int(modified) <= moment.timestamp()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        self._site.bodies_sent.append(
            (self.path, len(data))
        )  # before: the client may read it first
        outputfile.write(data)

    def end_headers(self) -> None:
        # Like a static host (GitHub Pages): the browser may keep files but must revalidate
        # them, so a new deployment is seen at once while unchanged files cost only a 304.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass  # Quiet: tests and benchmarks print their own findings.


# Each content compressed once per process, whichever server sends it: the runtime takes 0.6 s
# to compress, and the browser tests start servers of their own, of dist/ or of a copy of it,
# by the dozen. A file is known by its content: read once per version for its digest (10 ms
# for the runtime), a copy's is compressed no more.
_GZIPPED: dict[bytes, bytes] = {}
_DIGESTS: dict[tuple[Path, int, int], bytes] = {}
_GZIP_LOCK = threading.Lock()


def _gzipped(path: Path, stat: os.stat_result) -> bytes:
    version = (path, stat.st_mtime_ns, stat.st_size)
    with _GZIP_LOCK:
        digest = _DIGESTS.get(version)
        if digest is None:
            content = path.read_bytes()
            digest = _DIGESTS[version] = hashlib.blake2b(content).digest()
            if digest not in _GZIPPED:
                _GZIPPED[digest] = gzip.compress(content, compresslevel=6, mtime=0)
        return _GZIPPED[digest]


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    bodies_sent: list[tuple[str, int]]
    compress: bool

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that stops reading (a reload, the end of a test) is normal, not an error.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class SiteServer:
    """Serves `root` at http://127.0.0.1:<port><mount> in a background thread until stopped."""

    def __init__(
        self, root: Path, mount: str = "/", port: int = 0, *, compress: bool = True
    ) -> None:
        if not (mount.startswith("/") and mount.endswith("/")):
            raise ValueError(f"mount must start and end with '/': {mount!r}")
        handler = functools.partial(_SiteHandler, directory=str(root), mount=mount)
        self._httpd = _Server(("127.0.0.1", port), handler)
        # Every response body sent, as (URL path, bytes): what clients downloaded (a 304 sends
        # none). Read by the tests and the start-up benchmark.
        self.bodies_sent = self._httpd.bodies_sent = []
        self._httpd.compress = compress
        # Used by start() only; serve_forever() serves in the caller's thread instead.
        # A short poll: stop() waits for it, once per test that starts a server.
        serve = functools.partial(self._httpd.serve_forever, poll_interval=0.05)
        self._thread = threading.Thread(target=serve, daemon=True)
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
    parser.add_argument(
        "--no-gzip", action="store_true", help="send every file as it is, uncompressed"
    )
    args = parser.parse_args()
    server = SiteServer(args.root, args.mount, args.port, compress=not args.no_gzip)
    print(f"Penta is served at {server.url}  (Ctrl+C stops)", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
