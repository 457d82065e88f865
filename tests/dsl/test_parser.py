"""Every construct of the rules language parses to the AST written out by hand here."""

from __future__ import annotations

import pytest
from nuffle.dsl import ast as A
from nuffle.dsl.parser import parse_rules
from nuffle.dsl.render import render_source


def N(name: str) -> A.Name:
    return A.Name(name)


def I(name: str) -> A.Ident:  # noqa: E743 - short helper for readability
    return A.Ident(name)


def eff(name, subject=None, *args, duration=None):
    return A.Effect(I(name), subject, tuple(A.Arg(p, v) for p, v in args),
                    I(duration) if duration else None)


def one(src: str) -> A.Stmt:
    rules = parse_rules(src)
    assert len(rules.items) == 1
    return rules.items[0]


CASES = {
    "after-hook-with-filter-let-and-may": (
        "after catch where player is self and source is throw:\n"
        "    let n = roll d6\n"
        "    may free run by self up to n\n",
        A.Hook(False, "after", I("catch"),
               A.BinOp("and", A.BinOp("is", N("player"), N("self")),
                       A.BinOp("is", N("source"), N("throw"))),
               (),
               (A.Let(I("n"), A.Roll(1, 6)),
                A.May((eff("free", N("run"), ("by", N("self")), ("up to", N("n"))),)))),
    ),
    "before-hook-inline-body": (
        "before block-roll where assisted: cancel\n",
        A.Hook(False, "before", I("block-roll"), N("assisted"), (), (eff("cancel"),)),
    ),
    "instead-of-hook": (
        "instead of throw-check: succeed\n",
        A.Hook(False, "instead of", I("throw-check"), None, (), (eff("succeed"),)),
    ),
    "modify-with-negative-change": (
        "modify armour-modifier where attacker is self: change value by -1\n",
        A.Hook(False, "modify", I("armour-modifier"), A.BinOp("is", N("attacker"), N("self")),
               (), (eff("change", N("value"), ("by", A.Neg(A.Number(1)))),)),
    ),
    "once-per-game-option": (
        "after armour-check where team is own once per game: may reroll\n",
        A.Hook(False, "after", I("armour-check"), A.BinOp("is", N("team"), N("own")),
               (A.Option(I("game")),), (A.May((eff("reroll"),)),)),
    ),
    "once-option": (
        "modify block-result once: set value to miss\n",
        A.Hook(False, "modify", I("block-result"), None, (A.Option(None),),
               (eff("set", N("value"), ("to", N("miss"))),)),
    ),
    "play-hook": (
        "play before throw-check where team is own: succeed\n",
        A.Hook(True, "before", I("throw-check"), A.BinOp("is", N("team"), N("own")), (),
               (eff("succeed"),)),
    ),
    "setting": ("set starting-score to 1\n",
                eff("set", N("starting-score"), ("to", A.Number(1)))),
    "claim-with-history": (
        "claim if happened(injury where team is opponent)\n",
        A.Claim(A.History("happened", I("injury"), A.BinOp("is", N("team"), N("opponent")),
                          None)),
    ),
    "count-this-turn": (
        "claim if count(knocked-down, this turn) >= 2\n",
        A.Claim(A.BinOp(">=", A.History("count", I("knocked-down"), None, I("turn")),
                        A.Number(2))),
    ),
    "if-elif-else": (
        "if roll d6 == 1:\n    remove this-ball\nelif roll 2d8 >= 6:\n    reroll\n"
        "else:\n    cancel\n",
        A.If((A.Branch(A.BinOp("==", A.Roll(1, 6), A.Number(1)), (eff("remove", N("this-ball")),)),
              A.Branch(A.BinOp(">=", A.Roll(2, 8), A.Number(6)), (eff("reroll"),))),
             (eff("cancel"),)),
    ),
    "may-block": (
        "may:\n    free sidestep by target\n    void-action\n",
        A.May((eff("free", N("sidestep"), ("by", N("target"))), eff("void-action"))),
    ),
    "for-each-and-call": (
        "for each p in players-near(this-ball):\n    knock-down p\n",
        A.ForEach(I("p"), A.Call(I("players-near"), (N("this-ball"),)),
                  (eff("knock-down", N("p")),)),
    ),
    "for-scope-with-nested-hook": (
        "for this action:\n    modify move-allowance where player is runner: change value by +2\n",
        A.ForScope(I("action"), (A.Hook(False, "modify", I("move-allowance"),
                                         A.BinOp("is", N("player"), N("runner")), (),
                                         (eff("change", N("value"), ("by", A.Pos(A.Number(2)))),)),)),
    ),
    "effect-with-duration": (
        "gain team-reroll by 1 for this drive\n",
        eff("gain", N("team-reroll"), ("by", A.Number(1)), duration="drive"),
    ),
    "all-prepositions": (
        "x a by b to c from d with e as f on g into h times i against j up to k\n",
        eff("x", N("a"), ("by", N("b")), ("to", N("c")), ("from", N("d")), ("with", N("e")),
            ("as", N("f")), ("on", N("g")), ("into", N("h")), ("times", N("i")),
            ("against", N("j")), ("up to", N("k"))),
    ),
    "lists-ranges-in-not-in": (
        "let ok = value in [miss, shove] and n not in 2..4 or not held\n",
        A.Let(I("ok"), A.BinOp("or",
              A.BinOp("and", A.BinOp("in", N("value"), A.ListExpr((N("miss"), N("shove")))),
                      A.BinOp("not in", N("n"), A.Range(A.Number(2), A.Number(4)))),
              A.Not(N("held")))),
    ),
    "is-not-and-attributes": (
        "let x = player.team is not this-ball.holder.team\n",
        A.Let(I("x"), A.BinOp("is not", A.Attr(N("player"), I("team")),
                              A.Attr(A.Attr(N("this-ball"), I("holder")), I("team")))),
    ),
    "arithmetic-and-dice-plus": (
        "let n = roll d3 + 3 - (1 + 1)\n",
        A.Let(I("n"), A.BinOp("-", A.BinOp("+", A.Roll(1, 3), A.Number(3)),
                              A.BinOp("+", A.Number(1), A.Number(1)))),
    ),
    "choose-and-random": (
        "let p = choose(q in own.players where q is not player)\n",
        A.Let(I("p"), A.Pick("choose", I("q"), A.Attr(N("own"), I("players")),
                             A.BinOp("is not", N("q"), N("player")))),
    ),
    "random-without-where": (
        "let p = random(q in teams)\n",
        A.Let(I("p"), A.Pick("random", I("q"), N("teams"), None)),
    ),
    "booleans-and-comparisons": (
        "let b = true != false and 1 < 2 and 3 <= 4 and 5 > 4\n",
        A.Let(I("b"), A.BinOp("and", A.BinOp("and", A.BinOp("and",
              A.BinOp("!=", A.Bool(True), A.Bool(False)), A.BinOp("<", A.Number(1), A.Number(2))),
              A.BinOp("<=", A.Number(3), A.Number(4))), A.BinOp(">", A.Number(5), A.Number(4)))),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_construct_parses_to_expected_ast(name: str) -> None:
    src, expected = CASES[name]
    assert one(src) == expected


@pytest.mark.parametrize("name", sorted(CASES))
def test_construct_round_trips(name: str) -> None:
    src, _ = CASES[name]
    rules = parse_rules(src)
    assert parse_rules(render_source(rules)) == rules


def test_comments_and_blank_lines_are_ignored() -> None:
    src = "# a card\n\nafter turn-start:  # trailing\n\n    # inside\n    reroll\n"
    assert parse_rules(src) == parse_rules("after turn-start: reroll\n")


def test_positions_are_recorded_on_nodes() -> None:
    hook = one("after catch where player is self:\n    knock-down player\n")
    assert (hook.event.line, hook.event.column, hook.event.end_column) == (1, 7, 12)
    effect = hook.body[0]
    assert (effect.line, effect.column) == (2, 5)
    assert (effect.name.line, effect.name.column, effect.name.end_column) == (2, 5, 15)


def test_render_uses_canonical_layout() -> None:
    src = "after   catch  where player is self :\n   reroll\n"
    assert render_source(parse_rules(src)) == "after catch where player is self: reroll\n"


def test_render_parenthesizes_by_precedence() -> None:
    rules = parse_rules("let x = (a or b) and not (c and d)\n")
    text = render_source(rules)
    assert text == "let x = (a or b) and not (c and d)\n"
    assert parse_rules(text) == rules
