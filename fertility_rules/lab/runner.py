"""Playing many seeded games, in this process or on any ``concurrent.futures.Executor``.

Each game is described by a :class:`GameSpec` and depends on nothing else: its game,
its setup, its agents and their seeds all come from the spec. So the summaries are the same
whichever executor plays the games and in whatever order they finish; they are
returned in the order of the specs.
"""

from __future__ import annotations

import functools
import itertools
import os
import signal
from collections.abc import Callable, Iterable, Iterator, Sized
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Any

from attrs import field, frozen

from fertility_rules.agents.simulate import make_agent, play_game
from fertility_rules.arguments import checked_arguments, typed_fields
from fertility_rules.games import (
    GameRules,
    by_key,
    find_game,
    game_field,
    interpretations_of_its_game,
)
from fertility_rules.records.game_record import GameRecord

__all__ = [
    "GameSpec",
    "GameSummary",
    "default_jobs",
    "play_summary",
    "run_games",
    "worker_count",
]

Progress = Callable[[int], None]
"""Called with the number of games just finished."""


@frozen(field_transformer=typed_fields)
class GameSpec:
    """One game to play: setup seed, agent of each seat, reading, variant, catalogue file,
    and the game (by name, so that the spec travels to any worker).

    The agent of seat ``i`` is seeded with ``seed * 10 + i``, as ``fertility-rules
    simulate`` does.
    """

    seed: int
    agents: tuple[str, ...]
    interpretations: Any = field(default=None, validator=interpretations_of_its_game)
    """The reading played; ``None``: the game's defaults."""
    variant: bool = False
    catalogue: str | None = None
    """Path of a catalogue file; ``None`` for the built-in one."""
    keep_record: bool = False
    game: GameRules = field(factory=find_game, converter=game_field)
    """The game (given by name or by its rules); its rules travel to a worker as the name
    of their module."""


@frozen
class GameSummary:
    """What a study reads of a finished game (seats in turn order)."""

    seed: int
    winners: tuple[int, ...]
    """Seats sharing the victory (after the game's tie-breaks)."""
    stages: tuple[tuple[int, ...], ...]
    """Each seat's points per scoring stage of the game."""
    moves: int
    counts: tuple[tuple[str, int], ...] = ()
    """The game's measures of the game (``quarries``...), by key; read as attributes too."""
    record: GameRecord | None = field(default=None, eq=False)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(stages) for stages in self.stages)

    def __getattr__(self, name: str) -> int:
        """A measure by its key (``summary.quarries``)."""
        found: int = by_key(self, "counts", name)
        return found


@functools.lru_cache(maxsize=8)
def _catalogue(game: str | GameRules, path: str | None) -> Any:
    return None if path is None else find_game(game).formats.load_catalogue(path, None)


@checked_arguments
def play_summary(spec: GameSpec) -> GameSummary:
    """Play the game ``spec`` describes and summarise it."""
    rules = find_game(spec.game)
    names = tuple(f"P{i + 1}" for i in range(len(spec.agents)))
    agents = [make_agent(name, spec.seed * 10 + i, rules) for i, name in enumerate(spec.agents)]
    catalogue = _catalogue(spec.game, spec.catalogue)
    measures = rules.measures
    counts = [0] * len(measures)
    asked: dict[type, list[tuple[int, Callable[[Any, Any, Any], int]]]] = {}
    """The measures each kind of move is counted by (most kinds: none)."""

    def count(before: Any, move: Any, after: Any) -> None:
        kind = type(move)
        counters = asked.get(kind)
        if counters is None:
            counters = asked[kind] = [
                (index, m.count)
                for index, m in enumerate(measures)
                if not m.moves or issubclass(kind, m.moves)
            ]
        for index, counter in counters:
            counts[index] += counter(before, move, after)

    game = play_game(
        names,
        agents,
        spec.seed,
        spec.variant,
        catalogue,
        spec.interpretations,
        game=rules,
        on_move=count if measures else None,
    )
    report = rules.final_scores(game.state)
    return GameSummary(
        seed=spec.seed,
        winners=tuple(i for i, sheet in enumerate(report.sheets) if sheet.rank == 1),
        stages=tuple(tuple(sheet.stage_totals) for sheet in report.sheets),
        moves=len(game.record.moves),
        counts=tuple((m.key, n) for m, n in zip(measures, counts, strict=True)),
        record=game.record if spec.keep_record else None,
    )


def _play_chunk(specs: tuple[GameSpec, ...]) -> tuple[GameSummary, ...]:
    return tuple(play_summary(spec) for spec in specs)


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def worker_count(jobs: int | None, games: int | None) -> int:
    """The worker processes that play ``games`` games (``None``: not known ahead): ``jobs``
    (default: all cores), never more than the games, at least one."""
    workers = jobs or default_jobs()
    return workers if games is None else max(1, min(workers, games))


@checked_arguments
def run_games(
    specs: Iterable[GameSpec],
    executor: Executor | None = None,
    jobs: int | None = None,
    progress: Progress | None = None,
    chunk: int | None = None,
) -> tuple[GameSummary, ...]:
    """Play every game of ``specs``; summaries in the order of ``specs``.

    With ``executor`` the games run there (a process pool, a Dask client's
    ``get_executor()``...); otherwise on ``jobs`` worker processes (default: all
    cores), or in this process when ``jobs`` is 1; never more workers than games.
    ``chunk`` games travel together. ``specs`` is read as the games are handed out
    (a generator is never held whole), a few chunks ahead of the workers.
    """
    count = len(specs) if isinstance(specs, Sized) else None
    workers = worker_count(jobs, count)
    if executor is None and workers <= 1:
        out = []
        for spec in specs:
            out.append(play_summary(spec))
            if progress is not None:
                progress(1)
        return tuple(out)
    size = chunk or max(1, min(8, (count or 0) // (4 * workers)))
    chunks = _chunks(iter(specs), size)
    if executor is None:
        pool = ProcessPoolExecutor(workers, initializer=_worker_started)
        try:
            found = _collect(pool, chunks, progress, 2 * workers)
        except BaseException:  # an interruption (Ctrl-C), a game's error: no game goes on
            _stop(pool)
            raise
        pool.shutdown()
        return found
    return _collect(executor, chunks, progress, 2 * workers)


def _worker_started() -> None:
    """A worker process leaves an interruption (Ctrl-C, which a terminal sends to every
    process of the command) to the process that started it, which stops every worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop ``pool`` now: the games waiting are cancelled and the workers playing one are
    ended, instead of being waited for (a search of hours would hold the command)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join()


def _chunks(specs: Iterator[GameSpec], size: int) -> Iterator[tuple[GameSpec, ...]]:
    while part := tuple(itertools.islice(specs, size)):
        yield part


def _collect(
    executor: Executor,
    chunks: Iterator[tuple[GameSpec, ...]],
    progress: Progress | None,
    ahead: int,
) -> tuple[GameSummary, ...]:
    """Results in order; at most ``ahead`` chunks handed out and not yet collected."""
    results: dict[int, tuple[GameSummary, ...]] = {}
    waiting: dict[Future[tuple[GameSummary, ...]], int] = {}
    numbered = enumerate(chunks)
    for index, part in itertools.islice(numbered, ahead):
        waiting[executor.submit(_play_chunk, part)] = index
    while waiting:
        done, _pending = wait(waiting, return_when=FIRST_COMPLETED)
        for future in done:
            index = waiting.pop(future)
            results[index] = future.result()
            if progress is not None:
                progress(len(results[index]))
            for following, part in itertools.islice(numbered, 1):
                waiting[executor.submit(_play_chunk, part)] = following
    return tuple(summary for index in sorted(results) for summary in results[index])
