"""The Blitz Bowl Season 2 ruleset: state, procedures, game loop (000_ff9920886d8c191d.txt)."""
