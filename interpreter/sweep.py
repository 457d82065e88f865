"""Sweeps: many groups of games played in fixed-size batches, on whatever runs them.

A *group* is the games whose results are summarised together (one pairing, one pairing of
one variant). Its game number ``g`` always has the same spec, so the games are the same
whoever plays them. The games are cut into batches of ``BATCH`` games, sent to an executor
(this process, local worker processes, or a Dask cluster) and put back in game order, so
the aggregate never depends on which worker played what or when it answered.

With a margin, a group stops after the first batch at whose end every one of its rates
(wins, draws, losses) has a 95% Wilson interval of at most ± the margin, or at its cap. The
decision looks only at the group's batches up to that one, in order, so the stopping point
depends on the seed alone; batches sent ahead to keep the workers busy and found not needed
are dropped.
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import json
import math
import multiprocessing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from nuffle.interpreter.bots import make_agents
from nuffle.interpreter.errors import ContentError
from nuffle.interpreter.games import rules
from nuffle.interpreter.rule_counts import RuleTally
from nuffle.interpreter.simulate import GameSpec, wilson
from nuffle.interpreter.worker_gc import freeze_loaded, thaw, tune_worker

BATCH = 25  # games per batch: the stopping rule looks at a group after each batch
Z95 = 1.959964


def games_for_margin(margin: float) -> int:
    """Games that bound every 95% interval of a rate to ± ``margin`` (a fraction), whatever
    the rate: the worst case, a rate of one half (Wilson's interval is narrower still)."""
    return math.ceil(Z95 ** 2 / (4 * margin * margin))


# -- what the games are played on --------------------------------------------------------
@dataclass(frozen=True)
class Content:
    """The content a batch's games are played on, sent with the batch so that a worker on
    another machine needs no file of the author's: each extra file's path and text, and the
    texts that replace files in memory (a variant). ``version`` is the content version the
    sender computed and ``engine`` a hash of its engine's source: a worker whose own
    differ refuses the batch rather than play other games."""

    files: tuple[tuple[str, str], ...] = ()
    overrides: tuple[tuple[str, str], ...] = ()
    version: str = ""
    engine: str = ""

    def key(self) -> str:
        blob = json.dumps([self.files, self.overrides], separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()


def content_for(extra: Iterable[Path], overrides: Mapping[Path, str] | None = None
                ) -> Content:
    """The content of the bundled files plus ``extra``, with ``overrides`` (path: text)."""
    files = tuple((str(Path(p).resolve()), Path(p).read_text(encoding="utf-8"))
                  for p in sorted(extra, key=lambda p: str(Path(p).resolve())))
    over = tuple(sorted((str(Path(p).resolve()), t) for p, t in (overrides or {}).items()))
    return Content(files, over)


def load_content(content: Content) -> tuple[Any, list[Any], dict[str, Any]]:
    """The catalogue of ``content`` (bundled files less the scenarios, then the extra ones,
    read from the texts sent), its error diagnostics and its documents (to show them)."""
    from nuffle.catalogue.loader import content_files, load_catalogue
    texts = {Path(p): t for p, t in (*content.overrides, *content.files)}
    bundled = [f for f in content_files() if "scenarios" not in f.parts]
    catalogue, diags, docs = load_catalogue(bundled, with_bundled=False, overrides=texts)
    errors = [d for d in diags if d.severity == "error"]
    if content.files:
        more, more_diags, more_docs = load_catalogue([Path(p) for p, _ in content.files],
                                                     overrides=texts)
        errors += [d for d in more_diags if d.severity == "error"]
        docs = {**docs, **more_docs}
        for item in more.sorted_items():
            catalogue.add(item)
    return catalogue, errors, docs


_RULESETS: dict[str, Any] = {}


def ruleset_of(content: Content, catalogue: Any = None) -> Any:
    """The Blitz Bowl ruleset of ``content``, checked and compiled once per process (from
    ``catalogue``, its checked catalogue, when the caller has loaded it already)."""
    key = content.key()
    if key not in _RULESETS:
        from nuffle.interpreter.blitz_bowl.ruleset import build_ruleset
        if catalogue is None:
            catalogue, errors, _ = load_content(content)
            if errors:
                raise ContentError(f"the content has {len(errors)} error(s); run `nuffle "
                                   "check` to see them")
        _RULESETS[key] = build_ruleset(catalogue)
    return _RULESETS[key]


class WorkerMismatch(RuntimeError):
    """A worker's engine or bundled content is not the sender's: its games would differ."""


# -- batches -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Batch:
    """Games to play in one go: their specs and what they are played on (``content``; or,
    for a local run of either game, the ``extra`` files of ``game``'s loader)."""

    specs: tuple[GameSpec, ...]
    content: Content | None = None
    extra: tuple[str, ...] = ()
    tallies: bool = True  # send back what each item's rules did (simulate shows it)


def play_batch(batch: Batch) -> list[tuple[Any, RuleTally | None]]:
    """Play a batch's games, in order (what a worker runs)."""
    if batch.content is not None:
        ruleset = ruleset_of(batch.content)
        _check_worker(batch.content, ruleset)
    elif batch.specs:
        ruleset = rules(batch.specs[0].game).load_ruleset([Path(p) for p in batch.extra])
    out: list[tuple[Any, RuleTally | None]] = []
    for spec in batch.specs:
        game = rules(spec.game)
        agents = make_agents(spec.bots[0], spec.bots[1], spec.seed, game.BOTS)
        played = game.new_game(ruleset, spec.home, spec.away, agents, spec.seed, spec.options)
        result = played.play()
        out.append((result, played.tally if batch.tallies else None))
    return out


def play_parts(specs: tuple[GameSpec, ...], content: Content | None, extra: tuple[str, ...],
               tallies: bool) -> list[tuple[Any, RuleTally | None]]:
    """play_batch, given its parts (Dask hands a scattered content over as itself)."""
    return play_batch(Batch(specs, content, extra, tallies))


def _check_worker(content: Content, ruleset: Any) -> None:
    if content.version and ruleset.version != content.version:
        raise WorkerMismatch(f"this worker's content is version {ruleset.version}, the "
                             f"sweep's is {content.version}: install the same Nuffle and "
                             "bundled content on every worker")
    if content.engine:
        from nuffle.interpreter.engine_version import engine_version
        if engine_version() != content.engine:
            raise WorkerMismatch("this worker's Nuffle engine is not the sender's: install "
                                 "the same Nuffle version on every worker")


# -- executors -----------------------------------------------------------------------------
class Executor(Protocol):
    """Runs batches: in this process, in local worker processes, or on a cluster."""

    slots: int  # batches in flight that keep every worker busy

    def submit(self, batch: Batch) -> Any: ...

    def wait(self, handles: set[Any]) -> set[Any]: ...  # those done (at least one)

    def result(self, handle: Any) -> list[tuple[Any, RuleTally | None]]: ...

    def close(self) -> None: ...


class InProcess:
    """One batch at a time, here (``--jobs 1``)."""

    slots = 1

    def submit(self, batch: Batch) -> cf.Future:
        future: cf.Future = cf.Future()
        future.set_result(play_batch(batch))
        return future

    def wait(self, handles: set[Any]) -> set[Any]:
        return set(handles)

    def result(self, handle: Any) -> list[tuple[Any, RuleTally | None]]:
        return handle.result()

    def close(self) -> None:
        pass


class LocalProcesses:
    """``jobs`` worker processes on this machine, one pool for the whole sweep (forked
    where the platform allows, so the rulesets already loaded here come along; what is
    loaded is frozen for the collector meanwhile: worker_gc.py)."""

    def __init__(self, jobs: int) -> None:
        method = "fork" if multiprocessing.get_start_method() == "fork" else "spawn"
        freeze_loaded()
        self.pool = cf.ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context(method),
                                           initializer=tune_worker)
        self.slots = jobs * 2

    def submit(self, batch: Batch) -> cf.Future:
        return self.pool.submit(play_batch, batch)

    def wait(self, handles: set[Any]) -> set[Any]:
        return cf.wait(handles, return_when=cf.FIRST_COMPLETED).done

    def result(self, handle: Any) -> list[tuple[Any, RuleTally | None]]:
        return handle.result()

    def close(self) -> None:
        self.pool.shutdown(cancel_futures=True)
        thaw()


class DaskCluster:
    """The workers of a running Dask scheduler (``distributed`` imported by the caller)."""

    def __init__(self, client: Any) -> None:
        import distributed
        self.distributed = distributed
        self.client = client
        threads = sum(client.nthreads().values())
        self.slots = max(2, threads * 2)
        self.scattered: dict[str, Any] = {}

    def submit(self, batch: Batch) -> Any:
        """The batch's games; its content (a pack's texts can be large) goes to every worker
        once, scattered, not with each batch."""
        content: Any = batch.content
        if content is not None:
            key = content.key()
            if key not in self.scattered:
                self.scattered[key] = self.client.scatter(content, broadcast=True, hash=False)
            content = self.scattered[key]
        return self.client.submit(play_parts, batch.specs, content, batch.extra, batch.tallies,
                                  pure=False)

    def wait(self, handles: set[Any]) -> set[Any]:
        return set(self.distributed.wait(list(handles), return_when="FIRST_COMPLETED").done)

    def result(self, handle: Any) -> list[tuple[Any, RuleTally | None]]:
        return handle.result()

    def close(self) -> None:
        pass


def local_executor(jobs: int) -> Executor:
    return InProcess() if jobs <= 1 else LocalProcesses(jobs)


# -- groups and the run ------------------------------------------------------------------
@dataclass
class Group:
    """Games summarised together: ``spec(g)`` is its game number ``g``; ``team`` is the side
    its rates are counted for (a game where it plays away counts the away result)."""

    team: str
    spec: Callable[[int], GameSpec]
    cap: int
    content: Content | None = None
    extra: tuple[str, ...] = ()
    results: list[Any] = field(default_factory=list)
    tallies: list[RuleTally | None] = field(default_factory=list)

    def outcome(self, index: int) -> int:
        """0 the team won game ``index``, 1 a draw, 2 it lost."""
        result, spec = self.results[index], self.spec(index)
        if result.winner is None:
            return 1
        side = "home" if spec.home == self.team else "away"
        return 0 if result.winner == side else 2

    def counts(self) -> tuple[int, int, int]:
        out = [0, 0, 0]
        for n in range(len(self.results)):
            out[self.outcome(n)] += 1
        return out[0], out[1], out[2]


def widest(counts: Sequence[int]) -> float:
    """The largest half-width of the 95% intervals of the rates of ``counts``."""
    n = sum(counts)
    if n == 0:
        return 1.0
    return max((high - low) / 2 for _, low, high in (wilson(k, n) for k in counts))


@dataclass
class SweepWork:
    """What a run asked for (counted, for the tests): the games sent to be played, and
    those whose results were not used because their group stopped before reaching them
    (batches sent ahead to keep the workers busy, dropped as they came back or left in
    flight at the end, where the pool cancels those not yet started)."""

    sent: int = 0
    unused: int = 0


def run_groups(groups: Sequence[Group], executor: Executor, margin: float | None = None,
               tallies: bool = True,
               progress: Callable[[int, int], None] | None = None) -> SweepWork:
    """Play each group's games into its ``results`` (and ``tallies``), in game order: all
    ``cap`` of them, or with a margin (a fraction) batch by batch until its rates are within
    it. ``progress(done, total)`` follows the games played (total shrinks as groups stop)."""
    batches = [math.ceil(g.cap / BATCH) for g in groups]
    done: list[dict[int, list[tuple[Any, RuleTally | None]]]] = [{} for _ in groups]
    stopped = [False] * len(groups)
    sent = [0] * len(groups)  # batches submitted, per group
    flying: dict[Any, tuple[int, int]] = {}
    games_done, total = 0, sum(g.cap for g in groups)
    counts = [list(g.counts()) for g in groups]  # wins, draws, losses so far: kept up as
    # results come, not counted again from the first game at each batch
    kept = sum(len(g.results) for g in groups)
    work = SweepWork()

    def batch_of(n: int, b: int) -> Batch:
        g = groups[n]
        specs = tuple(g.spec(i) for i in range(b * BATCH, min(g.cap, (b + 1) * BATCH)))
        return Batch(specs, g.content, g.extra, tallies)

    def settle(n: int) -> None:
        """Take the group's finished batches in order, stopping where the rule says."""
        nonlocal total
        g, tally = groups[n], counts[n]
        while not stopped[n] and len(g.results) // BATCH in done[n]:
            b = len(g.results) // BATCH
            for result, game_tally in done[n].pop(b):
                g.results.append(result)
                g.tallies.append(game_tally)
                tally[g.outcome(len(g.results) - 1)] += 1
            if len(g.results) >= g.cap or (margin is not None and widest(tally) <= margin):
                stopped[n] = True
                total -= g.cap - len(g.results)
                done[n].clear()  # batches past the stop: not used

    try:
        while not all(stopped):
            while len(flying) < executor.slots:
                open_ = [n for n in range(len(groups))
                         if not stopped[n] and sent[n] < batches[n]]
                if not open_:
                    break
                ahead = {n: sent[n] - len(groups[n].results) // BATCH for n in open_}
                n = min(open_, key=lambda k: (ahead[k], k))
                batch = batch_of(n, sent[n])
                flying[executor.submit(batch)] = (n, sent[n])
                sent[n] += 1
                work.sent += len(batch.specs)
            for handle in executor.wait(set(flying)):
                n, b = flying.pop(handle)
                played = executor.result(handle)
                if not stopped[n]:
                    done[n][b] = played
                    games_done += len(played)
                    settle(n)
            if progress:
                progress(min(games_done, total), total)
    finally:
        executor.close()
    work.unused = work.sent - (sum(len(g.results) for g in groups) - kept)
    return work
