"""scrape, search, map and parse, through Trawl and AsyncTrawl alike (the `app` fixture)."""

from __future__ import annotations

from pathlib import Path

import pytest

from trawl import BadRequestError, Document, NotFoundError, Trawl, UnauthorizedError


def test_scrape_returns_markdown_and_metadata(app, site):
    doc = app.scrape(site.url("/boats"), formats=["markdown", "html", "links"], only_main_content=True)
    assert isinstance(doc, Document)
    assert "Trawlers and dinghies" in doc.markdown
    assert "<h1>Boats</h1>" in doc.html
    assert site.url("/nets") in doc.links
    assert doc.metadata.title == "Boats"
    assert doc.metadata.status_code == 200
    assert doc.metadata.source_url == site.url("/boats")
    assert doc.metadata.scrape_id


def test_a_missing_page_is_a_document_with_its_status_not_an_error(app, site):
    doc = app.scrape(site.url("/no-such-page"), max_age=0)
    assert doc.metadata.status_code == 404
    assert "Nothing here" in doc.markdown


def test_bad_input_raises_bad_request_with_code_and_details(app):
    with pytest.raises(BadRequestError) as caught:
        app.scrape("ftp://example.com/file")
    err = caught.value
    assert err.status == 400
    assert err.code == "BAD_REQUEST"
    assert isinstance(err.details, list) and err.details, err.details
    assert "unsupported protocol" in str(err.details).lower()
    assert "unsupported protocol" in str(err).lower(), "the reason is in the message, not only in details"


def test_every_reason_of_a_bad_request_is_in_the_message(app):
    with pytest.raises(BadRequestError) as caught:
        app.scrape("ftp://example.com/file", timeout=-5)
    message = str(caught.value)
    assert message.startswith("Bad Request: "), message
    assert "URL uses unsupported protocol" in message and "timeout" in message, message


def test_a_wrong_key_raises_unauthorized(server, site):
    with Trawl(api_key="fc-00000000000000000000000000000000", api_url=server.url) as bad:
        with pytest.raises(UnauthorizedError) as caught:
            bad.scrape(site.url("/"))
    assert caught.value.status == 401


def test_search_finds_pages_scraped_before(app, site):
    app.scrape(site.url("/fish"), max_age=0)
    found = app.search("mackerel herring", limit=5)
    urls = [hit.url for hit in found.web]
    assert site.url("/fish") in urls
    assert found.web[0].title == "Fish"


def test_search_can_scrape_each_hit(app, site):
    app.scrape(site.url("/nets"), max_age=0)
    found = app.search("gillnets seines", limit=1, scrape_options={"formats": ["markdown"]})
    assert found.web and "mended by hand" in found.web[0].markdown


def test_map_lists_the_site(app, site):
    result = app.map(site.url("/"))
    urls = {link.url for link in result.links}
    assert {site.url("/boats"), site.url("/nets"), site.url("/fish")} <= urls


def test_map_search_filters_links(app, site):
    result = app.map(site.url("/"), search="boats")
    assert result.links and result.links[0].url == site.url("/boats")


def test_parse_converts_an_uploaded_file(app, tmp_path: Path):
    html = "<html><head><title>Tide table</title></head><body><h1>Tides</h1><p>High water at noon.</p></body></html>"
    from_bytes = app.parse(html.encode(), filename="tides.html")
    assert "High water at noon" in from_bytes.markdown
    path = tmp_path / "tides.html"
    path.write_text(html)
    from_path = app.parse(path, options={"formats": ["markdown", "html"]})
    assert "High water at noon" in from_path.markdown
    assert "<h1>Tides</h1>" in from_path.html


def test_parse_refuses_what_an_upload_cannot_do(app):
    with pytest.raises(BadRequestError):
        app.parse(b"<p>x</p>", filename="x.html", options={"formats": ["screenshot"]})


def test_unknown_job_raises_not_found(app):
    with pytest.raises(NotFoundError) as caught:
        app.get_crawl_status("00000000-0000-4000-8000-000000000000")
    assert caught.value.status == 404
    assert caught.value.message
