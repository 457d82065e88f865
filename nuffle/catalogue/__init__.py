"""Loading content files into a checked catalogue (YAML → schema → rules → names)."""
