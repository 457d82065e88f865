"""The engine: vocabulary registry, game state, dice, decisions, hooks, rulesets.

Importing it puts the compiled engine's finder in place (`compiled_finder`): the engine's
hot modules then load from a fresh `nuffle engine build` when there is one."""

from nuffle.interpreter.compiled_finder import install

install()
