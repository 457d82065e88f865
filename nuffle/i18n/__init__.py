"""Translating content: gettext catalogs per language, and the checks that keep them honest."""
