"""The balance page: every team against every other in seeded greedy-bot games, as a heat
map and a table. The results are cached by content version, so a rebuild with unchanged
content does not simulate again."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path

from nuffle.interpreter.blitz_bowl.game import Options
from nuffle.interpreter.blitz_bowl.ruleset import load_ruleset
from nuffle.interpreter.simulate import GameSpec, game_seed, run_games
from nuffle.sitegen.context import N_, Site, code, esc, table
from nuffle.sitegen.svg import HEAT_MAP_LABEL, HEAT_MAP_TITLE, heat_map_svg

# Games per pairing for a 95% interval of at most ±5 points on a win rate (worst case 50%).
GAMES_FOR_5_POINTS = math.ceil((1.96 / 0.05) ** 2 / 4)  # 385
SEED = 2026


def simulate_matrix(games: int, jobs: int = 1, progress: Callable[[], None] | None = None,
                    ) -> dict:
    ruleset = load_ruleset()
    teams = sorted(ruleset.teams)
    specs: list[GameSpec] = []
    pairs: list[tuple[str, str, str]] = []
    for i, a in enumerate(teams):
        for b in teams[i + 1:]:
            for g in range(games):  # each team at home in half of the games
                home, away = (a, b) if g % 2 == 0 else (b, a)
                specs.append(GameSpec(len(specs), home, away, game_seed(SEED, len(specs)),
                                      ("greedy", "greedy"), Options()))
                pairs.append((a, b, home))
    results = run_games(specs, jobs, progress=progress)
    tally: dict[str, dict[str, list[int]]] = {a: {b: [0, 0, 0] for b in teams if b != a}
                                              for a in teams}
    for (a, b, home), result in zip(pairs, results, strict=True):
        winner = None if result.winner is None else (home if result.winner == "home"
                                                     else (b if home == a else a))
        for team, other in ((a, b), (b, a)):
            slot = 1 if winner is None else 0 if winner == team else 2
            tally[team][other][slot] += 1
    return {"version": ruleset.version, "games": games, "seed": SEED, "tally": tally}


def load_or_simulate(cache_dir: Path, games: int, jobs: int, run: bool,
                     progress: Callable[[], None] | None = None) -> dict | None:
    """The cached matrix for this content; simulated when ``run`` and not cached."""
    version = load_ruleset().version
    cache = cache_dir / f"balance-{version}-{games}-{SEED}.json"
    if cache.exists():
        return json.loads(cache.read_text(encoding="utf-8"))
    if not run:
        return None
    data = simulate_matrix(games, jobs, progress)
    cache_dir.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps(data), encoding="utf-8")
    return data


def team_record(site: Site, data: dict | None, team: str) -> list[list[str]] | None:
    if not data or team not in data["tally"]:
        return None
    here = f"teams/{team}.md"
    rows = []
    for other, (w, d, lost) in sorted(data["tally"][team].items()):
        n = w + d + lost
        rows.append([site.link("team", other, here), str(n), str(w), str(d), str(lost),
                     f"{100 * w / n:.0f}%" if n else "–"])
    return rows


def balance_page(site: Site, data: dict | None) -> None:
    out: list[str] = []
    title = site.translation(N_("Balance"))
    if data is None:
        # TRANSLATORS: {command} is the command that simulates the games; {games} a number
        out += [site.t("The win-rate matrix has not been simulated for this content yet. Build "
                       "the site with {command} to play the games (about {games} per pairing, "
                       "greedy bots on both sides, seeded) and show them here; the results are "
                       "kept until the content changes.",
                       command="`nuffle site build --balance`", games=GAMES_FOR_5_POINTS)]
        site.add("balance.md", "\n".join(out), title)
        return
    teams = sorted(data["tally"])
    names = [site.names.get(t, t) for t in teams]
    rates = {}
    for a, name_a in zip(teams, names, strict=True):
        for b, name_b in zip(teams, names, strict=True):
            if a != b:
                w, d, lost = data["tally"][a][b]
                rates[(name_a, name_b)] = w / max(1, w + d + lost)
    site.pages["balance.svg"] = heat_map_svg(names, rates, site.translation(HEAT_MAP_LABEL),
                                             site.translation(HEAT_MAP_TITLE))
    games = data["games"]
    half = 1.96 * math.sqrt(0.25 / games) * 100
    # TRANSLATORS: {games} is the number of games per pairing, {seed} the random seed,
    # {version} the content version (as code), {half} the margin (1 decimal); 95 is the
    # confidence level in percent
    out += [site.t("Every team against every other: {games} games per pairing (each side at "
                   "home in half), greedy bots for both coaches, seed {seed}, content version "
                   "{version}. A win rate is within ±{half} points at 95% confidence.",
                   games=esc(games), seed=esc(data["seed"]), version=code(data["version"]),
                   half=f"{half:.1f}"),
            "", "![" + site.t("Win rate of each row team against each column team") + "]"
                "(balance.svg)", "",
            site.t("Rows are the team, columns the opponent; blue cells win more than half "
                   "their games, red cells fewer."), "", "## " + site.t("Win rates"), ""]
    header = [site.t("Team"), *[esc(n) for n in names], site.t("Overall")]
    body = []
    for a in teams:
        cells, total_w, total_n = [], 0, 0
        for b in teams:
            if a == b:
                cells.append("–")
                continue
            w, d, lost = data["tally"][a][b]
            total_w += w
            total_n += w + d + lost
            cells.append(f"{100 * w / max(1, w + d + lost):.0f}")
        body.append([site.link("team", a, "balance.md"), *cells,
                     f"{100 * total_w / max(1, total_n):.0f}%"])
    out += [table(header, body)]
    site.add("balance.md", "\n".join(out), title)
