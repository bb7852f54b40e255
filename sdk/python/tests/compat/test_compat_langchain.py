"""LangChain's FireCrawlLoader (langchain-community, pinned in requirements-compat.txt) against
Trawl: each of its modes with its default parameters, as a RAG pipeline loads documents."""

from __future__ import annotations

import warnings

import pytest

with warnings.catch_warnings():
    # langchain-community announces its own sunset on import; the loader still ships in it.
    warnings.simplefilter("ignore", DeprecationWarning)
    from langchain_community.document_loaders import FireCrawlLoader


@pytest.fixture()
def loader(server):
    def make(**kwargs):
        return FireCrawlLoader(api_key=server.key, api_url=server.url, **kwargs)

    return make


def test_default_mode_crawls_the_site(loader, site):
    docs = loader(url=site.url("/")).load()
    assert {"Harbour home", "Boats", "Nets", "Fish"} <= {d.metadata["title"] for d in docs}
    boats = next(d for d in docs if d.metadata["title"] == "Boats")
    assert "Trawlers and dinghies" in boats.page_content


def test_scrape(loader, site):
    [doc] = loader(url=site.url("/nets"), mode="scrape").load()
    assert "Gillnets and seines mended by hand." in doc.page_content
    assert doc.metadata["title"] == "Nets"


def test_map(loader, site):
    urls = {d.page_content for d in loader(url=site.url("/"), mode="map").load()}
    assert {site.url("/boats"), site.url("/nets"), site.url("/fish")} <= urls


def test_search(loader, site):
    loader(url=site.url("/fish"), mode="scrape", params={"max_age": 0}).load()
    docs = loader(query="mackerel herring", mode="search").load()
    assert site.url("/fish") in [d.metadata.get("url") for d in docs], [d.metadata for d in docs]


def test_extract(loader, site):
    [doc] = loader(url=site.url("/fish"), mode="extract", params={"prompt": "Which fish are named on the page?"}).load()
    assert "status='completed'" in doc.page_content and "Fish" in doc.page_content
