"""The Nuffle rules language: grammar, typed AST, parser, checker and renderers."""
