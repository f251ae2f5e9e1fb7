"""``python_fertility`` passes OpenSpiel's random simulation test, serializes, and
OpenSpiel's own ISMCTS bot plays it to the end (``rl`` extra)."""

from __future__ import annotations

import pickle

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (open-spiel) is not installed")
np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

import fertility_rules.openspiel  # noqa: E402, F401 - registers python_fertility
from fertility_rules.encoding import action_count, observation_size  # noqa: E402


@pytest.mark.parametrize(
    "name",
    [
        "python_fertility(players=2)",
        "python_fertility(players=2,variant=True)",
        "python_fertility(players=3,quarry_enclosure=orthogonal)",
        "python_fertility(players=4,district_offer=3)",
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


@pytest.mark.slow
def test_openspiels_ismcts_bot_plays_a_whole_game() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_fertility(players=2)")
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
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
    assert all(score >= 0 for score in state.returns())
    assert max(state.returns()) > 0
