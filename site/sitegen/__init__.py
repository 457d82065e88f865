"""The reference-site generator: content to Markdown to a MkDocs site (`nuffle site`)."""
