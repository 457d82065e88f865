"""The Blood Bowl ruleset (PBBL Living Rulebook 1.10): its state, pitch and procedures."""
