"""Whole games of Ankh'or through the checked ``apply``, every invariant checked after
every move, under every reading of Q-1 to Q-6 (the machine is
:class:`fertility_rules.ankhor.testing.AnkhorMachine`)."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

from fertility_rules.ankhor.testing import AnkhorMachine

TestAnkhorMachine = AnkhorMachine.TestCase
TestAnkhorMachine.settings = settings(
    max_examples=20,
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
