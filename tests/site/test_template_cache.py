"""The theme's templates compiled once and kept in the private cache folder
(site/sitegen/template_cache.py): counted in compilations, never timed."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest
from nuffle.sitegen.template_cache import PrivateBytecodeCache, TemplateCache, template_cache

TEMPLATES = {"base.html": "<p>{{ greeting }} {% block body %}{% endblock %}</p>",
             "page.html": "{% extends 'base.html' %}{% block body %}{{ name|e }}{% endblock %}"}


def render(cache: PrivateBytecodeCache, monkeypatch) -> tuple[str, int]:
    """A fresh environment (as each MkDocs build makes one): the page, and how many
    templates it compiled from their source."""
    compiled = []
    real = jinja2.Environment.compile

    def counting(self, source, name=None, filename=None, raw=False, defer_init=False):
        compiled.append(name)
        return real(self, source, name, filename, raw, defer_init)
    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    env = jinja2.Environment(loader=jinja2.DictLoader(TEMPLATES), bytecode_cache=cache)
    text = env.get_template("page.html").render(greeting="Hi", name="<Orc>")
    monkeypatch.undo()
    return text, len(compiled)


def test_a_template_is_compiled_once_across_builds(tmp_path: Path, monkeypatch) -> None:
    cache = PrivateBytecodeCache(tmp_path / "jinja")
    assert render(cache, monkeypatch) == ("<p>Hi &lt;Orc&gt;</p>", 2)
    assert render(cache, monkeypatch) == ("<p>Hi &lt;Orc&gt;</p>", 0)


def test_a_changed_template_is_compiled_again(tmp_path: Path, monkeypatch) -> None:
    cache = PrivateBytecodeCache(tmp_path / "jinja")
    render(cache, monkeypatch)
    before = dict(TEMPLATES)
    try:
        TEMPLATES["page.html"] = TEMPLATES["page.html"].replace("name|e", "name|upper")
        assert render(cache, monkeypatch) == ("<p>Hi <ORC></p>", 1)
    finally:
        TEMPLATES.update(before)


@pytest.mark.parametrize("spoil", [
    lambda raw: b"", lambda raw: raw[:-7], lambda raw: raw[:40] + b"\x00" * 50,
    lambda raw: raw.replace(b"nuffle-jinja", b"other-jinja"),
    lambda raw: raw.split(b"\n", 2)[0] + b"\n" + raw.split(b"\n", 2)[1] + b"\n"
    + __import__("marshal").dumps("not code"),
    lambda raw: raw + b"\x00" * (5 << 20)])
def test_a_spoilt_entry_is_a_miss(tmp_path: Path, monkeypatch, spoil) -> None:
    """Empty, truncated, garbled, from another Jinja or Python, not code, too large: the
    template is compiled again and the entry rewritten, never an error."""
    cache = PrivateBytecodeCache(tmp_path / "jinja")
    render(cache, monkeypatch)
    for entry in (tmp_path / "jinja").iterdir():
        entry.write_bytes(spoil(entry.read_bytes()))
    assert render(cache, monkeypatch) == ("<p>Hi &lt;Orc&gt;</p>", 2)
    assert render(cache, monkeypatch)[1] == 0


def test_every_environment_of_the_theme_gets_the_cache(tmp_path: Path) -> None:
    """The builds' environments and those a plugin asks the theme for (the search plugin's,
    for its words) all use the cache; with caching off there is no private folder, and every
    build compiles the templates."""
    from mkdocs.config.defaults import MkDocsConfig
    config = MkDocsConfig()
    config.load_dict({"site_name": "x", "theme": {"name": "mkdocs"}})
    config.validate()
    plugin = TemplateCache(tmp_path)
    plugin.on_config(config)
    plugin.on_config(config)  # a second language's build: wrapped once
    assert config.theme.get_env().bytecode_cache is plugin.cache
    assert config.theme.get_env().get_template("base.html") is not None
    assert len(list((tmp_path / "jinja").iterdir())) == 1  # base.html, compiled


def test_no_cache_folder_no_cache(monkeypatch) -> None:
    monkeypatch.setenv("NUFFLE_NO_CACHE", "1")
    assert template_cache().cache is None
