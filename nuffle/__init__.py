"""Nuffle: rules-as-data toolkit for the Blitz Bowl / Blood Bowl family of games."""

__version__ = "0.1.0"
