"""``python_fertility`` and ``python_ankhor`` pass OpenSpiel's random simulation test,
serialize, and OpenSpiel's own ISMCTS bot plays them to the end (``rl`` extra)."""

from __future__ import annotations

import pickle
import sys
from typing import Any

import pytest

import fertility_rules.ankhor

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (open-spiel) is not installed")
np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

import fertility_rules.openspiel  # noqa: E402 - registers the games
from fertility_rules.encoding import action_count, observation_size  # noqa: E402
from fertility_rules.errors import MalformedInputError  # noqa: E402


@pytest.mark.parametrize(
    "name",
    [
        "python_fertility(players=2)",
        "python_fertility(players=2,variant=True)",
        "python_fertility(players=3,quarry_enclosure=orthogonal)",
        "python_fertility(players=4,district_offer=3)",
        "python_ankhor(players=2)",
        "python_ankhor(players=3,height=base_only)",
        "python_ankhor(players=4,higher_neighbours=supporters_only)",
    ],
)
def test_openspiels_random_simulation_test_passes(name: str) -> None:
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_game_describes_its_spaces() -> None:
    game = pyspiel.load_game("python_fertility(players=3)")
    assert game.num_distinct_actions() == action_count(3)
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(7)
    assert len(state.observation_tensor(0)) == observation_size(3) + 3
    assert len(state.information_state_tensor(1)) == observation_size(3) + 3
    assert state.current_player() == 0


def test_a_hidden_draw_is_a_chance_node_over_the_unseen_items() -> None:
    game = pyspiel.load_game("python_fertility(players=2)")
    state = game.new_initial_state()
    state.apply_action(3)
    rng = np.random.RandomState(0)
    draws = 0
    while not state.is_terminal() and draws < 3:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            probabilities = [p for _o, p in outcomes]
            assert abs(sum(probabilities) - 1) < 1e-9
            assert len(set(probabilities)) == 1
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            draws += 1
        else:
            actions = state.legal_actions()
            state.apply_action(actions[rng.randint(len(actions))])
    assert draws == 3


def test_a_state_serializes_and_pickles() -> None:
    game = pyspiel.load_game("python_fertility(players=2)")
    state = game.new_initial_state()
    state.apply_action(9)
    for _ in range(15):
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[-1])
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state)
    assert again.history() == state.history()
    assert pickle.loads(pickle.dumps(state)).history() == state.history()


def test_a_whole_game_pickles_and_the_copy_goes_on_alike() -> None:
    # Hundreds of actions: a history kept as nested entries must still pickle flat.
    game = pyspiel.load_game("python_ankhor(players=3)")
    state = game.new_initial_state()
    rng = np.random.RandomState(5)
    while state.move_number() < 400:
        actions = [o for o, _p in state.chance_outcomes()] if state.is_chance_node() else None
        actions = actions or state.legal_actions()
        state.apply_action(actions[rng.randint(len(actions))])
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(300)  # fewer levels than entries: a nested history would fail
    try:
        copy = pickle.loads(pickle.dumps(state))
    finally:
        sys.setrecursionlimit(limit)
    assert copy.public_history() == state.public_history()
    assert len(state.public_history().split("; ")) == 400
    assert copy.observation_tensor() == state.observation_tensor()
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.chance_outcomes()[0][0]
        else:
            action = state.legal_actions()[-1]
        state.apply_action(action)
        copy.apply_action(action)
        assert str(copy) == str(state)
    assert copy.returns() == state.returns()


def test_ankhor_describes_its_spaces_and_draws_each_unseen_tile_once() -> None:
    game = pyspiel.load_game("python_ankhor(players=4)")
    assert game.num_distinct_actions() == action_count(4, game="ankhor")
    assert game.get_type().long_name == "Ankh'or"
    state = game.new_initial_state()
    state.apply_action(11)
    assert len(state.observation_tensor(0)) == observation_size(4, game="ankhor") + 4
    assert len(state.information_state_tensor(2)) == observation_size(4, game="ankhor") + 4
    rng = np.random.RandomState(1)
    draws = 0
    while not state.is_terminal() and draws < 12:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            # Both draw piles hold the unseen tiles: each is a chance outcome once.
            view = fertility_rules.ankhor.observe(state.table)
            assert len(outcomes) == len(view.unseen)
            assert abs(sum(p for _o, p in outcomes) - 1) < 1e-9
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            draws += 1
        else:
            actions = state.legal_actions()
            state.apply_action(actions[rng.randint(len(actions))])
    assert draws == 12
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state)
    assert pickle.loads(pickle.dumps(state)).history() == state.history()


class _Even:
    """An OpenSpiel evaluator valuing every state alike, with uniform priors."""

    def evaluate(self, state: object) -> object:
        return np.zeros(state.get_game().num_players())  # type: ignore[attr-defined]

    def prior(self, state: object) -> list[tuple[int, float]]:
        if state.is_chance_node():  # type: ignore[attr-defined]
            return list(state.chance_outcomes())  # type: ignore[attr-defined]
        legal = state.legal_actions()  # type: ignore[attr-defined]
        return [(action, 1 / len(legal)) for action in legal]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "rollouts"), [("python_fertility(players=2)", 1), ("python_ankhor(players=2)", 0)]
)
def test_openspiels_ismcts_bot_plays_a_whole_game(name: str, rollouts: int) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(name)
    rng = np.random.RandomState(3)
    # A random playout of Ankh'or to its end costs more than this test should: there the
    # bot's evaluator values every leaf alike, and the bot still searches and plays.
    evaluator = (
        mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=rng) if rollouts else _Even()
    )
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=2, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            action = int(bot.step(state))
            assert action in state.legal_actions()
            state.apply_action(action)
    returns = state.returns()
    assert all(-1 <= value <= 1 for value in returns)
    assert sum(returns) == 0  # two players: a zero-sum outcome


@pytest.mark.parametrize("name", ["python_fertility(players=3)", "python_ankhor(players=2)"])
def test_an_illegal_action_or_outcome_is_a_library_error_and_changes_nothing(name: str) -> None:
    from fertility_rules import MalformedInputError

    state = pyspiel.load_game(name).new_initial_state()
    for outcome in (10**6, 2**16):  # pyspiel itself refuses -1
        with pytest.raises(MalformedInputError):
            state.apply_action(outcome)
    state.apply_action(3)
    legal = set(state.legal_actions())
    illegal = next(a for a in range(state.get_game().num_distinct_actions()) if a not in legal)
    before = str(state)
    with pytest.raises(MalformedInputError):
        state.apply_action(illegal)
    assert str(state) == before
    assert set(state.legal_actions()) == legal
    rng = np.random.RandomState(1)
    for _step in range(500):
        if state.is_chance_node():
            break
        actions = state.legal_actions()
        state.apply_action(actions[rng.randint(len(actions))])
    assert state.is_chance_node()
    outcomes = {outcome for outcome, _p in state.chance_outcomes()}
    with pytest.raises(MalformedInputError):
        state.apply_action(max(outcomes) + 10**6)
    state.apply_action(min(outcomes))


@pytest.mark.parametrize("junk", [None, 3, object()])
def test_a_state_made_without_its_game_is_a_library_error(junk: object) -> None:
    # OpenSpiel's C++ side crashed the interpreter (a segmentation fault) on it.
    for _game, state_class in fertility_rules.openspiel.REGISTERED.values():
        with pytest.raises(fertility_rules.MalformedInputError, match="SpielGame"):
            state_class(junk)  # type: ignore[arg-type]


def _random_states(name: str, seed: int, limit: int = 10_000) -> list[Any]:
    """The states of a random game of ``name``, chance nodes included (clones)."""
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    states: list[Any] = []
    while not state.is_terminal() and len(states) < limit:
        states.append(state.clone())
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        else:
            actions = state.legal_actions()
            state.apply_action(actions[rng.randint(len(actions))])
    states.append(state)
    return states


@pytest.mark.parametrize(
    ("name", "players", "utility"),
    [
        ("python_fertility(players=2)", 2, "ZERO_SUM"),
        ("python_fertility(players=3)", 3, "CONSTANT_SUM"),
        ("python_ankhor(players=4)", 4, "CONSTANT_SUM"),
        ("python_ankhor(players=2)", 2, "ZERO_SUM"),
    ],
)
def test_the_returns_are_the_outcome_within_minus_one_and_one(
    name: str, players: int, utility: str
) -> None:
    game = pyspiel.load_game(name)
    assert game.get_type().utility == getattr(pyspiel.GameType.Utility, utility)
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.utility_sum() == 2 - players  # one win (+1) and players - 1 losses (-1)
    final = _random_states(name, 3)[-1]
    returns = final.returns()
    assert sum(returns) == 2 - players
    ranks = [sheet.rank for sheet in final._game.rules.final_scores(final.table).sheets]
    winners = ranks.count(1)
    # Winners tied share one win and their losses: (1 - (winners - 1)) / winners each.
    assert returns == [(2 - winners) / winners if r == 1 else -1.0 for r in ranks]


def test_the_final_scores_are_the_returns_on_request() -> None:
    game = pyspiel.load_game("python_ankhor(players=3,reward=score)")
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert game.min_utility() == 0.0
    final = _random_states("python_ankhor(players=3,reward=score)", 5)[-1]
    sheets = final._game.rules.final_scores(final.table).sheets
    assert final.returns() == [float(sheet.total) for sheet in sheets]
    with pytest.raises(MalformedInputError):
        pyspiel.load_game("python_ankhor(players=3,reward=points)")


def test_openspiels_mcts_bot_plays_with_its_default_constant() -> None:
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("python_ankhor(players=2)")
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=rng, solve=False)
    state = game.new_initial_state()
    for _step in range(30):
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)


@pytest.mark.parametrize("name", ["python_fertility(players=3)", "python_ankhor(players=2)"])
def test_the_states_answer_what_openspiels_own_path_gives(name: str) -> None:
    checked = 0
    for index, state in enumerate(_random_states(name, 2)):
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        if state.is_terminal() or index % 3:
            continue
        for player in range(state.num_players()):
            tensor = state.observation_tensor(player)
            assert tensor == pyspiel.State.observation_tensor(state, player)
            assert state.information_state_tensor(player) == tensor
            assert tensor == pyspiel.State.information_state_tensor(state, player)
        checked += 1
    assert checked > 30
    with pytest.raises(MalformedInputError):
        state.observation_tensor(7)


@pytest.mark.parametrize("name", ["python_fertility(players=2)", "python_ankhor(players=3)"])
def test_every_masked_action_is_refused_and_changes_nothing(name: str) -> None:
    states = [s for s in _random_states(name, 6) if not s.is_chance_node()][1:-1:25]
    assert len(states) >= 4
    for state in states:
        legal = set(state.legal_actions())
        before = (str(state), state.history())
        for action in range(state.get_game().num_distinct_actions()):
            if action in legal:
                continue
            with pytest.raises(MalformedInputError, match="not a move of this position"):
                state.apply_action(action)
        assert (str(state), state.history()) == before
        assert set(state.legal_actions()) == legal


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
def test_a_games_with_piles_is_with_hidden_of_the_states_view(game: str) -> None:
    """The adapter plays draws on ``with_piles(state, piles)``: it must be the very state
    ``with_hidden`` makes of the view, checked, for piles drawn among the unseen items
    (shuffled, so that an implementation that ignored them would differ)."""
    from fertility_rules.encoding.environment import learning_game, learning_parts

    learning = learning_game(game)
    assert learning_parts(game).with_piles is not None  # the game's own, not the fallback
    rng = np.random.RandomState(5)
    for seed in range(6):
        state = learning.new_state(2 + seed % 3, seed, False, learning.rules.new_interpretations())
        for _ in range(40 + 13 * seed):
            if learning.is_over(state):
                break
            moves = learning.legal_moves(state)
            state = learning.apply(state, moves[rng.randint(len(moves))])
        view = learning.observe(state)
        piles: list[list[str]] = []
        used: set[str] = set()
        for items, size in learning.hidden_piles(view):
            left = [item for item in items if item not in used]
            chosen = [left[i] for i in rng.permutation(len(left))[:size]]
            used.update(chosen)
            piles.append(chosen)
        made = learning.with_piles(state, tuple(piles))
        assert made == learning.with_hidden(view, tuple(piles))
        assert made != state or all(not pile for pile in piles)


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
def test_a_games_state_piles_are_the_hidden_piles_of_the_states_view(game: str) -> None:
    """The adapter lists the items to draw from the state it holds (``state_piles``): the
    very items, order and sizes that ``hidden_piles`` gives for the state's view, for
    states the rules made (the real piles of a setup, not the adapter's stand-ins)."""
    from fertility_rules.encoding.environment import learning_game, learning_parts

    learning = learning_game(game)
    assert learning_parts(game).state_piles is not None  # the game's own, not the fallback
    rng = np.random.RandomState(9)
    checked = 0
    for seed in range(8):
        state = learning.new_state(2 + seed % 3, seed, False, learning.rules.new_interpretations())
        while not learning.is_over(state):
            if rng.randint(6) == 0:
                found = learning.state_piles(state)
                expected = learning.hidden_piles(learning.observe(state))
                assert [(list(items), size) for items, size in found] == [
                    (list(items), size) for items, size in expected
                ]
                checked += 1
            moves = learning.legal_moves(state)
            state = learning.apply(state, moves[rng.randint(len(moves))])
    assert checked > 100
