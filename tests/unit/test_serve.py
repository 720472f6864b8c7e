"""The development server sends what a static host sends: text and WebAssembly gzipped to a
client that accepts it, archives and images as they are, 304 for a file the client has."""

from __future__ import annotations

import gzip
import http.client
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tools.serve import SiteServer

FILES = {
    "index.html": b"<!doctype html><title>Penta</title>" + b"<p>dice</p>" * 500,
    "runtime/pyodide.asm.wasm": bytes(range(256)) * 400,
    "packages.zip": b"PK\x03\x04" + b"z" * 5000,
}


@pytest.fixture
def site(tmp_path: Path) -> Iterator[SiteServer]:
    for name, body in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(body)
    with SiteServer(tmp_path, mount="/penta/") as server:
        yield server


def get(server: SiteServer, path: str, **headers: str) -> http.client.HTTPResponse:
    url = urlsplit(server.url)
    connection = http.client.HTTPConnection(url.netloc, timeout=10)
    connection.request("GET", url.path + path, headers=headers)
    return connection.getresponse()


# "": the folder's own address, where the start page is index.html (as a user opens it).
@pytest.mark.parametrize(
    ("path", "name"),
    [
        ("index.html", "index.html"),
        ("", "index.html"),
        ("runtime/pyodide.asm.wasm", "runtime/pyodide.asm.wasm"),
    ],
)
def test_text_and_webassembly_are_gzipped_for_a_client_that_accepts_it(
    site: SiteServer, path: str, name: str
) -> None:
    response = get(site, path, **{"Accept-Encoding": "gzip, deflate, br"})
    body = response.read()
    assert response.status == 200
    assert response.getheader("Content-Encoding") == "gzip"
    assert response.getheader("Vary") == "Accept-Encoding"
    assert int(response.getheader("Content-Length", "-1")) == len(body)
    assert len(body) < len(FILES[name])
    assert gzip.decompress(body) == FILES[name]
    assert site.bodies_sent[-1] == ("/penta/" + path, len(body))


def test_nothing_is_compressed_for_a_client_that_does_not_ask(site: SiteServer) -> None:
    response = get(site, "index.html")
    assert response.getheader("Content-Encoding") is None
    assert response.read() == FILES["index.html"]


def test_archives_are_sent_as_they_are(site: SiteServer) -> None:
    response = get(site, "packages.zip", **{"Accept-Encoding": "gzip"})
    assert response.getheader("Content-Encoding") is None
    assert response.read() == FILES["packages.zip"]


def test_a_file_the_client_has_is_not_sent_again(site: SiteServer) -> None:
    first = get(site, "index.html", **{"Accept-Encoding": "gzip"})
    first.read()
    modified = first.getheader("Last-Modified")
    assert modified is not None
    again = get(site, "index.html", **{"Accept-Encoding": "gzip", "If-Modified-Since": modified})
    assert again.status == 304
    assert again.read() == b""


def test_a_missing_file_is_still_a_404(site: SiteServer) -> None:
    response = get(site, "nowhere.js", **{"Accept-Encoding": "gzip"})
    assert response.status == 404


def test_compression_can_be_turned_off(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_bytes(FILES["index.html"])
    with SiteServer(tmp_path, compress=False) as server:
        response = get(server, "index.html", **{"Accept-Encoding": "gzip"})
        assert response.getheader("Content-Encoding") is None
