"""Delivery: compression, cache headers on versioned assets, the manifest and icons, the 404 page, page routes."""

from __future__ import annotations

import json
import re
import struct
from urllib.parse import urljoin

from dorhami.api.assets import IMMUTABLE, REVALIDATE, AssetTree, content_version

from .factories import new_player, new_room

GZIP = {"Accept-Encoding": "gzip"}
VERSIONED = re.compile(r"""(?:href|src)="(/static/v/([0-9a-f]+)/[^"]+)\"""")


def asset_urls(html: str) -> list[str]:
    return [url for url, _ in VERSIONED.findall(html)]


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def test_text_assets_and_api_json_are_gzipped_when_the_browser_accepts_it(client):
    version = client.app.state.assets.version
    for url in (f"/static/v/{version}/js/main.js", f"/static/v/{version}/css/app.css", "/api/games", "/"):
        response = client.get(url, headers=GZIP)
        assert response.headers.get("content-encoding") == "gzip", url
        assert "Accept-Encoding" in response.headers["vary"]
        assert int(response.headers["content-length"]) < len(response.content), url  # smaller on the wire
    plain = client.get("/api/games", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.json()


def test_fonts_and_pngs_are_not_compressed_again(client):
    version = client.app.state.assets.version
    for url, kind in (
        (f"/static/v/{version}/fonts/Vazirmatn-wght.woff2", "font/woff2"),
        (f"/static/v/{version}/icons/icon-512.png", "image/png"),
    ):
        response = client.get(url, headers=GZIP)
        assert response.status_code == 200 and response.headers["content-type"] == kind
        assert "content-encoding" not in response.headers, url


def test_the_room_socket_works_through_the_compression_layer(client):
    host = new_player(client, "Host")
    code = new_room(client, host)["code"]
    with client.websocket_connect(f"/ws/rooms/{code}", headers=GZIP) as socket:
        socket.send_json({"type": "hello", "token": host["token"]})
        assert socket.receive_json()["type"]


def test_pages_revalidate_and_point_only_at_the_current_versioned_assets(client):
    page = client.get("/")
    assert page.headers["cache-control"] == REVALIDATE
    versions = {version for _, version in VERSIONED.findall(page.text)}
    assert versions == {client.app.state.assets.version}
    assert 'src="/static/' not in page.text.replace('src="/static/v/', "")
    assert 'href="/static/' not in page.text.replace('href="/static/v/', "")
    for url in asset_urls(page.text):
        response = client.get(url)
        assert response.status_code == 200 and response.headers["cache-control"] == IMMUTABLE, url
    again = client.get("/", headers={"If-None-Match": page.headers["etag"]})
    assert again.status_code == 304 and again.headers["cache-control"] == REVALIDATE


def test_unversioned_and_old_versions_still_serve_but_are_not_cached_for_long(client):
    for url in ("/static/js/main.js", "/static/v/0123456789ab/js/main.js"):
        response = client.get(url)
        assert response.status_code == 200 and response.headers["cache-control"] == REVALIDATE, url
        assert response.headers["content-type"].startswith("text/javascript")


def test_the_version_changes_when_a_static_file_changes_but_not_for_dotfiles(tmp_path):
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "main.js").write_text("export const a = 1;\n")
    (tmp_path / "index.html").write_text('<script type="module" src="/static/js/main.js"></script>')
    first = content_version(tmp_path)
    assert content_version(tmp_path) == first  # the same bytes, the same version
    (tmp_path / "js" / ".main.js.swp").write_text("an editor's scratch file")
    assert content_version(tmp_path) == first
    (tmp_path / "js" / "main.js").write_text("export const a = 2;\n")
    changed = content_version(tmp_path)
    (tmp_path / "js" / "main.js").rename(tmp_path / "js" / "app.js")
    renamed = content_version(tmp_path)
    assert len({first, changed, renamed}) == 3


def test_a_running_tree_picks_up_an_edited_file_on_the_next_page(tmp_path):
    (tmp_path / "app.js").write_text("1")
    (tmp_path / "index.html").write_text('<link href="/static/app.css"><script src="/static/app.js"></script>')
    tree = AssetTree(tmp_path)
    before = tree.version
    prefix = f"/static/v/{before}/"
    assert tree.page("index.html") == f'<link href="{prefix}app.css"><script src="{prefix}app.js"></script>'
    (tmp_path / "app.js").write_text("22")
    assert tree.page("index.html").count(f"/static/v/{tree.version}/") == 2 and tree.version != before


def test_the_manifest_is_valid_and_its_icons_exist(client):
    page = client.get("/").text
    manifest_url = re.search(r'<link rel="manifest" href="([^"]+)"', page).group(1)
    response = client.get(manifest_url)
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(response.text)
    assert {"Dorhami", "دورهمی"} <= set(re.findall(r"Dorhami|دورهمی", manifest["name"]))
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["lang"] and manifest["dir"] in ("rtl", "ltr") and manifest["theme_color"].startswith("#")
    maskable = set()
    for icon in manifest["icons"]:
        image = client.get(urljoin(manifest_url, icon["src"]))
        assert image.status_code == 200 and image.headers["content-type"] == icon["type"], icon
        if icon["type"] == "image/png":
            width, height = png_size(image.content)
            assert icon["sizes"] == f"{width}x{height}", icon
            if "maskable" in icon["purpose"]:
                maskable.add(width)
    assert {192, 512} <= maskable
    assert re.search(r'<link rel="icon"[^>]*href="/static/v/[^"]+\.svg"', page)


def test_an_unknown_page_is_a_404_page_in_both_languages(client):
    response = client.get("/nope")
    assert response.status_code == 404 and response.headers["content-type"].startswith("text/html")
    assert "چنین صفحه‌ای وجود ندارد" in response.text and "There is no such page" in response.text
    assert 'lang="fa"' in response.text and 'lang="en"' in response.text
    assert response.text.count('href="/"') >= 2  # back to the lobby, from either language
    assert client.get("/static/no-such-file.js").status_code == 404


def test_unknown_api_and_socket_paths_stay_json(client):
    for url in ("/api/nope", "/api", "/ws/nope"):
        response = client.get(url)
        assert response.status_code == 404 and response.json()["code"] == "not_found", url


def test_the_how_to_play_page_of_a_game_is_the_single_page(client):
    response = client.get("/how/twin-it")
    assert response.status_code == 200 and response.text == client.get("/").text
    assert response.headers["cache-control"] == REVALIDATE
    assert client.get("/how/no-such-game").status_code == 404
    assert client.head("/t/abc").status_code == 200  # a link preview may ask for the headers only
