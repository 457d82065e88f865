"""The engine: vocabulary registry, game state, dice, decisions, hooks, rulesets."""
