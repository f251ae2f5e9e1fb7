"""Reading pictures back: parse the SVG and find drawn things by class."""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET

from fertility_rules.agents.simulate import PlayedGame, make_agent, play_game
from fertility_rules.fertility.rules.engine import apply
from fertility_rules.fertility.state import GameState

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    """The picture's root element; fails the test if it is not well-formed SVG."""
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    assert root.get("viewBox")
    return root


def classes(element: ET.Element) -> set[str]:
    return set((element.get("class") or "").split())


def drawn(root: ET.Element, kind: str) -> list[ET.Element]:
    """Every element whose class list contains ``kind``."""
    return [element for element in root.iter() if kind in classes(element)]


def texts(root: ET.Element) -> list[str]:
    return [element.text for element in root.iter() if element.text]


@functools.cache
def played(seed: int, players: int = 4, variant: bool = False) -> PlayedGame:
    agents = [make_agent("greedy" if i % 2 else "random", seed * 10 + i) for i in range(players)]
    return play_game([f"P{i + 1}" for i in range(players)], agents, seed, variant)


def states(seed: int, players: int = 4, points: int = 4) -> list[GameState]:
    """Positions of a seeded game: the start, ``points - 2`` in between, and the end."""
    game = played(seed, players)
    moves = game.record.moves
    marks = {len(moves) * k // (points - 1) for k in range(points)}
    state = game.record.initial_state()
    out = [state] if 0 in marks else []
    for index, move in enumerate(moves, 1):
        state = apply(state, move)
        if index in marks:
            out.append(state)
    return out
